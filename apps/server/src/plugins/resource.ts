import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorCodes,
  idParam,
  queryFlag,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@school/contract/common';
import type { Db, Tx } from '../db/client.js';
import type { ListQuery } from '../db/list.js';
import { tableQueries, type ResourceTable, type TableDescription } from '../db/resource.js';
import { requireUser } from './access.js';
import { registerHistoryRoute } from './history.js';
import { errorResponses, HttpError, notFound, sqlStateOf } from './errors.js';
import {
  fieldsFromQuery,
  setsNothing,
  uncheckedJson,
  type ResourceData,
} from './resource.parts.js';
import {
  guardVersion,
  guardVersionInWrite,
  versionedItem,
  versionedUpdate,
  versionSent,
} from './versions.js';

export { withVersion } from './versions.js';
export {
  completedWith,
  setsNothing,
  tableOf,
  uncheckedJson,
  type ResourceData,
} from './resource.parts.js';

/** The type of an answer written as JSON text before it is sent. */
const JSON_TYPE = 'application/json; charset=utf-8';

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
type Hook = (request: FastifyRequest) => Promise<void>;
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** A unique value whose duplicate answers `status` naming the field. */
type Unique = { field: string; message: string; status?: 400 | 409 };

export interface ResourceDescription<
  T extends ResourceTable,
  SI extends z.ZodType,
  SQ extends z.ZodType<ListQuery>,
  SC extends z.ZodType,
  SU extends z.ZodType,
> {
  /** the URL segment: /{path} and /{path}/{id} under the API prefix */
  path: string;
  /**
   * The entity its history entries are recorded under (docs/history.md): the path when not
   * given. GET /{path}/{id}/history answers them, with the access of the item's GET.
   */
  entity?: string;
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
  /**
   * The columns only an update sets, over toColumns': a value computed from the row as it is,
   * set by the update's own statement (a seeded dictionary entry's key cleared on a rename).
   */
  updateColumns?: (
    input: z.output<SU>,
  ) => Partial<{ [K in keyof T['$inferInsert']]: T['$inferInsert'][K] | SQL }>;
  /** create fields a client may send in the query instead (POST /api/x?field=1) */
  createFieldsFromQuery?: string[];
  /** the 404 message */
  notFound: string;
  /** access hook per operation; requireUser where not given */
  access?: Partial<Record<Operation, Hook>>;
  /** the operations to serve (all five when not given; 'delete' covers deleteByQuery) */
  only?: Operation[];
  /** the `{id}` of the item paths when ids may be other than positive (fixed ids from 0) */
  params?: typeof idParam;
  /** OpenAPI summaries */
  summaries?: Partial<Record<Operation, string>>;
  /**
   * A unique value: a duplicate answers this status (400 by default) naming the field, never
   * a 500.
   */
  unique?: Unique;
  /**
   * The list's items come from typed code (toItem or an override) and are written as JSON
   * without being checked against the item schema again: for a page of many wide rows that
   * check costs more than the query (ADR 016). The schema still documents the answer.
   */
  listUnchecked?: boolean;
  /**
   * An update that finds and locks its row itself, checks the version sent on it (throwing
   * VersionConflict) and answers undefined when there is none: the item is then not read before
   * it, so a write is one round trip (ADR 048). Over the override's `update`.
   */
  updateItself?: (id: number, input: z.output<SU>, request: FastifyRequest) => Promise<unknown>;
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
   * build on. A `remove` override deletes through `plain.remove`: a dry run (ADR 025) builds
   * `plain` on a transaction it rolls back, so what the override reads is checked and nothing
   * is deleted.
   */
  override?: (
    plain: ResourceData<z.output<SI>, z.output<SQ>, z.output<SC>, z.output<SU>>,
  ) => Partial<ResourceData<z.output<SI>, z.output<SQ>, z.output<SC>, z.output<SU>>>;
}

/**
 * The data operations of a resource: the plain table ones, with the description's override.
 * `db` may be a transaction (a delete's dry run runs the same statements in one).
 */
function dataOf<
  T extends ResourceTable,
  SI extends z.ZodType,
  SQ extends z.ZodType<ListQuery>,
  SC extends z.ZodType,
  SU extends z.ZodType,
>(db: Db | Tx, d: ResourceDescription<T, SI, SQ, SC, SU>) {
  type Data = ResourceData<z.output<SI>, z.output<SQ>, z.output<SC>, z.output<SU>>;
  // every item carries its row's version (ADR 038)
  const toItem = (row: T['$inferSelect']) =>
    ({
      ...(d.toItem(row) as object),
      version: (row as { version: number }).version,
    }) as z.output<SI>;
  // every write of the plain operations records its history entry (ADR 027): the row as
  // stored, as every write of the queries layer records it
  const queries = tableQueries<T, z.output<SQ>>(db, d.table, { entity: d.entity ?? d.path });
  const plain: Data = {
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
      const columns = { ...d.toColumns(input), ...d.updateColumns?.(input) };
      const row = await queries.update(id, columns, versionSent(input));
      return row && toItem(row);
    },
    remove: (id) => queries.remove(id),
  };
  return { ...plain, ...d.override?.(plain) } as Data;
}

/**
 * A delete's dry run (ADR 025): the resource's own delete in a transaction that is rolled back
 * whatever happens, its constraints checked at once (none waits for a commit that never comes).
 * True when the row was there and could go; a refusal throws as the delete would.
 */
