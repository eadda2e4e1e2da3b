import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { ChevronsLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { actionsWidth, columnWidths, estimateText, type TextMeasure } from './columnWidths';
import { SortHeader } from './SortHeader';
import { useHiddenColumns } from './useHiddenColumns';
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
  /** How many icon buttons a row's actions hold at most: the actions column's width. */
  actionCount?: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  busy: boolean;
}

/**
 * A real table (th headers, rows, cells) whose body renders only the rows in view plus a margin:
 * 100 000 rows cost as much as 40. Spacer rows keep the scroll height right.
 *
 * The columns share the table's width (columnWidths.ts), so every column shows at 1280 px
 * without scrolling sideways; a longer text ends in an ellipsis and the cell's title holds all of
 * it. Only below the columns' minimum (a phone) does the table scroll inside its box, the actions
 * pinned on the right.
 */
export function DataTable<R extends Row>({
  caption,
  columns,
  rows,
  total,
  sort,
  onSort,
  renderActions,
  actionCount = 4,
  hasMore,
  loadingMore,
  onLoadMore,
  busy,
}: DataTableProps<R>) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const boxWidth = useBoxWidth(scrollRef);
  const measure = useTextMeasure(scrollRef);
  const actions = renderActions ? actionCount : 0;
  const ownWidths = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const room = boxWidth === null ? Infinity : boxWidth - ownWidths - actionsWidth(actions);
  const widths = useMemo(
    () => columnWidths(columns, rows, (column) => t(column.label), actions, room, measure),
    [columns, rows, t, actions, room, measure],
  );
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

  useMarkCutCells(scrollRef);
  const hidden = useHiddenColumns(scrollRef, widths);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const span = columns.length + (renderActions ? 1 : 0);

  return (
    <>
      {hidden.length > 0 && (
        // a phone shows a few columns: this says which others the table holds, sideways
        <p className={styles.hiddenColumns}>
          <ChevronsLeftRight size={14} aria-hidden="true" />
          {t('list.hiddenColumns', { names: hidden.join(', ') })}
        </p>
      )}
      <div
        ref={scrollRef}
        className={styles.scroller}
        // Scrollable with the keyboard too: the region takes focus (WCAG 2.1.1).
        tabIndex={0}
        role="region"
        aria-label={t('list.scrollRegion', { name: caption })}
      >
        <table
          className={`${styles.table} ${styles.fixed}`}
          style={{ minWidth: widths.min }}
          aria-rowcount={total + 1}
          aria-busy={busy}
        >
          <caption className="visually-hidden">{caption}</caption>
          <colgroup>
            {columns.map((column, index) => (
              <col key={column.key} style={{ width: widths.columns[index] }} />
            ))}
            {renderActions && <col style={{ width: actionsWidth(actions) }} />}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column, index) => (
                <SortHeader
                  key={column.key}
                  column={column}
                  sort={sort}
                  onSort={onSort}
                  // marked only where the texts were measured (a browser), not estimated
                  hyphenate={measure !== estimateText && widths.hyphenate[index] === true}
                />
              ))}
              {renderActions && (
                <th scope="col" className={styles.actionsHeader} data-actions="">
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
    </>
  );
}

/** The inner width of the table's box (without its scrollbar), followed as it changes; null until measured. */
function useBoxWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setWidth(element.clientWidth || null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Measures texts in the fonts of the table's cells and headers (a canvas), once the table is on
 * the page; an estimate until then and where there is no canvas.
 */
function useTextMeasure(ref: RefObject<HTMLElement | null>): TextMeasure {
  const [measure, setMeasure] = useState<TextMeasure>(() => estimateText);
  useLayoutEffect(() => {
    const box = ref.current;
    const cell = box?.querySelector('tbody td:not([colspan])') ?? box?.querySelector('table');
    const header = box?.querySelector('thead th');
    let context: CanvasRenderingContext2D | null = null;
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      // no canvas (tests): the estimate stays
    }
    if (!context || !cell || !header) return;
    const cellStyle = getComputedStyle(cell);
    const headerStyle = getComputedStyle(header);
    const cellFont = `${cellStyle.fontWeight} ${cellStyle.fontSize} ${cellStyle.fontFamily}`;
    const headerFont = `${headerStyle.fontWeight} ${headerStyle.fontSize} ${headerStyle.fontFamily}`;
    const spacing = parseFloat(headerStyle.letterSpacing) || 0;
    const ctx = context;
    setMeasure({
      cell: (text) => {
        ctx.font = cellFont;
        return ctx.measureText(text).width;
      },
      header: (text) => {
        ctx.font = headerFont;
        return ctx.measureText(text.toUpperCase()).width + spacing * text.length;
      },
    });
  }, [ref]);
  return measure;
}

/**
 * After each render, marks the cells whose text is cut short (data-cut) and lets them take the
 * focus, so a keyboard reaches their whole text (shown under them, DataTable.module.css).
 */
function useMarkCutCells(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const cells = ref.current?.querySelectorAll<HTMLTableCellElement>(
      'tbody tr[aria-rowindex] td[title]',
    );
    for (const cell of cells ?? []) {
      const cut =
        cell.title !== '' &&
        [cell, ...cell.querySelectorAll<HTMLElement>('*')].some(
          (el) => el.scrollWidth > el.clientWidth + 1,
        );
      if (cut === cell.hasAttribute('data-cut')) continue;
      if (cut) {
        cell.setAttribute('data-cut', '');
        cell.tabIndex = 0;
      } else {
        cell.removeAttribute('data-cut');
        cell.removeAttribute('tabindex');
      }
    }
  });
}
