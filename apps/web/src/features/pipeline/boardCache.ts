import type { Client, StageSummary } from '@school/contract/clients';
import type { InfiniteData } from '@tanstack/react-query';
import type { ColumnPage } from './pipelineApi';

export type ColumnData = InfiniteData<ColumnPage, number>;

/** The column without the client (it left the stage). */
export function withoutClient(data: ColumnData | undefined, clientId: number) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== clientId),
    })),
  };
}

/** The column with the client on top (the board lists newest arrivals first). */
export function withClientOnTop(data: ColumnData | undefined, client: Client) {
  if (!data) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const others = (page: ColumnPage) => page.items.filter((item) => item.id !== client.id);
  return {
    ...data,
    pages: [
      { ...first, items: [client, ...others(first)] },
      ...rest.map((page) => ({ ...page, items: others(page) })),
    ],
  };
}

/** The header figures after a client worth `price` moved from one stage to another. */
export function shiftSummaries(
  summaries: StageSummary[] | undefined,
  from: number,
  to: number,
  price: number | null,
) {
  if (!summaries) return summaries;
  const amount = price ?? 0;
  return summaries.map((summary) => {
    if (summary.id === from) {
      return { ...summary, count: summary.count - 1, sum: summary.sum - amount };
    }
    if (summary.id === to) {
      return { ...summary, count: summary.count + 1, sum: summary.sum + amount };
    }
    return summary;
  });
}
