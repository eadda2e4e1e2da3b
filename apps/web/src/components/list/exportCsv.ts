import type { TFunction } from 'i18next';
import { toCsv } from '../../lib/csv';
import { requestPage } from '../../lib/page';
import { listUrl, type ListParams } from './useInfiniteList';
import type { Column, Resource, Row } from './types';

/** The server's largest page (docs/api.md, Lists): the export's upper bound. */
export const EXPORT_LIMIT = 5000;

/** The header row (column titles in the chosen language) and one line per row. */
export function rowsToCsv<R>(columns: readonly Column<R>[], rows: readonly R[], t: TFunction) {
  return toCsv([
    columns.map((column) => t(column.label)),
    ...rows.map((row) => columns.map((column) => (column.csv ?? column.value)(row))),
  ]);
}

/**
 * What the list shows with its current search and sort, read afresh in one request of up to
 * EXPORT_LIMIT rows rather than only the pages loaded so far: a user who scrolled 200 rows
 * still expects the whole list in the file. Beyond 5000 rows the file holds the first 5000.
 */
export async function exportList<R extends Row>(
  resource: Resource<R>,
  params: ListParams,
  columns: readonly Column<R>[],
  t: TFunction,
): Promise<string> {
  const page = await requestPage(
    listUrl(resource.listPath ?? resource.path, params, EXPORT_LIMIT, 0),
    {
      schema: resource.list,
    },
  );
  return rowsToCsv(columns, page.items, t);
}
