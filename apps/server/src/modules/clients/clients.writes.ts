import { asc, getTableColumns, sql } from 'drizzle-orm';
import { type Db, type Tx } from '../../db/client.js';
import { currentActor, recordChange } from '../../db/history.js';
import { historyOfUpdate } from '../../db/history-statement.js';
import { preparedStatement, rowDecoder } from '../../db/rows.js';
import { VersionConflict } from '../../db/versions.js';
import { clientStageMoves, clients } from '../../db/schema/clients.js';
import { stages } from '../../db/schema/lookups.js';
import { newHashCode } from '../students/students.shared.js';
import type { ClientWithProduct } from './clients.queries.js';

/** The fields a write may set, already parsed by the contract schema. */
export interface ClientFields {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  tel?: string | undefined;
  price?: number | null | undefined;
  dLastContact?: string | null | undefined;
  probability?: number | null | undefined;
  responsibleId?: number | null | undefined;
  project?: number | null | undefined;
  stage?: number | null | undefined;
  language?: number | null | undefined;
  category?: number | null | undefined;
  product?: number | null | undefined;
  source?: number | null | undefined;
  dateBirth?: string | null | undefined;
  position?: string | undefined;
  address?: string | undefined;
  age?: number | null | undefined;
  facebook?: string | undefined;
  telegramUsername?: string | undefined;
  timezone?: string | undefined;
  device?: string | undefined;
  /** the version the change was made on (ADR 038); not a column */
  version?: number | undefined;
}

/** Maps API field names to columns; undefined stays undefined so drizzle leaves it alone. */
export function columnsOf(f: ClientFields) {
  return {
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    tel: f.tel,
    price: f.price === undefined ? undefined : f.price === null ? null : f.price.toFixed(2),
    dLastContact: f.dLastContact,
    probability: f.probability,
    responsibleId: f.responsibleId,
    projectId: f.project,
    stageId: f.stage,
    languageId: f.language,
    categoryId: f.category,
    productId: f.product,
    sourceId: f.source,
    dateBirth: f.dateBirth,
    position: f.position,
    address: f.address,
    age: f.age,
    facebook: f.facebook,
    telegramUsername: f.telegramUsername,
    timezone: f.timezone,
    device: f.device,
  };
}

/**
 * The stage a new client gets when none is chosen: the pipeline's first, by order then id
 * (docs/clients.md, Stages); null only while there is no stage at all.
 */
export async function firstStageId(tx: Tx): Promise<number | null> {
  const [first] = await tx
    .select({ id: stages.id })
    .from(stages)
    .orderBy(asc(stages.order), asc(stages.id))
    .limit(1);
  return first?.id ?? null;
}

export async function insertClient(db: Db, f: ClientFields & { firstName: string }) {
  return db.transaction(async (tx) => {
    const stageId = f.stage ?? (await firstStageId(tx));
    const [row] = await tx
      .insert(clients)
      .values({ ...columnsOf(f), stageId, firstName: f.firstName, hashCode: newHashCode() })
      .returning();
    if (!row) throw new Error('client not created');
    await recordChange(tx, { action: 'create', entity: 'clients', entityId: row.id, after: row });
    return row.id;
  });
}

export interface StageChange {
  clientId: number;
  stage: number | null;
}

/**
 * The one way a client's stage changes, for the pipeline, the form and the import alike: a
 * client whose stage differs gets the new stage and stageChangedAt now(), and the move is
 * logged in client_stage_moves (the dashboard counts them). The rows are locked first, so two
 * moves at once log the right "from" stage. Takes any number of clients (one query per target
 * stage, one array parameter each); returns how many moved. Run it inside a transaction.
 */
export async function changeStages(tx: Tx, changes: StageChange[], movedBy: number | null) {
  if (changes.length === 0) return 0;
  const ids = changes.map((c) => c.clientId);
  const current = await tx
    .select({ id: clients.id, stageId: clients.stageId })
    .from(clients)
    .where(sql`${clients.id} = any(${sql.param(ids)}::int[])`)
    .orderBy(clients.id)
    .for('update');
  const from = new Map(current.map((c) => [c.id, c.stageId]));
  const moves = changes.filter((c) => from.has(c.clientId) && from.get(c.clientId) !== c.stage);
  const byTarget = new Map<number | null, number[]>();
  for (const move of moves)
    byTarget.set(move.stage, [...(byTarget.get(move.stage) ?? []), move.clientId]);
  // the moves first: their day's totals row is locked before the stages' (migration 0019)
  for (let i = 0; i < moves.length; i += 5000) {
    await tx.insert(clientStageMoves).values(
      moves.slice(i, i + 5000).map((m) => ({
        clientId: m.clientId,
        fromStageId: from.get(m.clientId) ?? null,
        toStageId: m.stage,
        movedBy,
      })),
    );
  }
  for (const [stage, movedIds] of byTarget) {
    await tx
      .update(clients)
      .set({ stageId: stage, stageChangedAt: sql`now()` })
      .where(sql`${clients.id} = any(${sql.param(movedIds)}::int[])`);
  }
  return moves.length;
}

