import type { AnyColumn, SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '../db/list.js';
import type { Dependent, Page, ResourceTable, TableDescription } from '../db/resource.js';

/** The pieces a resource is described with (ADR 010); registerResource serves them. */

/** What the routes of a resource do with its data; the table-backed default covers most. */
export interface ResourceData<Item, Q, C, U> {
  list: (query: Q, request: FastifyRequest) => Promise<Page<Item>>;
  find: (id: number, request: FastifyRequest) => Promise<Item | undefined>;
  create: (input: C, request: FastifyRequest) => Promise<Item>;
  /** runs only when the row exists and the input changes something */
  update: (
    id: number,
    input: U,
    request: FastifyRequest,
    current: Item,
  ) => Promise<Item | undefined>;
  remove: (id: number, request: FastifyRequest) => Promise<boolean>;
}

/**
 * A route option: the answer, built by typed code, is written as JSON without being checked
 * against its response schema again; for many wide rows that check costs more than the query
 * (ADR 016). The schema still documents the answer. It is handed on as bytes, which Fastify
 * sends as they are: as text, Node would measure and encode it again on its way out, two more
 * copies of the answer on the heap for each request (ADR 052).
 */
export const uncheckedJson = {
  serializerCompiler: () => (body: unknown) =>
    Buffer.from(JSON.stringify(body)) as unknown as string,
};

/**
 * An override for rows the table alone cannot answer in full (counts, links): every item that
 * list, find, create and update answer is first passed, a page at a time, through `complete`.
 */
export function completedWith<Item, Q, C, U>(
  complete: (items: Item[], request: FastifyRequest) => Promise<Item[]>,
) {
  return (plain: ResourceData<Item, Q, C, U>): Partial<ResourceData<Item, Q, C, U>> => {
    const one = async (item: Item | undefined, request: FastifyRequest) =>
      item && (await complete([item], request))[0];
    return {
      list: async (q, request) => {
        const page = await plain.list(q, request);
        return { ...page, rows: await complete(page.rows, request) };
      },
      find: async (id, request) => one(await plain.find(id, request), request),
      create: async (input, request) => (await one(await plain.create(input, request), request))!,
      update: async (id, input, request, current) =>
        one(await plain.update(id, input, request, current), request),
    };
  };
}

/**
 * A create field taken from the query when the body leaves it out (docs/api.md sends some fields of
 * a POST there: POST /api/conversations?isPublic=0).
 */
export const fieldsFromQuery = (fields: string[]) => async (request: FastifyRequest) => {
  const query = request.query as Record<string, unknown>;
  const body = request.body;
  if (!body || typeof body !== 'object') return;
  for (const field of fields) {
    if (query[field] !== undefined && !(field in body)) {
      (body as Record<string, unknown>)[field] = query[field];
    }
  }
};

type ColumnName<T extends ResourceTable> = keyof T['_']['columns'] & string;

/**
 * A table description from column names: the columns the header search looks in and the
 * columns a list sorts by, each `sort` name being its column's.
 */
export function tableOf<T extends ResourceTable, Q extends ListQuery>(
  table: T,
  d: {
    search?: ColumnName<T>[];
    sort: ColumnName<T>[];
    /** id when not given */
    defaultSort?: ColumnName<T>;
    filters?: (query: Q) => SQL | undefined;
    /** what a delete removes or changes with it, for its history entries */
    dependents?: Dependent[];
  },
): TableDescription<T, Q> {
  const column = (name: string) => (table as unknown as Record<string, AnyColumn>)[name]!;
  return {
    table,
    search: (d.search ?? []).map(column),
    sort: Object.fromEntries(d.sort.map((name) => [name, column(name)])),
    defaultSort: d.defaultSort ?? 'id',
    ...(d.filters ? { filters: d.filters } : {}),
    ...(d.dependents ? { dependents: d.dependents } : {}),
  };
}

/**
 * True when a parsed update body sets nothing: {} or only unknown (stripped) fields, or only
 * the version it was made on (ADR 038).
 */
export const setsNothing = (input: unknown) =>
  input === null ||
  typeof input !== 'object' ||
  Object.entries(input).every(([field, value]) => field === 'version' || value === undefined);
