import { keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { requestPage, type Page } from '../../lib/page';
import { ENTITY_QUERY_KEY } from '../detail/useEntity';
import { invalidateLookups } from '../lookups';
import type { Resource, Row } from './types';

export const LIST_QUERY_KEY = 'list';
/** Rows per request while scrolling; small enough to answer fast, large enough to scroll on. */
export const PAGE_SIZE = 200;

export interface ListParams {
  search?: string | undefined;
  sort?: string | undefined;
  /** Server-side filters by query parameter (stage=3); empty values are left out. */
  filters?: Readonly<Record<string, string>> | undefined;
}

/** search and the filters: what selects the rows, whatever their order and paging. */
export function filterQuery(params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  for (const [name, value] of Object.entries(params.filters ?? {})) {
    if (value !== '') query.set(name, value);
  }
  return query;
}

export function listUrl(path: string, params: ListParams, limit: number, offset: number): string {
  const query = filterQuery(params);
  if (params.sort) query.set('sort', params.sort);
  query.set('limit', String(limit));
  query.set('offset', String(offset));
  // a list path may carry a fixed query of its own (/api/conversations?isPublic=1)
  return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
}

export function nextOffset<R>(pages: readonly Page<R>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  const last = pages.at(-1);
  if (!last) return 0;
  // Without X-Total-Count, or with one that stopped at a cap, a short page is the last one.
  if (last.total === null || last.capped) {
    return last.items.length === PAGE_SIZE ? loaded : undefined;
  }
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
}

/** The list with the current search and sort, read page by page as the user scrolls. */
export function useInfiniteList<R extends Row>(resource: Resource<R>, params: ListParams) {
  return useInfiniteQuery({
    // under the write path, so a save there refreshes it; the list path tells parents apart
    queryKey: [LIST_QUERY_KEY, resource.path, params, resource.listPath],
    queryFn: ({ pageParam, signal }) =>
      requestPage(listUrl(resource.listPath ?? resource.path, params, PAGE_SIZE, pageParam), {
        schema: resource.list,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    // A new search or sort keeps the old rows on screen until the answer is in: no flicker.
    placeholderData: keepPreviousData,
  });
}

/** After a save or delete under `path`: its lists, its open records and the lookups. */
export function invalidateResource(queryClient: QueryClient, path: string): void {
  void queryClient.invalidateQueries({ queryKey: [LIST_QUERY_KEY, path] });
  void queryClient.invalidateQueries({ queryKey: [ENTITY_QUERY_KEY, path] });
  void invalidateLookups(queryClient, path);
}
