import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@school/contract/constants';
import { call, loadParser, type ParserSource, type RequestOptions } from './http';

// Apart from http.ts: the login page and the dashboard read no list by pages, so their first
// download goes without it (docs/quality.md, Download size).

/** One page of a list: its rows and the count of all matching rows (docs/api.md, Lists). */
export interface Page<T> {
  items: T[];
  /** From X-Total-Count; null when the answer does not carry it. */
  total: number | null;
  /** X-Total-Count-Capped: the count stopped at `total` and there are more rows. */
  capped?: true;
}

export async function requestPage<T>(
  path: string,
  options: RequestOptions & { schema: ParserSource<T[]> },
): Promise<Page<T>> {
  const parser = loadParser(options.schema);
  const [data, response] = await call(path, options);
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null || header.trim() === '' ? NaN : Number(header);
  const known = Number.isInteger(total) && total >= 0;
  return {
    items: (await parser).parse(data),
    total: known ? total : null,
    ...(known && response.headers.get(TOTAL_COUNT_CAPPED_HEADER) === '1'
      ? { capped: true as const }
      : {}),
  };
}
