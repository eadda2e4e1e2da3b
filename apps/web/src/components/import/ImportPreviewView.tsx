import type { ImportPreview } from '@school/contract/imports';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { StaticTable, type StaticColumn } from '../list/StaticTable';
import { columnLabel, rowErrorText } from './importProblems';
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
      { key: 'line', header: t('import.line'), value: (r) => r.line, align: 'end' },
      {
        key: 'action',
        header: t('import.action'),
        value: (r) => t(r.action === 'create' ? 'import.create' : 'import.update'),
      },
      ...preview.columns.map((column): StaticColumn<SampleRow> => ({
        key: column,
        header: columnLabel(t, column),
        value: (r) => r.values[column] ?? '',
      })),
    ],
    [t, preview.columns],
  );

  return (
    <div className={styles.preview}>
      <ul className={styles.counts} aria-label={t('import.summary')}>
        <li>{t('import.toCreate', { n: preview.create })}</li>
        <li>{t('import.toUpdate', { n: preview.update })}</li>
        <li className={hasErrors ? styles.bad : undefined}>
          {t('import.withErrors', { n: preview.errors.length })}
        </li>
      </ul>
      {preview.sample.length > 0 ? (
        <>
          <StaticTable
            caption={t('import.sample')}
            columns={columns}
            rows={preview.sample}
            rowKey={(row) => row.line}
          />
          {planned > preview.sample.length && (
            <p className={styles.note}>
              {t('import.sampleNote', { count: preview.sample.length })}
            </p>
          )}
        </>
      ) : (
        <p className={styles.note}>{t('import.nothing')}</p>
      )}
      {hasErrors && (
        <section className={styles.errors} aria-labelledby={errorsId}>
          <h3 id={errorsId} className={styles.errorsTitle}>
            {t('import.errors')}
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
            <label htmlFor={skipId}>{t('import.skipErrors')}</label>
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
          {t('import.submit')}
        </button>
      </div>
    </div>
  );
}
