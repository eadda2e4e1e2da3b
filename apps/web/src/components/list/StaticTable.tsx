import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

export interface StaticColumn<R> {
  key: string;
  /** The header, already translated. */
  header: string;
  value: (row: R) => ReactNode;
  align?: 'end';
}

interface StaticTableProps<R> {
  /** The table's accessible name, shown above it. */
  caption: string;
  columns: readonly StaticColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
}

/**
 * A short table held whole in memory (a preview of a few dozen rows): no paging, sorting or
 * virtualising, the same look as the list tables.
 */
export function StaticTable<R>({ caption, columns, rows, rowKey }: StaticTableProps<R>) {
  return (
    <div className={styles.staticScroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.align === 'end' ? styles.end : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={styles.row}>
              {columns.map((column) => (
                <td key={column.key} className={column.align === 'end' ? styles.end : undefined}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