async function wouldRemove(db: Db, remove: (tx: Tx) => Promise<boolean>): Promise<boolean> {
  let gone = false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all immediate`);
      gone = await remove(tx);
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
  return gone;
}

/** The query of a delete: `dryRun` checks it without deleting (ADR 025). */
const deleteQuery = z.object({
  dryRun: queryFlag(
    'Only check: 204 when the record can be deleted, the same refusal as the delete when not; nothing is deleted',
  ),
});

/** A failed write as the API answers it: a duplicate (23505) or a linked delete (23503). */
function refusalOf(d: { unique?: Unique | undefined; linked?: string }) {
  return (err: unknown): never => {
    const state = sqlStateOf(err);
    if (d.unique && state === '23505') {
      const status = d.unique.status ?? 400;
      const code = status === 400 ? errorCodes.validation : errorCodes.conflict;
      throw new HttpError(status, code, `Invalid ${d.unique.field}: ${d.unique.message}`, {
        [d.unique.field]: d.unique.message,
      });
    }
    if (d.linked !== undefined && state === '23503') {
      throw new HttpError(409, errorCodes.linked, d.linked);
    }
    throw err;
  };
}

/**
 * Registers list / get / create / update / delete of one resource (docs/architecture.md,
 * Resources; ADR 010): paths, paging with X-Total-Count, 201/200/204, 404, a duplicate
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
  const data = dataOf(db, d);
  const serve = (
    op: Operation,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    schema: Record<string, unknown>,
    handler: Handler,
    options: object = {},
  ) => {
    if (d.only && !d.only.includes(op)) return;
    app.route({
      method,
      url,
      onRequest: [d.access?.[op] ?? requireUser],
      ...options,
      schema: {
        tags: d.tags,
        ...(d.summaries?.[op] ? { summary: d.summaries[op] } : {}),
        ...schema,
        response: { ...(schema.response as object), ...errorResponses, ...d.errors },
      },
      handler,
    });
  };
  const missing = () => notFound(d.notFound);
  const duplicate = refusalOf({ unique: d.unique });
  const linked = refusalOf({
    linked: d.linked ?? 'Other records are linked to it; unlink them first',
  });
  const entity = d.entity ?? d.path;
  const item = versionedItem(d.schemas.item);
  const base = `/${d.path}`;
  const one = `/${d.path}/:id`;
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParam>).id;
  const found = async <I>(item: Promise<I | undefined>) => {
    const value = await item;
    if (value === undefined) throw missing();
    return value;
  };
  const answers = (status: number, schema: z.ZodType) => ({ [status]: schema });

  const list: Handler = async (request, reply) => {
    const page = await data.list(request.query as z.output<SQ>, request);
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    if (page.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, '1');
    // written as JSON already: sent as it is, never written again (ADR 052)
    // as bytes: Node then neither measures nor encodes the text again on its way out
    if (page.json !== undefined) return reply.type(JSON_TYPE).send(Buffer.from(page.json));
    return page.rows;
  };
  const update: Handler = async (request) => {
    const id = idOf(request);
    const input = request.body as z.output<SU>;
    const { updateItself } = d;
    if (updateItself && !setsNothing(input)) {
      const current = () => found(data.find(id, request)) as Promise<object>;
      return guardVersionInWrite(db, { entity, id, current }, versionSent(input), () =>
        found(updateItself(id, input, request).catch(duplicate)),
      );
    }
    const current = await found(data.find(id, request));
    // ADR 038: a save made on an older version changes nothing; the write checks it again on
    // the row it locks, so a change in between is refused too
    return guardVersion(db, { entity, id, current: current as object }, versionSent(input), () =>
      // ADR 010: a body that sets nothing answers the object as it is
      setsNothing(input)
        ? Promise.resolve(current)
        : found(data.update(id, input, request, current).catch(duplicate)),
    );
  };
  const removed = async (reply: FastifyReply, done: Promise<boolean>) => {
    if (!(await done)) throw missing();
    return reply.status(204).send(null);
  };

  serve(
    'list',
    'GET',
    base,
    { querystring: d.schemas.query, response: answers(200, z.array(item)) },
    list,
    d.listUnchecked ? uncheckedJson : {},
  );
  serve(
    'get',
    'GET',
    one,
    { params: d.params ?? idParam, response: answers(200, item) },
    async (request) => found(data.find(idOf(request), request)),
  );
  serve(
    'create',
    'POST',
    base,
    { body: d.schemas.create, response: answers(201, item) },
    async (request, reply) =>
      reply
        .status(201)
        .send(await data.create(request.body as z.output<SC>, request).catch(duplicate)),
    d.createFieldsFromQuery ? { preValidation: fieldsFromQuery(d.createFieldsFromQuery) } : {},
  );
  serve(
    'update',
    'PUT',
    one,
    {
      params: d.params ?? idParam,
      body: versionedUpdate(d.schemas.update),
      response: answers(200, item),
    },
    update,
  );
  serve(
    'delete',
    'DELETE',
    one,
    { params: idParam, querystring: deleteQuery, response: answers(204, z.null()) },
    async (request, reply) => {
      const id = idOf(request);
      const { dryRun } = request.query as z.output<typeof deleteQuery>;
      const done =
        dryRun === 1
          ? wouldRemove(db, (tx) => dataOf(tx, d).remove(id, request))
          : data.remove(id, request);
      return removed(reply, done.catch(linked));
    },
  );
  if (!d.only || d.only.includes('get')) {
    registerHistoryRoute(app, db, {
      path: d.path,
      entity: d.entity ?? d.path,
      tags: d.tags,
      access: d.access?.get ?? requireUser,
      exists: async (id, request) => (await data.find(id, request)) !== undefined,
    });
  }
  if (d.deleteByQuery) {
    const { query, summary, remove } = d.deleteByQuery;
    serve(
      'delete',
      'DELETE',
      base,
      { summary, querystring: query, response: answers(204, z.null()) },
      async (request, reply) => removed(reply, remove(request.query as never, request)),
    );
  }
}
