import { useTranslation } from 'react-i18next';
import styles from './Import.module.css';

/** A running import job: rows written of all rows, or "reading" while the file is read. */
export function ImportProgress({ processed, total }: { processed: number; total: number }) {
  const { t } = useTranslation();
  const reading = total === 0;
  return (
    <div className={styles.progress} role="status">
      <progress
        className={styles.bar}
        aria-label={t('import.progress')}
        max={reading ? undefined : total}
        value={reading ? undefined : processed}
      />
      <span>
        {reading ? t('import.reading') : t('import.progressText', { processed, count: total })}
      </span>
    </div>
  );
}
