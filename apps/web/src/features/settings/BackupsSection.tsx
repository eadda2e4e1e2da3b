import type { BackupJob } from '@school/contract/backups';
import { api } from '@school/contract/paths';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { LoadingState } from '../../components/LoadingState';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { useBackupJob, useBackups, useStartBackup } from './backupsApi';
import styles from './SettingsScreen.module.css';
import card from '../../components/cardSection.module.css';
import { CardError, CardRetry, CardSection, CardTable } from '../../components/CardSection';

/** A size in the UI language: 812 kB, 1.4 MB. */
function formatSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * An admin's backups of the database (ADR 028): the finished files with their size and time,
 * each downloadable, and "Back up now", whose progress is followed until the file is written.
 */
export function BackupsSection({ timeZone }: { timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const list = useBackups();
  const start = useStartBackup();
  const [started, setStarted] = useState<BackupJob | null>(null);
  const job = useBackupJob(started).data;
  const running = start.isPending || job?.state === 'running';
  const size = (bytes: number) => formatSize(bytes, i18n.language);

  const startError =
    start.error instanceof HttpError && start.error.status === 409
      ? t('settings.backups.busy')
      : start.error
        ? t('settings.backups.startFailed')
        : null;

  return (
    <CardSection
      headingId="backups-heading"
      title={t('settings.backups.title')}
      intro={t('settings.backups.intro')}
    >
      <div className={styles.backupBar}>
        <button
          type="button"
          className={controls.button}
          disabled={running}
          aria-busy={running}
          onClick={() => start.mutate(undefined, { onSuccess: (made) => setStarted(made) })}
        >
          {running && <Spinner size={16} />}
          {running ? t('settings.backups.running') : t('settings.backups.start')}
        </button>
        {job?.state === 'running' && (
          <div className={styles.backupProgress} role="status">
            <progress
              value={job.tablesDone}
              max={Math.max(job.tablesTotal, 1)}
              aria-label={t('settings.backups.progress')}
            />
            <span>
              {t('settings.backups.tables', { done: job.tablesDone, total: job.tablesTotal })}
              {' · '}
              {size(job.bytes)}
            </span>
          </div>
        )}
        {job?.state === 'done' && job.backup && (
          <p className={styles.backupDone} role="status">
            {t('settings.backups.done', { name: job.backup.name })}
          </p>
        )}
      </div>
      {startError && <CardError>{startError}</CardError>}
      {job?.state === 'failed' && (
        <CardError>{t('settings.backups.failed', { reason: job.error ?? '' })}</CardError>
      )}

      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <CardRetry onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={card.empty}>{t('settings.backups.none')}</p>
      ) : (
        <CardTable
          headers={[
            t('settings.backups.createdAt'),
            t('settings.backups.size'),
            t('settings.backups.file'),
          ]}
        >
          {list.data.map((backup) => (
            <tr key={backup.name}>
              <td className={card.time}>
                <time dateTime={backup.createdAt}>
                  {formatDateTime(backup.createdAt, i18n.language, timeZone)}
                </time>
              </td>
              <td className={card.time}>{size(backup.size)}</td>
              <td className={styles.fileName}>{backup.name}</td>
              <td className={card.actions}>
                <a
                  className={styles.downloadLink}
                  href={api.backup(backup.name)}
                  download={backup.name}
                  aria-label={t('settings.backups.downloadOne', {
                    time: formatDateTime(backup.createdAt, i18n.language, timeZone),
                  })}
                >
                  <Download size={16} aria-hidden="true" />
                  <span>{t('settings.backups.download')}</span>
                </a>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </CardSection>
  );
}
