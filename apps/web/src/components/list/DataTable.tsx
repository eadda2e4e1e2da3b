import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortHeader } from './SortHeader';
import type { Column, Row } from './types';
import styles from './DataTable.module.css';

/** Fixed row height (CSS keeps cells on one line), so the virtualiser never has to measure. */
export const ROW_HEIGHT = 44;
/** Start loading the next page this many rows before the end is reached. */
const LOAD_AHEAD = 40;

interface DataTableProps<R extends Row> {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  /** All matching rows on the server (X-Total-Count), loaded or not. */
  total: number;
  sort: string | undefined;
  onSort: (sort: string) => void;
  renderActions?: ((row: R) => ReactNode) | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  busy: boolean;
}

/**
 * A real table (th headers, rows, cells) whose body renders only the rows in view plus a margin:
 * 100 000 rows cost as much as 40. Spacer rows keep the scroll height right.
 */
export function DataTable<R extends Row>({
  caption,
  columns,
  rows,
  total,
  sort,
  onSort,
  renderActions,
  hasMore,
  loadingMore,
  onLoadMore,
  busy,
}: DataTableProps<R>) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - LOAD_AHEAD) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rows.length, onLoadMore]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const span = columns.length + (renderActions ? 1 : 0);

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      // Scrollable with the keyboard too: the region takes focus (WCAG 2.1.1).
      tabIndex={0}
      role="region"
      aria-label={t('list.scrollRegion', { name: caption })}
    >
      <table className={styles.table} aria-rowcount={total + 1} aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            {renderActions && (
              <th scope="col" className={styles.actionsHeader}>
                {t('list.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} aria-rowindex={item.index + 2} className={styles.row}>
                {columns.map((column) => {
                  const text = column.value(row);
                  const shown = text === null || text === undefined ? '' : String(text);
                  return (
                    <td
                      key={column.key}
                      className={column.align === 'end' ? styles.end : undefined}
                      title={shown}
                    >
                      {column.render ? column.render(row) : shown}
                    </td>
                  );
                })}
                {renderActions && <td className={styles.actions}>{renderActions(row)}</td>}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
