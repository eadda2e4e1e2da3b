import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { DateTimeInput } from '../form/DateTimeInput';
import { Selector } from '../Selector';
import type { ColumnLabelKey } from './types';
import styles from './FilterBar.module.css';

/**
 * A list filter, sent to the server as `param`: a lookup to choose from (param=id), fixed
 * options, a date, a flag (a checkbox; checked sends param=1), or an id typed in (a whole
 * number; anything else leaves the filter as it was).
 */
export type FilterSpec = {
  /** The query parameter (stage, responsibleId...); also picks the option label rule. */
  param: string;
  label: ColumnLabelKey;
} & (
  | {
      /** The lookup to GET for the options (docs/api.md, Lookups). */
      lookup: string;
    }
  | { options: readonly { value: string; label: string }[] }
  | {
      date: true;
      /** the params of a range's other end: this date is not before `after` nor past `before` */
      after?: string;
      before?: string;
    }
  | { flag: true }
  | { id: true }
);

export type FilterValues = Readonly<Record<string, string>>;

interface FilterBarProps {
  filters: readonly FilterSpec[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
}

/** Only the filters that narrow the list: the query, and whether the button shows a dot. */
export function activeFilters(values: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** One control per filter (a choice with 'All', a date, a box), and a button that clears them all. */
export function FilterBar({ filters, values, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const active = Object.keys(activeFilters(values)).length > 0;
  return (
    <div className={styles.bar}>
      {filters.map((filter) => {
        const selectId = `${id}-${filter.param}`;
        if ('flag' in filter) {
          return (
            <label key={filter.param} className={`${styles.filter} ${styles.flag}`}>
              <input
                type="checkbox"
                name={filter.param}
                checked={values[filter.param] === '1'}
                onChange={(event) =>
                  onChange({ ...values, [filter.param]: event.target.checked ? '1' : '' })
                }
              />
              {t(filter.label)}
            </label>
          );
        }
        const set = (value: string) => onChange({ ...values, [filter.param]: value });
        const value = values[filter.param] ?? '';
        /** Each control but the flag: its label above it, the control's id and value. */
        const field = (control: ReactNode) => (
          <div key={filter.param} className={styles.filter}>
            <label className={controls.label} htmlFor={selectId}>
              {t(filter.label)}
            </label>
            {control}
          </div>
        );
        if ('date' in filter) {
          // A text that is no date leaves the filter as it was (docs/interface.md, Languages).
          return field(
            <DateTimeInput
              id={selectId}
              kind="date"
              className={controls.input}
              value={value}
              min={(filter.after && values[filter.after]) || undefined}
              max={(filter.before && values[filter.before]) || undefined}
              markUnreadable
              onValueChange={(next) => {
                if (next !== null) set(next);
              }}
            />,
          );
        }
        if ('id' in filter) {
          return field(
            <input
              id={selectId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={controls.input}
              value={value}
              onChange={(event) => {
                const typed = event.target.value.trim();
                if (/^\d{0,9}$/.test(typed)) set(typed);
              }}
            />,
          );
        }
        if ('options' in filter) {
          return field(
            <select
              id={selectId}
              className={controls.input}
              value={value}
              onChange={(event) => set(event.target.value)}
            >
              <option value="">{t('list.filterAll')}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>,
          );
        }
        return field(
          <Selector
            id={selectId}
            name={filter.param}
            url={filter.lookup}
            value={value}
            onChange={set}
            emptyLabel={t('list.filterAll')}
            autoSelectSingle={false}
          />,
        );
      })}
      <button
        type="button"
        className={`${controls.secondaryButton} ${styles.clear}`}
        disabled={!active}
        onClick={() => onChange({})}
      >
        {t('list.clearFilters')}
      </button>
    </div>
  );
}
