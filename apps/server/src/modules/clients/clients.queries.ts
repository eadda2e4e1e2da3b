import { and, asc, eq, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { StageSummary } from '@school/contract/clients';
import { type Db } from '../../db/client.js';
import { cappedTotalOf, isoInstant, orderBy, searchOver, totalOf } from '../../db/list.js';
import { preparedOnce } from '../../db/prepared.js';
import { preparedSelect } from '../../db/rows.js';
import { clientDayTotals, clients, clientStageTotals } from '../../db/schema/clients.js';
import { products, stages } from '../../db/schema/lookups.js';

export type ClientRow = typeof clients.$inferSelect;
export type ClientWithProduct = { client: ClientRow; productName: string | null };

export interface ClientFilters {
  search?: string | undefined;
  stage?: number | undefined;
  responsibleId?: number | undefined;
  project?: number | undefined;
  product?: number | undefined;
  source?: number | undefined;
}

export function filtersOf(f: ClientFilters): SQL | undefined {
  return and(
    searchOver(f.search, [clients.firstName, clients.lastName, clients.email, clients.tel]),
    f.stage === undefined ? undefined : eq(clients.stageId, f.stage),
    f.responsibleId === undefined ? undefined : eq(clients.responsibleId, f.responsibleId),
    f.project === undefined ? undefined : eq(clients.projectId, f.project),
    f.product === undefined ? undefined : eq(clients.productId, f.product),
    f.source === undefined ? undefined : eq(clients.sourceId, f.source),
  );
}

const sortable = {
  id: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  tel: clients.tel,
  price: clients.price,
  probability: clients.probability,
  dLastContact: clients.dLastContact,
  stage: stages.order,
  product: products.name,
  stageChangedAt: clients.stageChangedAt,
  createdAt: clients.createdAt,
};

export interface ClientPage extends ClientFilters {
  sort?: string | undefined;
  limit: number;
  offset: number;
}

/** True when no filter but the stage (or none) is set: the totals table knows the count. */
const stageOnly = (f: ClientFilters) =>
  [f.search, f.responsibleId, f.project, f.product, f.source].every(
    (v) => v === undefined || v === '',
  );

/** A value, or a placeholder a prepared statement fills in. */
type Param = number | Placeholder;

/**
 * How many clients match, as an SQL expression (ADR 016): a stage filter or none reads the
 * per-stage totals kept by triggers (exact, no scan); a search counts at most
 * TOTAL_COUNT_CAP + 1 rows; other filters count.
 */
export function clientsTotalOf(f: ClientFilters, stage: Param | undefined = f.stage): SQL<number> {
  if (stageOnly(f)) {
    const which = stage === undefined ? sql`true` : eq(clientStageTotals.stageKey, stage);
    return sql<number>`(select coalesce(sum(${clientStageTotals.clients}), 0) from ${clientStageTotals} where ${which})::int`;
  }
  const where = filtersOf(f);
  return f.search ? cappedTotalOf(clients, where) : totalOf(clients, where);
}

/**
 * The page's clients, each as JSON text, with the total on every row. The stage, limit and
 * offset may be placeholders (see listClients).
 */
function clientsPageQuery(
  db: Db,
  q: ClientPage,
  { stage = q.stage, limit = q.limit, offset = q.offset }: Record<string, Param | undefined> = {},
) {
  const where = and(
    filtersOf({ ...q, stage: undefined }),
    stage === undefined ? undefined : eq(clients.stageId, stage),
  );
  return db
    .select({ json: clientJson.as('json'), total: clientsTotalOf(q, stage).as('total') })
    .from(clients)
    .leftJoin(products, eq(products.id, clients.productId))
    .leftJoin(stages, eq(stages.id, clients.stageId))
    .where(where)
    .orderBy(...orderBy(q.sort, sortable, 'lastName', clients.id))
    .limit(limit ?? q.limit)
    .offset(offset ?? q.offset);
}

/**
 * A client as the API answers it (`toClient` in clients.routes.ts), written as JSON text by
 * PostgreSQL: the same members in the same order, a price as a number, dates as YYYY-MM-DD,
 * instants as toISOString writes them (ADR 052).
 */
const clientJson = sql<string>`(select row_to_json(c) from (select
  ${clients.id} as "id", ${clients.firstName} as "firstName", ${clients.lastName} as "lastName",
  ${clients.email} as "email", ${clients.tel} as "tel", ${clients.price}::float8 as "price",
  ${clients.dLastContact} as "dLastContact", ${clients.probability} as "probability",
  ${clients.responsibleId} as "responsibleId", ${clients.projectId} as "project",
  ${clients.stageId} as "stage", ${clients.languageId} as "language",
  ${clients.categoryId} as "category",
  (select row_to_json(p) from (select ${clients.productId} as "id",
    coalesce(${products.name}, '') as "name") p where ${clients.productId} is not null) as "product",
  ${clients.sourceId} as "source", ${clients.hashCode} as "hashCode",
  ${clients.dateBirth} as "dateBirth", ${clients.position} as "position",
  ${clients.address} as "address", ${clients.age} as "age", ${clients.facebook} as "facebook",
  ${clients.telegramUsername} as "telegramUsername", ${clients.timezone} as "timezone",
  ${isoInstant(clients.lastActivity)} as "lastActivity", ${clients.device} as "device",
  ${isoInstant(clients.stageChangedAt)} as "stageChangedAt",
  ${isoInstant(clients.createdAt)} as "createdAt", ${clients.version} as "version") c)::text`;

/**
 * The page as one row: its clients' JSON texts joined into the array in the page's order, and
 * its total (null past the last row). Unexecuted, so the bench can run the very same SQL on a
 * bare route. PostgreSQL hands the rows of a sorted subquery to the aggregate in that order (a
 * test holds it to the page's order for every sort).
 */
export function clientsPageJson(
  db: Db,
  q: ClientPage,
  params: Record<string, Param | undefined> = {},
) {
  const page = clientsPageQuery(db, q, params).as('page');
  return db
    .select({
      json: sql<string>`'[' || coalesce(string_agg(${page.json}, ','), '') || ']'`,
      total: sql<number | null>`max(${page.total})`,
    })
    .from(page);
}

/** What the page's row holds (db/rows.ts). */
const pageShape = { json: sql<string>`''`, total: sql<number | null>`0` };

/**
 * A page of clients as the API answers it, a JSON array, with its total. The board's and the
 * list's usual shape (a stage or no filter, any sort) runs as a prepared statement: the SQL is
 * built once per database and shape, not on every request (ADR 016). PostgreSQL writes the
 * page as the API answers it, so the server neither decodes nor writes the clients' columns
 * (ADR 052).
 */
export async function listClients(db: Db, q: ClientPage): Promise<ClientPageRow> {
  if (!stageOnly(q)) {
    const [row] = await clientsPageJson(db, q);
    return row ?? { json: '[]', total: null };
  }
  const name = `clients_page_${q.stage === undefined ? 'all' : 'stage'}_${q.sort ?? ''}`;
  const page = preparedSelect<ClientPageRow>(db, name, pageShape, () =>
    clientsPageJson(
      db,
      { ...q, stage: undefined },
      {
        stage: q.stage === undefined ? undefined : sql.placeholder('stage'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      },
    ),
  );
  const [row] = await page({ stage: q.stage, limit: q.limit, offset: q.offset });
  return row ?? { json: '[]', total: null };
}

/** A page of clients: the JSON array, and the total (null when the page is past the last row). */
export type ClientPageRow = { json: string; total: number | null };

/** The count of clientsTotalOf on its own (a page past the last row carries none). */
export async function countClients(db: Db, f: ClientFilters) {
  const [row] = await db.select({ n: clientsTotalOf(f) }).from(sql`(select 1) one`);
  return row?.n ?? 0;
}

export async function findClient(db: Db, id: number): Promise<ClientWithProduct | undefined> {
  const [row] = await db
    .select({ client: clients, productName: products.name })
    .from(clients)
    .leftJoin(products, eq(products.id, clients.productId))
    .where(eq(clients.id, id));
  return row;
}

/**
 * Every stage in board order with its clients' count and price sum as the triggers keep them:
 * the unfiltered pipeline headers, for summaryByStage and inside the dashboard's statement (its
 * columns named as StageSummary's fields, so a row is one as JSON too).
 */
const stageTotalsQuery = (db: Db) =>
  db
    .select({
      id: stages.id,
      name: stages.name,
      color: stages.color,
      order: sql<number>`${stages.order}`.as('order'),
      count: sql<number>`coalesce(${clientStageTotals.clients}, 0)::int`.as('count'),
      sum: sql<string>`coalesce(${clientStageTotals.priceSum}, 0)`.as('sum'),
    })
    .from(stages)
    .leftJoin(clientStageTotals, eq(clientStageTotals.stageKey, stages.id))
    .orderBy(asc(stages.order), asc(stages.id));

/**
 * Per stage, in board order: how many clients and their total price (pipeline headers).
 * Unfiltered it reads the totals the triggers keep; a filter aggregates the matching clients.
 */
export async function summaryByStage(db: Db, f: ClientFilters = {}) {
  const stage = { id: stages.id, name: stages.name, color: stages.color, order: stages.order };
  const rows = stageOnly(f)
    ? await stageTotalsQuery(db)
    : await db
        .select({
          ...stage,
          count: sql<number>`count(${clients.id})::int`,
          sum: sql<string>`coalesce(sum(${clients.price}), 0)`,
        })
        .from(stages)
        .leftJoin(
          clients,
          and(eq(clients.stageId, stages.id), filtersOf({ ...f, stage: undefined })),
        )
        .groupBy(stages.id)
        .orderBy(asc(stages.order), asc(stages.id));
  return rows.map((r) => ({ ...r, sum: Number(r.sum) }));
}

/**
 * The whole dashboard in one statement, so every figure comes from one snapshot and one round
 * trip: the totals and the pipeline value from the stage totals, the stage rows (as the
 * unfiltered pipeline headers) from stages and those totals, and the new clients and stage moves
 * from the day totals (ADR 016). Both totals tables are kept by triggers, so the statement reads
 * a row per stage and per day however many clients there are. The last 30 days are the chart's:
 * today and the 29 days before it, from midnight (docs/clients.md), so the new clients' figure
 * is the sum of the chart's days. A prepared statement, made once per database.
 */
export async function dashboardOf(db: Db) {
  const statement = preparedOnce(db, 'dashboard', (name) => {
    // the 30 days' rows of the day totals by their key, however many days the table holds
    const month = sql`(select ${clientDayTotals.day}, ${clientDayTotals.added},
      ${clientDayTotals.stageMoves} from ${clientDayTotals}
      where ${clientDayTotals.day} >= current_date - 29)`;
    return db
      .select({
        totalClients: sql<number>`(select coalesce(sum(${clientStageTotals.clients}), 0)::int
          from ${clientStageTotals})`,
        pipelineValue: sql<string>`(select coalesce(sum(${clientStageTotals.weightedSum}), 0)
          from ${clientStageTotals})`,
        newClients30d: sql<number>`(select coalesce(sum(m.added), 0)::int from ${month} m)`,
        stageMoves30d: sql<number>`(select coalesce(sum(m.stage_moves), 0)::int from ${month} m)`,
        // one row per day, a day without clients too, oldest first
        newClientsByDay: sql<{ date: string; count: number }[]>`(
          select json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'),
            'count', coalesce(m.added, 0)) order by d.day)
          from (select current_date - i as day from generate_series(0, 29) i) d
          left join ${month} m on m.day = d.day)`,
        // summaryByStage unfiltered: every stage in board order, a stage without clients too
        byStage: sql<StageSummary[]>`(
          select coalesce(json_agg(s order by s."order", s.id), '[]')
          from ${stageTotalsQuery(db)} s)`,
      })
      .from(sql`(select 1) one`)
      .prepare(name);
  });
  const [row] = await statement.execute();
  if (!row) throw new Error('the dashboard statement returned no row');
  return {
    ...row,
    // numeric as text, rounded to the cent as the contract's number
    pipelineValue: Math.round(Number(row.pipelineValue) * 100) / 100,
  };
}