/** The columns of `f` other than the stage (changeStages sets that); null when there are none. */
export function columnsBesideStage(f: ClientFields) {
  const columns = columnsOf({ ...f, stage: undefined });
  return Object.values(columns).some((v) => v !== undefined) ? columns : null;
}

const clientOf = rowDecoder(clients);
const clientColumns = getTableColumns(clients);

/** The columns a client's update may set beside the stage, with their fields (columnsOf). */
const settable = Object.keys(columnsOf({}))
  .filter((field) => field !== 'stageId')
  .map((field) => ({ field, column: clientColumns[field as keyof typeof clientColumns] }));

/**
 * A client's update as one prepared statement (ADR 048, ADR 051): the same text whatever the
 * request sets, so it is built once and PostgreSQL plans it once per connection. Each column
 * takes its value when its name is among `set`, else keeps its own; a stage move is stamped and
 * logged when `stage` is among them and differs. `withActor`: with the record history entry of
 * the request's user (without one, outside a request, none is written, ADR 027).
 */
function clientUpdateStatement(withActor: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const given = (name: string) => sql`${name}::text = any(${p('set')}::text[])`;
  const stage = sql`${p('stage')}::int`;
  const stageMoves = sql`${given('stage_id')} and b.stage_id is distinct from ${stage}`;
  const sets = settable.map(({ field, column }) => {
    const name = sql.identifier(column.name);
    return sql`${name} = case when ${given(column.name)}
      then ${p(field)}::${sql.raw(column.getSQLType())} else c.${name} end`;
  });
  sets.push(sql`stage_id = case when ${given('stage_id')} then ${stage} else c.stage_id end`);
  sets.push(sql`stage_changed_at = case when ${stageMoves} then now() else c.stage_changed_at end`);
  const actor = { userId: p('userId'), userName: p('userName'), requestId: p('requestId') };
  return sql`
    with b as (select * from clients where id = ${p('id')}::int for update),
    ok as (select * from b where ${p('version')}::int is null or b.version = ${p('version')}::int),
    moved as (
      insert into client_stage_moves (client_id, from_stage_id, to_stage_id, moved_by)
      select b.id, b.stage_id, ${stage}, ${p('movedBy')}::int from ok b where ${stageMoves}
      returning 1
    ),
    a as (
      update clients c set ${sql.join(sets, sql`, `)}
      from ok b where c.id = b.id and (select count(*) from moved) >= 0
      returning c.*
    )${
      withActor
        ? sql`, h as (${historyOfUpdate(actor, 'clients', clients, {
            before: 'b',
            after: 'a',
            from: sql`b join a on a.id = b.id`,
          })})`
        : sql``
    }
    select a.*, p.name as product_name, b.version as version_before, a.id is not null as updated
    from b left join a on true left join products p on p.id = a.product_id`;
}

/**
 * Updates a client in one statement (ADR 048), with what changeStages does to a stage change
 * (stamped, logged in client_stage_moves before the client's row is written, migration 0019) and
 * its record history entry; a save made on an older version changes nothing (ADR 038). The row
 * as it now is with its product's name, undefined when there is no such client.
 */
export async function updateClient(
  db: Db,
  id: number,
  f: ClientFields,
  movedBy: number,
): Promise<ClientWithProduct | undefined> {
  const actor = currentActor();
  const values: Record<string, unknown> = {
    id,
    version: f.version ?? null,
    stage: f.stage ?? null,
    movedBy,
    ...actor,
  };
  const set: string[] = f.stage === undefined ? [] : ['stage_id'];
  const columns = columnsBesideStage(f) ?? {};
  for (const { field, column } of settable) {
    const value = columns[field as keyof typeof columns];
    values[field] = value === undefined || value === null ? null : column.mapToDriverValue(value);
    if (value !== undefined) set.push(column.name);
  }
  values.set = set;
  const name = actor ? 'client_update' : 'client_update_unrecorded';
  const update = preparedStatement(db, name, () => clientUpdateStatement(actor !== undefined));
  const [row] = await update<Record<string, unknown>>(values);
  if (!row) return undefined;
  if (!row.updated) throw new VersionConflict(Number(row.version_before));
  return { client: clientOf(row), productName: (row.product_name as string | null) ?? null };
}
