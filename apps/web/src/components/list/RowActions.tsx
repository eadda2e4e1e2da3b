import { Copy, ExternalLink, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton, IconDownload, IconLink } from '../IconButton';
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
  /** The screen's own actions of this row (those available for it). */
  more?: readonly ({
    key: string;
    label: string;
    icon: LucideIcon;
    variant?: 'danger';
  } & ({ onClick: () => void } | { download: string }))[];
}

/** Icon actions (docs/screens.md, List screens) of a row: open, copy, edit, a screen's own, delete. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleting = false,
  openHref,
  copyValue,
  onCopy,
  more = [],
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
      {more.map((action) =>
        'download' in action ? (
          <IconDownload
            key={action.key}
            href={action.download}
            label={action.label}
            icon={action.icon}
            variant={action.variant}
          />
        ) : (
          <IconButton
            key={action.key}
            label={action.label}
            icon={action.icon}
            variant={action.variant}
            onClick={action.onClick}
          />
        ),
      )}
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
