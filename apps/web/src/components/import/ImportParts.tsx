import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { IconButton } from '../IconButton';
import { Modal } from '../Modal';
import { Spinner } from '../Spinner';
import { IMPORT_POLL_MS } from './importApi';
import { ImportProgress } from './ImportProgress';
import styles from './Import.module.css';

/** A job's view as the server answers it (ADR 012): a list's import or a bank statement's. */
interface JobView {
  state: 'running' | 'done' | 'failed';
  processed: number;
  total: number;
}

/** A running import's job, polled until it ends; `initial` is the 202 that started it. */
export function useImportJob<J extends JobView>(
  key: readonly unknown[],
  jobId: string | null,
  read: (jobId: string) => Promise<J>,
  initial?: J,
) {
  const job = useQuery({
    queryKey: [...key, jobId],
    queryFn: () => read(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_MS : false),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
  const state = jobId === null ? null : job.data?.state;
  return { job, state, running: state === 'running' && !job.isError };
}

/** The file of an import: a new `inputKey` empties it, so the same file can be chosen again. */
export function ImportFile({
  id,
  label,
  inputKey,
  accept,
  busy,
  onFile,
}: {
  id: string;
  label: string;
  inputKey: number;
  accept: string;
  busy: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <div>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <input
        key={inputKey}
        id={id}
        className={styles.file}
        type="file"
        accept={accept}
        disabled={busy}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
    </div>
  );
}

/** While an import works: its job's progress bar, else a spinner; then what went wrong, if anything. */
export function ImportStatus({
  job,
  busy,
  problem,
}: {
  /** the running job's view, while it runs */
  job: JobView | null;
  busy: boolean;
  problem: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {job ? (
        <ImportProgress processed={job.processed} total={job.total} />
      ) : (
        busy && (
          <p className={styles.waiting} role="status">
            <Spinner />
            <span>{t('messages.processing')}</span>
          </p>
        )
      )}
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/** What an import did, and Import another file. */
export function ImportDone({ text, onAgain }: { text: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.result}>
      <p role="status">{text}</p>
      <button type="button" className={controls.secondaryButton} onClick={onAgain}>
        {t('import.again')}
      </button>
    </div>
  );
}

/**
 * A toolbar's import button and its dialog (ADR 012); each opening starts the flow afresh.
 */
export function ImportDialogFrame({
  label,
  icon,
  title,
  children,
}: {
  label: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label={label} icon={icon} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        {children}
      </Modal>
    </>
  );
}
