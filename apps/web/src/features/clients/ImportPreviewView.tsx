import type { ImportPreview } from '@school/contract/clients';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { StaticTable, type StaticColumn } from '../../components/list/StaticTable';
import { rowErrorText } from './importProblems';
import styles from './Import.module.css';

type SampleRow = ImportPreview['sample'][number];

interface ImportPreviewViewProps {
  preview: ImportPreview;
  skip: boolean;
  onSkipChange: (skip: boolean) => void;
  busy: boolean;
  onImport: () => void;
}

/** What the file would do: counts, the first rows, every row with an error, then Import. */
export function ImportPreviewView({
  preview,
  skip,
  onSkipChange,
  busy,
  onImport,
}: ImportPreviewViewProps) {
  const { t } = useTranslation();
  const skipId = useId();
  const errorsId = useId();
  const hasErrors = preview.errors.length > 0;
  const planned = preview.create + preview.update;

  const columns = useMemo<StaticColumn<SampleRow>[]>(
    () => [
      { key: 'line', header: t('clients.import.line'), value: (r) => r.line, align: 'end' },
      {
        key: 'action',
        header: t('clients.import.action'),
        value: (r) => t(r.action === 'create' ? 'clients.import.create' : 'clients.import.update'),
      },
      { key: 'firstName', header: t('fields.firstName'), value: (r) => r.firstName },
      { key: 'lastName', header: t('fields.lastName'), value: (r) => r.lastName },
      { key: 'email', header: t('fields.email'), value: (r) => r.email },
      { key: 'tel', header: t('fields.tel'), value: (r) => r.tel },
    ],
    [t],
  );

  return (
    <div className={styles.preview}>
      <ul className={styles.counts} aria-label={t('clients.import.summary')}>
        <li>{t('clients.import.toCreate', { n: preview.create })}</li>
        <li>{t('clients.import.toUpdate', { n: preview.update })}</li>
        <li className={hasErrors ? styles.bad : undefined}>
          {t('clients.import.withErrors', { n: preview.errors.length })}
        </li>
      </ul>
      {preview.sample.length > 0 ? (
        <>
          <StaticTable
            caption={t('clients.import.sample')}
            columns={columns}
            rows={preview.sample}
            rowKey={(row) => row.line}
          />
          {planned > preview.sample.length && (
            <p className={styles.note}>
              {t('clients.import.sampleNote', { n: preview.sample.length })}
            </p>
          )}
        </>
      ) : (
        <p className={styles.note}>{t('clients.import.nothing')}</p>
      )}
      {hasErrors && (
        <section className={styles.errors} aria-labelledby={errorsId}>
          <h3 id={errorsId} className={styles.errorsTitle}>
            {t('clients.import.errors')}
          </h3>
          <ul className={styles.errorList}>
            {preview.errors.map((error) => (
              <li key={`${error.line}:${error.message}`}>{rowErrorText(t, error)}</li>
            ))}
          </ul>
          <div className={styles.skip}>
            <input
              id={skipId}
              type="checkbox"
              checked={skip}
              disabled={busy}
              onChange={(event) => onSkipChange(event.target.checked)}
            />
            <label htmlFor={skipId}>{t('clients.import.skipErrors')}</label>
          </div>
        </section>
      )}
      <div>
        <button
          type="button"
          className={controls.button}
          disabled={busy || (hasErrors && !skip)}
          onClick={onImport}
        >
          {t('clients.import.submit')}
        </button>
      </div>
    </div>
  );
}
