import type { AnyColumn, SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorCodes, idParam } from '@school/contract/common';
import type { Db } from '../db/client.js';
import type { ListQuery } from '../db/list.js';
import {
  tableQueries,
  type Page,
  type ResourceTable,
  type TableDescription,
} from '../db/resource.js';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@school/contract/common';
import { requireUser } from './access.js';
import { errorResponses, HttpError, notFound, sqlStateOf } from './errors.js';

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
type Hook = (request: FastifyRequest) => Promise<void>;

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

export interface ResourceDescription<
  T extends ResourceTable,
  SI extends z.ZodType,
  SQ extends z.ZodType<ListQuery>,
  SC extends z.ZodType,
  SU extends z.ZodType,
> {
  /** the URL segment: /{path} and /{path}/{id} under the API prefix */
  path: string;
  /** OpenAPI tags */
  tags: string[];
  /** contract schemas: the item answered, the list query, the create and update bodies */
  schemas: { item: SI; query: SQ; create: SC; update: SU };
  /** the table, its search and sort columns and list filters */
  table: TableDescription<T, z.output<SQ>>;
  /** a row as the API answers it */
  toItem: (row: T['$inferSelect']) => z.output<SI>;
  /** request fields to columns; undefined leaves a column as it is */
  toColumns: (input: z.output<SC> | z.output<SU>) => Partial<T['$inferInsert']>;
  /**
   * The columns only a create sets, over toColumns': the parent a row belongs to, a generated
   * code, the next place in an order.
   */
  createColumns?: (
    input: z.output<SC>,
  ) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>;
  /** create fields a client may send in the query instead (POST /api/x?field=1) */
  createFieldsFromQuery?: string[];
  /** the 404 message */
  notFound: string;
  /** access hook per operation; requireUser where not given */
  access?: Partial<Record<Operation, Hook>>;
  /** the operations to serve (all five when not given) */
  only?: Operation[];
  /** OpenAPI summaries */
  summaries?: Partial<Record<Operation, string>>;
  /**
   * A unique value: a duplicate answers this status (400 by default) naming the field, never
   * a 500.
   */
  unique?: { field: string; message: string; status?: 400 | 409 };
  /**
   * The list's items come from typed code (toItem or an override) and are written as JSON
   * without being checked against the item schema again: for a page of many wide rows that
   * check costs more than the query (ADR 016). The schema still documents the answer.
   */
  listUnchecked?: boolean;
  /** A delete of a row other rows point at answers 409 linked; nothing is deleted. */
  linked?: string;
  /**
   * DELETE /{path} with a query naming what to delete: 204, or 404 with the notFound message
   * when `remove` deleted nothing.
   */
  deleteByQuery?: {
    query: z.ZodType;
    summary: string;
    remove: (query: never, request: FastifyRequest) => Promise<boolean>;
  };
  /** error bodies with more members than the plain one (OpenAPI and the serializer) */
  errors?: Partial<Record<keyof typeof errorResponses, z.ZodType>>;
  /**
   * The data operations that differ from the plain table ones; they get the plain ones to
   * build on.
   */
  override?: (
    plain: ResourceData<z.output<SI>, z.output<SQ>, z.output<SC>, z.output<SU>>,
  ) => Partial<ResourceData<z.output<SI>, z.output<SQ>, z.output<SC>, z.output<SU>>>;
}

/**
 * A route option: the answer, built by typed code, is written as JSON without being checked
 * against its response schema again; for many wide rows that check costs more than the query
 * (ADR 016). The schema still documents the answer.
 */
export const uncheckedJson = {
  serializerCompiler: () => (body: unknown) => JSON.stringify(body),
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
 * A create field taken from the query when the body leaves it out (SPEC §7 sends some fields of
 * a POST there: POST /api/conversations?isPublic=0).
 */
const fieldsFromQuery = (fields: string[]) => async (request: FastifyRequest) => {
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
    defaultSort: ColumnName<T>;
    filters?: (query: Q) => SQL | undefined;
  },
): TableDescription<T, Q> {
  const column = (name: string) => (table as unknown as Record<string, AnyColumn>)[name]!;
  return {
    table,
    search: (d.search ?? []).map(column),
    sort: Object.fromEntries(d.sort.map((name) => [name, column(name)])),
    defaultSort: d.defaultSort,
    ...(d.filters ? { filters: d.filters } : {}),
  };
}

/** True when a parsed update body sets nothing: {} or only unknown (stripped) fields. */
export const setsNothing = (input: unknown) =>
  input === null ||
  typeof input !== 'object' ||
  Object.values(input).every((value) => value === undefined);

/**
 * Registers list / get / create / update / delete of one resource (CONVENTIONS "One shape per
 * kind of thing", ADR 010): paths, paging with X-Total-Count, 201/200/204, 404, a duplicate
 * as 400 naming the field, a linked delete as 409, an update that sets nothing as 200 with
 * the unchanged object.
 */
export function registerResource<
  T extends ResourceTable,
  SI extends z.ZodType,
  SQ extends z.ZodType<ListQuery>,
  SC extends z.ZodType,
  SU extends z.ZodType,
