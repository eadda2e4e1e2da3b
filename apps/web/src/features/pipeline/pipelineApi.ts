import { client, stageSummary, type Client } from '@school/contract/clients';
import { stage } from '@school/contract/lookups';
import { api, withQuery } from '@school/contract/paths';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../lib/http';

export const PIPELINE_PATH = '/pipeline';
/** Cards per request as a column scrolls (the API's limit/offset paging, docs/api.md, Lists). */
export const PAGE_SIZE = 50;
/** Newest arrivals on top: a card moved into a column lands where the server will put it too. */
export const COLUMN_SORT = '-stageChangedAt';

const PIPELINE = 'pipeline';

export const pipelineKeys = {
  all: [PIPELINE] as const,
  stages: [PIPELINE, 'stages'] as const,
  summaries: [PIPELINE, 'bystage'] as const,
  summariesFor: (search: string) => [PIPELINE, 'bystage', search] as const,
  columns: [PIPELINE, 'column'] as const,
  columnsOf: (stageId: number) => [PIPELINE, 'column', stageId] as const,
  column: (stageId: number, search: string) => [PIPELINE, 'column', stageId, search] as const,
};

/**
 * One page of a column. `full` remembers whether the server filled the page, so cards added or
 * removed in the cache by a move do not change where the next page starts or whether one exists.
 */
export interface ColumnPage {
  items: Client[];
  full: boolean;
}

const stageList = z.array(stage);
const summaryList = z.array(stageSummary);
const clientList = z.array(client);

export function useStages() {
  return useQuery({
    queryKey: pipelineKeys.stages,
    queryFn: ({ signal }) => request(api.lookup('stages'), { schema: stageList, signal }),
  });
}

/** Column header figures: count and sum of price per stage, for the same search as the cards. */
export function useStageSummaries(search: string) {
  return useQuery({
    queryKey: pipelineKeys.summariesFor(search),
    queryFn: ({ signal }) =>
      request(withQuery(api.clientsByStage, { search }), { schema: summaryList, signal }),
    placeholderData: keepPreviousData,
    // clients change on other screens and by other staff: the board reads afresh when opened
    refetchOnMount: 'always',
  });
}

export async function fetchColumnPage(
  stageId: number,
  search: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ColumnPage> {
  const params = { stage: stageId, limit: PAGE_SIZE, offset, sort: COLUMN_SORT };
  const items = await request(withQuery(api.clients, { ...params, search }), {
    schema: clientList,
    ...(signal ? { signal } : {}),
  });
  return { items, full: items.length >= PAGE_SIZE };
}

export function loadedCount(pages: readonly ColumnPage[]): number {
  return pages.reduce((sum, page) => sum + page.items.length, 0);
}

/** The clients of one stage, read PAGE_SIZE at a time as the column scrolls. */
export function useColumnClients(stageId: number, search: string) {
  return useInfiniteQuery({
    queryKey: pipelineKeys.column(stageId, search),
    queryFn: ({ pageParam, signal }) => fetchColumnPage(stageId, search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ColumnPage, pages: ColumnPage[]) =>
      last.full ? loadedCount(pages) : undefined,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The API path of one client, the record a stage move is to. */
export const clientPath = (clientId: number) => api.client(clientId);

/**
 * docs/clients.md, Pipeline: a stage move sends the stage and the version of the client it was
 * made on (ADR 043); the answer is the updated client, with its new version.
 */
export function putClientStage(
  clientId: number,
  stageId: number,
  version: number,
  keepalive = false,
) {
  return request(api.client(clientId), {
    method: 'PUT',
    body: { stage: stageId, version },
    schema: client,
    keepalive,
  });
}
