import { Copy, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import controls from '../controls.module.css';
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

/** SPEC §2 icon actions of a row: delete, edit, card/open, copy. */
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
  const editLabel = t('list.edit', { name });
  const deleteLabel = t('list.delete', { name });
  const openLabel = t('list.open', { name });
  const copyLabel = t('list.copy', { name });
  return (
    <span className={styles.actions}>
      {openHref !== undefined && (
        <Link
          className={controls.iconButton}
          to={openHref}
          aria-label={openLabel}
          title={openLabel}
        >
          <ExternalLink size={16} aria-hidden="true" />
        </Link>
      )}
      {onCopy && copyValue && (
        <button
          type="button"
          className={controls.iconButton}
          aria-label={copyLabel}
          title={copyLabel}
          onClick={() => onCopy(copyValue)}
        >
          <Copy size={16} aria-hidden="true" />
        </button>
      )}
      {onEdit && (
        <button
          type="button"
          className={controls.iconButton}
          aria-label={editLabel}
          title={editLabel}
          onClick={onEdit}
        >
          <Pencil size={16} aria-hidden="true" />
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          className={controls.dangerButton}
          aria-label={deleteLabel}
          title={deleteLabel}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
