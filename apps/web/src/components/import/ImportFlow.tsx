import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvPaths } from '@school/contract/paths';
import { invalidateResource } from '../list/useInfiniteList';
import { HttpError } from '../../lib/http';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CHARS,
  IMPORT_MAX_MB,
  importJobStatus,
  previewImport,
  runImport,
} from './importApi';
import { importFailureText, jobFailureText, jobPollFailureText } from './importFailure';
import { ImportPreviewView } from './ImportPreviewView';
import { ImportDone, ImportFile, ImportStatus, useImportJob } from './ImportParts';
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
  const {
    job,
    state: jobState,
    running,
  } = useImportJob(
    ['import-job', paths.import],
    jobId,
    (id) => importJobStatus(paths, id),
    run.data && 'jobId' in run.data ? run.data : undefined,
  );
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
      <ImportFile
        id={inputId}
        label={t('import.file')}
        inputKey={inputKey}
        accept=".csv,text/csv"
        busy={busy}
        onFile={(file) => void onFile(file)}
      />
      <ImportStatus
        job={running && job.data ? job.data : null}
        busy={busy}
        problem={problem ?? jobProblem}
      />
      {result ? (
        <ImportDone text={t('import.result', result)} onAgain={again} />
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