>(app: FastifyInstance, db: Db, d: ResourceDescription<T, SI, SQ, SC, SU>): void {
  type Item = z.output<SI>;
  type Q = z.output<SQ>;
  type C = z.output<SC>;
  type U = z.output<SU>;
  const queries = tableQueries<T, Q>(db, d.table);
  const toItem = (row: T['$inferSelect']) => d.toItem(row);
  const plain: ResourceData<Item, Q, C, U> = {
    list: async (q) => {
      const page = await queries.list(q);
      return { rows: page.rows.map(toItem), total: page.total };
    },
    find: async (id) => {
      const row = await queries.find(id);
      return row && toItem(row);
    },
    create: async (input) =>
      toItem(await queries.insert({ ...d.toColumns(input), ...(await d.createColumns?.(input)) })),
    update: async (id, input) => {
      const row = await queries.update(id, d.toColumns(input));
      return row && toItem(row);
    },
    remove: (id) => queries.remove(id),
  };
  const data: ResourceData<Item, Q, C, U> = { ...plain, ...d.override?.(plain) };
  const serves = (op: Operation) => !d.only || d.only.includes(op);
  const routeOf = (op: Operation) => ({
    onRequest: [d.access?.[op] ?? requireUser],
  });
  const schemaOf = (op: Operation, schema: Record<string, unknown>) => ({
    tags: d.tags,
    ...(d.summaries?.[op] ? { summary: d.summaries[op] } : {}),
    ...schema,
    ...(schema.response && d.errors ? { response: { ...schema.response, ...d.errors } } : {}),
  });
  const missing = () => notFound(d.notFound);
  const duplicate = (err: unknown): never => {
    if (d.unique && sqlStateOf(err) === '23505') {
      const status = d.unique.status ?? 400;
      const code = status === 400 ? errorCodes.validation : errorCodes.conflict;
      throw new HttpError(status, code, `Invalid ${d.unique.field}: ${d.unique.message}`, {
        [d.unique.field]: d.unique.message,
      });
    }
    throw err;
  };
  const base = `/${d.path}`;
  const one = `/${d.path}/:id`;
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParam>).id;

  if (serves('list')) {
    app.get(
      base,
      {
        ...routeOf('list'),
        ...(d.listUnchecked ? uncheckedJson : {}),
        schema: schemaOf('list', {
          querystring: d.schemas.query,
          response: { 200: z.array(d.schemas.item), ...errorResponses },
        }),
      },
      async (request, reply) => {
        const page = await data.list(request.query as Q, request);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        if (page.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, '1');
        return page.rows;
      },
    );
  }

  if (serves('get')) {
    app.get(
      one,
      {
        ...routeOf('get'),
        schema: schemaOf('get', {
          params: idParam,
          response: { 200: d.schemas.item, ...errorResponses },
        }),
      },
      async (request) => {
        const item = await data.find(idOf(request), request);
        if (item === undefined) throw missing();
        return item;
      },
    );
  }

  if (serves('create')) {
    app.post(
      base,
      {
        ...routeOf('create'),
        ...(d.createFieldsFromQuery
          ? { preValidation: fieldsFromQuery(d.createFieldsFromQuery) }
          : {}),
        schema: schemaOf('create', {
          body: d.schemas.create,
          response: { 201: d.schemas.item, ...errorResponses },
        }),
      },
      async (request, reply) => {
        const item = await data.create(request.body as C, request).catch(duplicate);
        return reply.status(201).send(item);
      },
    );
  }

  if (serves('update')) {
    app.put(
      one,
      {
        ...routeOf('update'),
        schema: schemaOf('update', {
          params: idParam,
          body: d.schemas.update,
          response: { 200: d.schemas.item, ...errorResponses },
        }),
      },
      async (request) => {
        const id = idOf(request);
        const current = await data.find(id, request);
        if (current === undefined) throw missing();
        const input = request.body as U;
        // ADR 010: a body that sets nothing answers the object as it is
        if (setsNothing(input)) return current;
        const updated = await data.update(id, input, request, current).catch(duplicate);
        if (updated === undefined) throw missing();
        return updated;
      },
    );
  }

  if (serves('delete')) {
    app.delete(
      one,
      {
        ...routeOf('delete'),
        schema: schemaOf('delete', {
          params: idParam,
          response: { 204: z.null(), ...errorResponses },
        }),
      },
      async (request, reply) => {
        const removed = await data.remove(idOf(request), request).catch((err: unknown) => {
          if (sqlStateOf(err) === '23503') {
            throw new HttpError(
              409,
              errorCodes.linked,
              d.linked ?? 'Other records are linked to it; unlink them first',
            );
          }
          throw err;
        });
        if (!removed) throw missing();
        return reply.status(204).send(null);
      },
    );
  }

  if (d.deleteByQuery) {
    const { query, summary, remove } = d.deleteByQuery;
    app.delete(
      base,
      {
        ...routeOf('delete'),
        schema: schemaOf('delete', {
          summary,
          querystring: query,
          response: { 204: z.null(), ...errorResponses },
        }),
      },
      async (request, reply) => {
        if (!(await remove(request.query as never, request))) throw missing();
        return reply.status(204).send(null);
      },
    );
  }
}
