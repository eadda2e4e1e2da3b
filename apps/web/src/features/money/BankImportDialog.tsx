import type { BankMapping } from '@school/contract/bank-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import {
  importFailureText,
  jobFailureText,
  jobPollFailureText,
} from '../../components/import/importFailure';
import {
  ImportDialogFrame,
  ImportDone,
  ImportFile,
  ImportStatus,
  useImportJob,
} from '../../components/import/ImportParts';
import styles from '../../components/import/Import.module.css';
import { importStatement, previewStatement, statementJob } from './bankApi';
import { BankPreviewView, MappingForm } from './BankPreview';
import { refreshMoney } from './moneyApi';

/**
 * Import bank statement (docs/money.md, Bank statements): the file, its preview with the
 * mapping of its columns when they are not known (or to change them), then Import; a large file
 * as a job with its progress (the import kit's, ADR 012).
 */
function BankImportFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<BankMapping | null>(null);
  const [skip, setSkip] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const preview = useMutation({
    mutationFn: ({ chosen, map }: { chosen: File; map: BankMapping | null }) =>
      previewStatement(chosen, map),
  });
  const run = useMutation({
    mutationFn: () => importStatement(file as File, mapping, skip),
    onSuccess: (answer) => {
      if (!('jobId' in answer)) refreshMoney(queryClient);
    },
  });
  const jobId = run.data && 'jobId' in run.data ? run.data.jobId : null;
  const { job, state: jobState, running } = useImportJob(['bank-import-job'], jobId, statementJob);
  const result =
    run.data && !('jobId' in run.data) ? run.data : jobState === 'done' ? job.data?.result : null;
  const busy = preview.isPending || run.isPending || running;
  useEffect(() => {
    if (jobState === 'done') refreshMoney(queryClient);
  }, [jobState, queryClient]);
  const problem =
    (preview.error && importFailureText(preview.error, t)) ??
    (run.error && importFailureText(run.error, t)) ??
    (jobState === 'failed'
      ? jobFailureText(job.data?.error, t)
      : job.isError
        ? jobPollFailureText(job.error, t)
        : null);

  const choose = (chosen: File | undefined) => {
    preview.reset();
    run.reset();
    setSkip(false);
    setMapping(null);
    setFile(chosen ?? null);
    if (chosen) preview.mutate({ chosen, map: null });
  };
  const remap = (map: BankMapping) => {
    setMapping(map);
    if (file) preview.mutate({ chosen: file, map });
  };
  const shown = preview.data;
  const hasErrors = (shown?.errorCount ?? 0) > 0;

  return (
    <div className={styles.flow}>
      <p className={styles.intro}>{t('money.bank.intro')}</p>
      <ImportFile
        id={inputId}
        label={t('money.bank.file')}
        inputKey={inputKey}
        accept=".csv,.txt,text/csv"
        busy={busy}
        onFile={choose}
      />
      <ImportStatus job={running && job.data ? job.data : null} busy={busy} problem={problem} />
      {result ? (
        <ImportDone
          text={t('money.bank.result', result)}
          onAgain={() => {
            choose(undefined);
            setInputKey((k) => k + 1);
          }}
        />
      ) : (
        shown &&
        !running && (
          <>
            {shown.mapping && <BankPreviewView preview={shown} />}
            {shown.mapping ? (
              <details>
                <summary>{t('money.bank.changeMapping')}</summary>
                <MappingForm
                  key={JSON.stringify(shown.mapping)}
                  preview={shown}
                  busy={busy}
                  onApply={remap}
                />
              </details>
            ) : (
              <>
                <p className={styles.problem} role="alert">
                  {t('money.bank.needsMapping')}
                </p>
                <MappingForm preview={shown} busy={busy} onApply={remap} />
              </>
            )}
            {shown.mapping && (
              <>
                {hasErrors && (
                  <label className={styles.skip}>
                    <input
                      type="checkbox"
                      checked={skip}
                      disabled={busy}
                      onChange={(e) => setSkip(e.target.checked)}
                    />
                    {t('import.skipErrors')}
                  </label>
                )}
                <div>
                  <button
                    type="button"
                    className={controls.button}
                    disabled={busy || (hasErrors && !skip)}
                    onClick={() => run.mutate()}
                  >
                    {t('import.submit')}
                  </button>
                </div>
              </>
            )}
          </>
        )
      )}
    </div>
  );
}

/** The /payments toolbar's Import bank statement button and its dialog. */
export function BankImportDialog() {
  const { t } = useTranslation();
  return (
    <ImportDialogFrame label={t('money.bank.open')} icon={Landmark} title={t('money.bank.open')}>
      <BankImportFlow />
    </ImportDialogFrame>
  );
}
