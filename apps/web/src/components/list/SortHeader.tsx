import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hyphenate } from './hyphenate';
import type { Column } from './types';
import styles from './DataTable.module.css';

type Direction = 'ascending' | 'descending' | 'none';

/** `name` ascending, `-name` descending: the server's `sort` (docs/api.md, Lists). */
export function directionOf(sort: string | undefined, field: string): Direction {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/** The first click sorts ascending; each further click flips the direction. */
export function nextSort(sort: string | undefined, field: string): string {
  return directionOf(sort, field) === 'ascending' ? `-${field}` : field;
}

interface SortHeaderProps<R> {
  column: Column<R>;
  /** A word of the header is wider than the column: it breaks at its syllables, with a hyphen. */
  hyphenate?: boolean;
  sort: string | undefined;
  onSort: (sort: string) => void;
}

export function SortHeader<R>({
  column,
  sort,
  onSort,
  hyphenate: breaks = false,
}: SortHeaderProps<R>) {
  const { t } = useTranslation();
  const label = t(column.label);
  // shown with its long words' syllable breaks (soft hyphens); its title and name stay the
  // plain words, as a screen reader and a search read them
  const shown = breaks ? hyphenate(label) : label;
  const named = breaks ? label : undefined;
  const className = column.align === 'end' ? styles.end : undefined;
  // A header cut short by a narrow column still says all of it on hover.
  if (column.sort === undefined) {
    return (
      <th scope="col" className={className} title={label} aria-label={named}>
        {shown}
      </th>
    );
  }
  const field = column.sort;
  const direction = directionOf(sort, field);
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" className={className} aria-sort={direction} title={label}>
      <button
        type="button"
        className={styles.sortButton}
        aria-label={named}
        onClick={() => onSort(nextSort(sort, field))}
      >
        <span className={styles.headerLabel}>{shown}</span>
        <Icon
          size={14}
          aria-hidden="true"
          className={direction === 'none' ? styles.idleIcon : undefined}
        />
      </button>
    </th>
  );
}
