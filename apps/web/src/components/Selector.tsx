import { useEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import controls from './controls.module.css';
import { lookupLabel, useLookup, type LookupRow } from './lookups';
import styles from './Selector.module.css';
import { useLoadingDots } from './useLoadingDots';

export interface SelectorProps {
  id: string;
  /** The field name: it picks the label rule (people, answer texts, names: docs/api.md, Lookups). */
  name: string;
  /** The lookup to GET (a caller-supplied url: docs/api.md, Lookups). */
  url: string;
  value: unknown;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** What the field holds: the item's id, or its name (a user's language). */
  optionValue?: 'id' | 'name';
  required?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  selectRef?: Ref<HTMLSelectElement>;
  /** The text of the empty choice; by default 'Choose…' (a filter says 'All'). */
  emptyLabel?: string;
  /**
   * A new record picks a single option for the user (docs/interface.md, Selector). A filter must not: its empty choice ('All')
   * is a real choice, and picking the only option would hide rows unasked.
   */
  autoSelectSingle?: boolean;
  /** A new record starts at the first option, however many there are (a client's stage). */
  autoSelectFirst?: boolean;
  /** Values not offered (students already in a lesson); the current value stays. */
  omit?: ReadonlySet<string>;
}

/** A dropdown (docs/api.md, Lookups) with its loading states (docs/interface.md, Selector): wait (dots), none, error. */
export function Selector({
  id,
  name,
  url,
  value,
  onChange,
  onBlur,
  optionValue = 'id',
  required = false,
  invalid = false,
  describedBy,
  selectRef,
  emptyLabel,
  autoSelectSingle = true,
  autoSelectFirst = false,
  omit,
}: SelectorProps) {
  const { t } = useTranslation();
  const lookup = useLookup(url);
  const dots = useLoadingDots(lookup.isPending);
  const valueOf = (item: LookupRow) =>
    optionValue === 'name' ? lookupLabel('name', item) : String(item.id);
  const current = value === null || value === undefined ? '' : String(value);

  // A single option (or, asked to, the first) is chosen for the user (docs/interface.md,
  // Selector), once, when the list arrives.
  const autoSelected = useRef(false);
  const first = autoSelectFirst || lookup.data?.length === 1 ? lookup.data?.[0] : undefined;
  const firstValue = first ? valueOf(first) : null;
  const auto = autoSelectSingle || autoSelectFirst;
  useEffect(() => {
    if (!auto || firstValue === null || autoSelected.current) return;
    autoSelected.current = true;
    if (current === '') onChange(firstValue);
  }, [auto, firstValue, current, onChange]);

  const errorId = `${id}-load-error`;
  if (lookup.isPending) {
    return (
      <select id={id} className={controls.input} disabled aria-busy="true" ref={selectRef}>
        <option value="">{'.'.repeat(dots)}</option>
      </select>
    );
  }

  const all = lookup.data ?? [];
  const items = omit
    ? all.filter((item) => !omit.has(valueOf(item)) || valueOf(item) === current)
    : all;
  // An initial value the list does not hold (a deleted row) is kept, not silently replaced.
  const orphan = current !== '' && !all.some((item) => valueOf(item) === current);
  const described = [describedBy, lookup.isError ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <>
      <select
        id={id}
        name={name}
        ref={selectRef}
        className={controls.input}
        value={current}
        required={required}
        disabled={lookup.isError}
        aria-invalid={invalid || lookup.isError}
        aria-describedby={described === '' ? undefined : described}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{emptyLabel ?? t('selector.choose')}</option>
        {orphan && <option value={current}>{current}</option>}
        {items.map((item) => (
          <option key={item.id} value={valueOf(item)}>
            {lookupLabel(name, item, t)}
          </option>
        ))}
      </select>
      {lookup.isError && (
        <p id={errorId} className={styles.error} role="alert">
          <span>{t('selector.loadError')}</span>
          <button type="button" className={styles.retry} onClick={() => void lookup.refetch()}>
            {t('messages.retry')}
          </button>
        </p>
      )}
    </>
  );
}
