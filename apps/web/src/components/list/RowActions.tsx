import { Copy, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton, IconLink } from '../IconButton';
import styles from './RowActions.module.css';
import type { CopyValue } from './types';

interface RowActionsProps {
  /** The row's name in the labels: "Edit anna", so each button is told apart. */
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  deleting?: boolean;
  openHref?: string | undefined;
  copyValue?: CopyValue | null | undefined;
  onCopy?: ((value: CopyValue) => void) | undefined;
}

/** Icon actions (docs/screens.md, List screens) of a row: delete, edit, card/open, copy. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleting = false,
  openHref,
  copyValue,
  onCopy,
}: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <span className={styles.actions}>
      {openHref !== undefined && (
        <IconLink to={openHref} label={t('list.open', { name })} icon={ExternalLink} />
      )}
      {onCopy && copyValue && (
        <IconButton
          label={t('list.copy', { name })}
          icon={Copy}
          onClick={() => onCopy(copyValue)}
        />
      )}
      {onEdit && <IconButton label={t('list.edit', { name })} icon={Pencil} onClick={onEdit} />}
      {onDelete && (
        <IconButton
          label={t('list.delete', { name })}
          icon={Trash2}
          variant="danger"
          disabled={deleting}
          onClick={onDelete}
        />
      )}
    </span>
  );
}
