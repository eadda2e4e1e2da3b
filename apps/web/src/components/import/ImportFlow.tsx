import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvPaths } from '@school/contract/paths';
import controls from '../controls.module.css';
import { invalidateResource } from '../list/useInfiniteList';
import { Spinner } from '../Spinner';
import { HttpError } from '../../lib/http';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CHARS,
  IMPORT_MAX_MB,
  IMPORT_POLL_MS,
  importJobStatus,
  previewImport,
  runImport,
} from './importApi';
import { importFailureText, jobFailureText, jobPollFailureText } from './importFailure';
import { ImportPreviewView } from './ImportPreviewView';
import { ImportProgress } from './ImportProgress';
import styles from './Import.module.css';

/**
 * Import in two steps: the chosen file is checked by the server (nothing written) and its
 * preview shown; only Import writes, all rows or, when the user agrees, the valid ones. A large
 * file is imported as a job: its progress is polled and shown as a bar (ADR 012).
 */
export function ImportFlow({
  paths,
  listPath,
  intro,
}: {
  paths: CsvPaths;
  listPath: string;
  intro: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [skip, setSkip] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A new key empties the file input, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const preview = useMutation({ mutationFn: (text: string) => previewImport(paths, text) });
  const run = useMutation({
    mutationFn: (skipErrors: boolean) => runImport(paths, csv ?? '', skipErrors, fileName),
    onSuccess: (answer) => {
      if (!('jobId' in answer)) void invalidateResource(queryClient, listPath);
    },
  });
  const jobId = run.data && 'jobId' in run.data ? run.data.jobId : null;
  const job = useQuery({
    queryKey: ['import-job', paths.import, jobId],
    queryFn: () => importJobStatus(paths, jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_MS : false),
    initialData: run.data && 'jobId' in run.data ? run.data : undefined,
    initialDataUpdatedAt: 0,
  });
  const jobState = jobId === null ? null : job.data?.state;
  const running = jobState === 'running' && !job.isError;
  const result =
    run.data && !('jobId' in run.data) ? run.data : jobState === 'done' ? job.data?.result : null;
  const busy = preview.isPending || run.isPending || running;

  useEffect(() => {
    if (jobState === 'done') void invalidateResource(queryClient, listPath);
  }, [jobState, queryClient, listPath]);
  const jobProblem =
    jobState === 'failed'
      ? jobFailureText(job.data?.error, t)
      : job.isError
        ? jobPollFailureText(job.error, t)
        : null;

  const fail = (error: unknown) => {
    if (!(error instanceof HttpError && error.status < 500)) console.error(error);
    setProblem(importFailureText(error, t));
  };

  const start = () => {
    preview.reset();
    run.reset();
    setProblem(null);
    setSkip(false);
    setCsv(null);
    setFileName('');
  };

  const onFile = async (file: File | undefined) => {
    start();
    if (!file) return;
    const tooLarge = () => setProblem(t('import.tooLarge', { max: IMPORT_MAX_MB }));
    if (file.size > IMPORT_MAX_BYTES) return tooLarge();
    const text = await file.text();
    if (text.length > IMPORT_MAX_CHARS) return tooLarge();
    setCsv(text);
    setFileName(file.name);
    preview.mutate(text, { onError: fail });
  };

  const again = () => {
    start();
    setInputKey((key) => key + 1);
  };

  return (
    <div className={styles.flow}>
      <p className={styles.intro}>{intro}</p>
      <div>
        <label className={controls.label} htmlFor={inputId}>
          {t('import.file')}
        </label>
        <input
          key={inputKey}
          id={inputId}
          className={styles.file}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      {running && job.data ? (
        <ImportProgress processed={job.data.processed} total={job.data.total} />
      ) : (
        busy && (
          <p className={styles.waiting} role="status">
            <Spinner />
            <span>{t('messages.processing')}</span>
          </p>
        )
      )}
      {(problem ?? jobProblem) !== null && (
        <p className={styles.problem} role="alert">
          {problem ?? jobProblem}
        </p>
      )}
      {result ? (
        <div className={styles.result}>
          <p role="status">{t('import.result', result)}</p>
          <button type="button" className={controls.secondaryButton} onClick={again}>
            {t('import.again')}
          </button>
        </div>
      ) : (
        preview.data &&
        !running && (
          <ImportPreviewView
            preview={preview.data}
            skip={skip}
            onSkipChange={setSkip}
            busy={busy}
            onImport={() => {
              setProblem(null);
              run.mutate(skip, { onError: fail });
            }}
          />
        )
      )}
    </div>
  );
}
