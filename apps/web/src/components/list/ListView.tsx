import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { markLoggedOut } from '../../lib/session';
import { LoadError } from '../LoadError';
import { LoadingState } from '../LoadingState';
import { DataTable } from './DataTable';
import { EditModal, type EditModalState } from './EditModal';
import { exportList } from './exportCsv';
import type { FilterValues } from './FilterBar';
import { ListToolbar } from './ListToolbar';
import { RowActions } from './RowActions';
import { fetchServerCsv } from './serverCsv';
import { filterQuery, useInfiniteList, type ListParams } from './useInfiniteList';
import { usePendingKeys } from '../feedback/pendingCommits';
import { pendingDeleteKey, useCopy, useDeleteRow } from './useRowActions';
import type { Column, EditConfig, Resource, Row, RowActionsConfig } from './types';
import styles from './ListView.module.css';

export interface ListViewProps<R extends Row> {
  resource: Resource<R>;
  columns: readonly Column<R>[];
  /** The table's accessible name (the screen title). */
  caption: string;
  /** The header search, already debounced. */
  search?: string | undefined;
  /** Server-side filters (query parameter -> value), only those that are set. */
  filters?: FilterValues | undefined;
  defaultSort?: string;
  /** The edit modal; without it the rows have no edit action. */
  edit?: (EditConfig<R> & { title: string }) | undefined;
  actions?: RowActionsConfig<R>;
  /** The CSV file's name, without .csv. */
  fileName: string;
  /**
   * A server endpoint that writes the CSV itself (all matching rows, its own columns), asked
   * with the list's search and filters; without it the export is built from the list's rows.
   */
  serverExport?: string | undefined;
  /** More buttons beside the export (an import). */
  tools?: ReactNode;
  /**
   * What the screen says of all the rows its search and filters select, beside their count
   * (the payments' sum): asked of the server with the same params, not added up from the pages.
   */
  summary?: ((params: ListParams) => ReactNode) | undefined;
}

/** List (docs/screens.md, List screens): count and export, the sortable virtualised table, row actions, edit modal. */
export function ListView<R extends Row>({
  resource,
  columns,
  caption,
  search,
  filters,
  defaultSort,
  edit,
  actions = {},
  fileName,
  serverExport,
  tools,
  summary,
}: ListViewProps<R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<string | undefined>(defaultSort);
  const [modal, setModal] = useState<EditModalState<R>>({ mode: 'none' });
  const params = useMemo(
    () => ({ search: search || undefined, sort, filters }),
    [search, sort, filters],
  );
  const list = useInfiniteList(resource, params);
  const remove = useDeleteRow<R>(resource);
  const copy = useCopy();
  const pendingKeys = usePendingKeys();

  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  // A row whose delete waits for its Undo time is gone from the user's point of view (ADR 013).
  const rows = useMemo(
    () => loaded.filter((row) => !pendingKeys.has(pendingDeleteKey(resource.path, row.id))),
    [loaded, pendingKeys, resource.path],
  );
  const capped = list.data?.pages.at(-1)?.capped ?? false;
  // A capped total ('10,000+') stays the cap: it is a lower bound, not a count to subtract from.
  const pendingGone = capped ? 0 : loaded.length - rows.length;
  const total = (list.data?.pages.at(-1)?.total ?? loaded.length) - pendingGone;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const buildCsv = () => {
    if (serverExport === undefined) return exportList(resource, params, columns, t);
    const query = filterQuery(params).toString();
    const url = query === '' ? serverExport : `${serverExport}?${query}`;
    return fetchServerCsv(url, () => markLoggedOut(queryClient));
  };

  // The actions column is as wide as the buttons the rows show: a copy no row has takes no room.
  const copies = useMemo(
    () => actions.copy !== undefined && rows.some((row) => actions.copy?.(row)),
    [actions, rows],
  );
  // a screen's own action counts where some row shows it
  const more = useMemo(
    () =>
      (actions.more ?? []).filter((action) => rows.some((row) => action.available?.(row) ?? true)),
    [actions, rows],
  );
  const actionCount =
    [edit, actions.delete, actions.open, copies].filter(Boolean).length + more.length;
  const hasActions = actionCount > 0;
  const renderActions = hasActions
    ? (row: R) => (
        <RowActions
          name={resource.rowLabel(row)}
          onEdit={edit ? () => setModal({ mode: 'edit', row }) : undefined}
          onDelete={actions.delete ? () => void remove(row) : undefined}
          openHref={actions.open?.(row)}
          copyValue={actions.copy?.(row)}
          onCopy={actions.copy ? (value) => void copy(value) : undefined}
          more={more
            .filter((action) => action.available?.(row) ?? true)
            .map((action) => ({
              key: action.key,
              label: action.label(row),
              icon: action.icon,
              variant: action.variant,
              ...(action.download
                ? { download: action.download(row) }
                : { onClick: () => action.onClick(row) }),
            }))}
        />
      )
    : undefined;

  if (list.isPending) return <LoadingState />;
  if (list.isError && !list.data) {
    return <LoadError text={t('list.loadError')} onRetry={() => void list.refetch()} />;
  }

  return (
    <div className={styles.view}>
      <ListToolbar
        total={total}
        capped={capped}
        fileName={`${fileName}.csv`}
        buildCsv={buildCsv}
        tools={tools}
        summary={summary?.(params)}
      />
      {rows.length === 0 ? (
        <p className={styles.empty}>{t('messages.emptyList')}</p>
      ) : (
        <DataTable
          caption={caption}
          columns={columns}
          rows={rows}
          total={total}
          sort={sort}
          onSort={setSort}
          renderActions={renderActions}
          actionCount={actionCount}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          busy={list.isFetching}
        />
      )}
      {isFetchingNextPage && <LoadingState />}
      {edit && (
        <EditModal
          path={resource.path}
          title={edit.title}
          config={edit}
          state={modal}
          onStateChange={setModal}
        />
      )}
    </div>
  );
}
