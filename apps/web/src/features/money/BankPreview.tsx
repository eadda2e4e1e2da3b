import {
  BANK_MAPPING_FIELDS,
  BANK_NAMES,
  type BankImportPreview,
  type BankMapping,
} from '@school/contract/bank-import';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { StaticTable, type StaticColumn } from '../../components/list/StaticTable';
import styles from '../../components/import/Import.module.css';
import { rowErrorText } from '../../components/import/importProblems';
import { formatDate, formatMoney } from '../../lib/format';
import money from './Money.module.css';

type SampleRow = BankImportPreview['sample'][number];

/**
 * The columns of a statement by what they hold (docs/money.md, Bank statements): a select per
 * field over the file's columns, with its first rows; date, amount and title are required.
 */
export function MappingForm({
  preview,
  busy,
  onApply,
}: {
  preview: BankImportPreview;
  busy: boolean;
  onApply: (mapping: BankMapping) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...preview.mapping }));
  const ready = values.date && values.amount && values.title;
  const apply = () => {
    const chosen = Object.fromEntries(
      BANK_MAPPING_FIELDS.flatMap((f) => (values[f] ? [[f, values[f]]] : [])),
    );
    onApply(chosen as BankMapping);
  };
  return (
    <fieldset className={money.mapping}>
      <legend>{t('money.bank.mapping')}</legend>
      <p className={styles.note}>{t('money.bank.mappingIntro')}</p>
      <div className={money.mappingFields}>
        {BANK_MAPPING_FIELDS.map((field) => (
          <div key={field}>
            <label className={controls.label} htmlFor={`${id}-${field}`}>
              {t(`money.bank.fields.${field}`)}
            </label>
            <select
              id={`${id}-${field}`}
              className={controls.input}
              value={values[field] ?? ''}
              disabled={busy}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            >
              <option value="">{t('money.bank.none')}</option>
              {preview.columns.map((column, i) => (
                <option key={`${column}-${i}`} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {preview.rawSample.length > 0 && (
        <StaticTable
          caption={t('money.bank.firstRows')}
          columns={preview.columns.map((column, i) => ({
            key: `${i}`,
            header: column,
            value: (row: string[]) => row[i] ?? '',
          }))}
          rows={preview.rawSample}
          rowKey={(row) => row.join('|')}
        />
      )}
      <div>
        <button
          type="button"
          className={controls.secondaryButton}
          disabled={busy || !ready}
          onClick={apply}
        >
          {t('money.bank.applyMapping')}
        </button>
      </div>
    </fieldset>
  );
}

/** The preview's counts, its first transfers and its errors. */
export function BankPreviewView({ preview }: { preview: BankImportPreview }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<StaticColumn<SampleRow>[]>(
    () => [
      { key: 'date', header: t('fields.date'), value: (r) => formatDate(r.date, i18n.language) },
      {
        key: 'amount',
        header: t('fields.amount'),
        align: 'end',
        value: (r) => formatMoney(r.amount, i18n.language),
      },
      { key: 'title', header: t('money.bank.title'), value: (r) => r.title },
      {
        key: 'status',
        header: t('money.bank.status'),
        value: (r) =>
          r.status === 'matched'
            ? t('money.bank.paidBy', { name: r.student?.name ?? '' })
            : r.status === 'duplicate'
              ? t('money.bank.duplicate')
              : r.suggestion
                ? t('money.bank.suggested', { name: r.suggestion.name })
                : t('money.bank.toReview'),
      },
    ],
    [t, i18n.language],
  );
  return (
    <div className={styles.preview}>
      <p className={styles.note}>
        {preview.bank
          ? t('money.bank.recognised', { bank: BANK_NAMES[preview.bank] })
          : t('money.bank.byMapping')}
      </p>
      <ul className={styles.counts} aria-label={t('import.summary')}>
        <li>{t('money.bank.matched', { n: preview.matched })}</li>
        <li>{t('money.bank.unmatched', { n: preview.unmatched })}</li>
        <li>{t('money.bank.duplicates', { n: preview.duplicates })}</li>
        <li>{t('money.bank.outgoing', { n: preview.outgoing + preview.pending })}</li>
        <li className={preview.errorCount > 0 ? styles.bad : undefined}>
          {t('import.withErrors', { n: preview.errorCount })}
        </li>
      </ul>
      {preview.sample.length > 0 && (
        <StaticTable
          caption={t('money.bank.sample')}
          columns={columns}
          rows={preview.sample}
          rowKey={(row) => row.line}
        />
      )}
      {preview.errors.length > 0 && (
        <ul className={styles.errorList}>
          {preview.errors.map((error) => (
            <li key={error.line}>{rowErrorText(t, error)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
