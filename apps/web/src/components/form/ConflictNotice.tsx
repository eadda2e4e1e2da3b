import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import controls from '../controls.module.css';
import type { VersionConflict } from './conflict';
import type { FieldSpec } from './fields';
import styles from './Form.module.css';

interface ConflictNoticeProps {
  conflict: VersionConflict;
  fields: readonly FieldSpec[];
  /** Drop my edits and show the record as it now is. */
  onReload: () => void;
  /** Load the record as it now is and put my changed fields back on it, to save again. */
  onKeep: () => void;
  /** While the record is being loaded. */
  busy: boolean;
}

/**
 * The notice of a save refused because someone changed the record since it was opened
 * (docs/interface.md, Conflicts; ADR 038): what changed, by whom and when, and the two ways on.
 */
export function ConflictNotice({ conflict, fields, onReload, onKeep, busy }: ConflictNoticeProps) {
  const { t, i18n } = useTranslation();
  const labelOf = (name: string) => {
    const field = fields.find((f) => f.name === name);
    return field ? t(field.label) : name;
  };
  const changed = conflict.changed.map(labelOf).join(', ');
  const at = conflict.at ? formatDateTime(conflict.at, i18n.language) : '';
  return (
    <div className={styles.conflict} role="alert">
      <p className={styles.conflictTitle}>{t('form.conflictTitle')}</p>
      {changed !== '' && <p>{t('form.conflictChanged', { fields: changed })}</p>}
      <p>
        {conflict.by ? t('form.conflictBy', { name: conflict.by, at }) : t('form.conflictByOther')}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={controls.secondaryButton}
          onClick={onReload}
          disabled={busy}
        >
          {t('form.conflictReload')}
        </button>
        <button type="button" className={controls.button} onClick={onKeep} disabled={busy}>
          {t('form.conflictKeep')}
        </button>
      </div>
    </div>
  );
}
