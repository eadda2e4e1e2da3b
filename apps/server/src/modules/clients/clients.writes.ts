import { asc, eq, sql } from 'drizzle-orm';
import { type Db, type Tx } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import { checkVersion } from '../../db/versions.js';
import { clientStageMoves, clients } from '../../db/schema/clients.js';
import { stages } from '../../db/schema/lookups.js';
import { newHashCode } from '../students/students.shared.js';

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

/** Updates a client; a stage change goes through changeStages (stamped and logged). */
export async function updateClient(db: Db, id: number, f: ClientFields, movedBy: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
    if (!current) return false;
    // ADR 038: a save made on an older version changes nothing
    checkVersion(current, f.version);
    if (f.stage !== undefined) await changeStages(tx, [{ clientId: id, stage: f.stage }], movedBy);
    const columns = columnsBesideStage(f);
    // the row as it now is, for its history entry: from the update when there is one
    const [after] = columns
      ? await tx.update(clients).set(columns).where(eq(clients.id, id)).returning()
      : await tx.select().from(clients).where(eq(clients.id, id));
    await recordChange(tx, {
      action: 'update',
      entity: 'clients',
      entityId: id,
      before: current,
      after,
    });
    return true;
  });
}
