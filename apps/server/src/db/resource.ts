import { and, count, eq, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { recordChange, recordChanges, rowChanges, withHistory, type Change } from './history.js';
import { orderBy, searchOver, totalOf, type ListQuery } from './list.js';
import { checkVersion } from './versions.js';

/** A table a resource is stored in: any table with an integer id. */
export type ResourceTable = PgTable & { id: PgColumn };

export interface TableDescription<T extends ResourceTable, Q extends ListQuery> {
  table: T;
  /** columns the header search looks in (case-insensitive "contains") */
  search?: (AnyColumn | SQL)[];
  /** the `sort` names a list accepts, and the column each one orders by (id when none) */
  sort?: Record<string, AnyColumn | SQL>;
  defaultSort?: string;
  /** list filters beyond the search, from the parsed query */
  filters?: (query: Q) => SQL | undefined;
  /** the rows of other tables a delete removes or changes with it (ON DELETE CASCADE, SET NULL) */
  dependents?: Dependent[];
}

/**
 * Rows of another table that deleting a record removes or changes by itself, through the
 * database's ON DELETE CASCADE or SET NULL. The delete reads them before and again after, in
 * its transaction, so each leaves its entry (docs/history.md): a removed row a `delete` with
 * the whole row, a changed one an `update` with what was cleared.
 */
export interface Dependent {
  /** the entity its rows' entries are recorded under */
  entity: string;
  table: ResourceTable;
  /** the rows deleting record `id` removes or changes, as a condition on `table` */
  of: (id: number) => SQL;
  /** the entry of a removed row when it is not a `delete` (a user's session: `session_revoke`) */
  removed?: (row: Record<string, unknown>) => Change;
}

type DependentRow = Record<string, unknown> & { id: number };

/**
 * The dependents of record `id` as they are before its delete, locked; the record's own row,
 * locked before them, keeps new ones from being linked to it meanwhile.
 */
async function dependentsBefore(tx: Tx, dependents: readonly Dependent[], id: number) {
  const read: { dependent: Dependent; rows: DependentRow[] }[] = [];
  for (const dependent of dependents) {
    const { table } = dependent;
    const rows = (await tx
      .select()
      .from(table)
      .where(dependent.of(id))
      .orderBy(table.id)
      .for('update')) as DependentRow[];
    if (rows.length > 0) read.push({ dependent, rows });
  }
  return read;
}

/** What the delete did to the dependents read before it: removed rows and changed ones. */
async function dependentChanges(
  tx: Tx,
  read: Awaited<ReturnType<typeof dependentsBefore>>,
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const { dependent, rows } of read) {
    const { table } = dependent;
    const ids = rows.map((r) => r.id);
    const after = (await tx
      .select()
      .from(table)
      .where(inArray(table.id, ids))
      .orderBy(table.id)) as DependentRow[];
    for (const change of rowChanges(dependent.entity, rows, after)) {
      const removed = change.action === 'delete' && dependent.removed;
      changes.push(removed ? removed(change.before as DependentRow) : change);
    }
  }
  return changes;
}

export interface Page<R> {
  rows: R[];
  /**
   * The page already written as a JSON array by PostgreSQL (ADR 052): answered as it is, and
   * `rows` is then empty.
   */
  json?: string;
  total: number;
  /** the total stopped at a cap: there are more rows (X-Total-Count-Capped) */
  capped?: boolean;
}

/**
 * The record history of a resource's writes (docs/history.md, ADR 027): the entity as in its
 * API path, and the record as the API shows it (the row itself when not given).
 */
export interface TableHistory<Row> {
  entity: string;
  view?: (row: Row) => object;
}

/**
 * The SQL of a plain resource, written once: a page with its total, one row, insert, update
 * and delete by id. A resource whose rows need joins or rules writes its own instead. With
 * `audit`, each insert, update and delete writes its history entry in its own transaction.
 */
export function tableQueries<T extends ResourceTable, Q extends ListQuery>(
  db: Db | Tx,
  d: TableDescription<T, Q>,
  audit?: TableHistory<T['$inferSelect']>,
) {
  type Row = T['$inferSelect'];
  type Values = Partial<T['$inferInsert']>;
  const table = d.table as PgTable & { id: PgColumn };
  const whereOf = (q: Q) => and(searchOver(q.search, d.search ?? []), d.filters?.(q));
  const view = (row: Row): object => (audit?.view ? audit.view(row) : row);
  const idOf = (row: Row) => (row as { id: number }).id;
  const one = async (run: Db | Tx, id: number, lock = false) => {
    const query = run.select().from(table).where(eq(table.id, id));
    const [row] = (await (lock ? query.for('update') : query)) as Row[];
    return row;
  };

  return {
    async list(q: Q): Promise<Page<Row>> {
      const where = whereOf(q);
      const rows = (await db
        .select({ row: table, total: totalOf(table, where) })
        .from(table)
        .where(where)
        .orderBy(...orderBy(q.sort, d.sort ?? {}, d.defaultSort ?? 'id', table.id))
        .limit(q.limit)
        .offset(q.offset)) as unknown as { row: Row; total: number }[];
      // past the last row the scalar total is not there: ask for it
      let total = rows[0]?.total;
      if (total === undefined) {
        total = 0;
        if (q.offset > 0) {
          const [counted] = await db.select({ n: count() }).from(table).where(where);
          total = counted?.n ?? 0;
        }
      }
      return { rows: rows.map((r) => r.row), total };
    },
    async find(id: number): Promise<Row | undefined> {
      return one(db, id);
    },
    async insert(values: Values): Promise<Row> {
      const insert = async (run: Db | Tx) => {
        const [row] = (await run
          .insert(table)
          .values(values as T['$inferInsert'])
          .returning()) as Row[];
        if (!row) throw new Error('row not created');
        return row;
      };
      if (!audit) return insert(db);
      return withHistory(db, async (tx) => {
        const row = await insert(tx);
        const change = { action: 'create', entity: audit.entity, entityId: idOf(row) } as const;
        return { result: row, changes: [{ ...change, after: view(row) }] };
      });
    },
    /** `version`: the version the change was made on; another one throws VersionConflict */
    async update(id: number, values: Values, version?: number): Promise<Row | undefined> {
      // nothing to set is no change (ADR 010), not an SQL error
      if (Object.values(values).every((v) => v === undefined)) return this.find(id);
      const update = async (run: Db | Tx) => {
        const [row] = (await run
          .update(table)
          .set(values as T['$inferInsert'])
          .where(eq(table.id, id))
          .returning()) as Row[];
        return row;
      };
      if (!audit && version === undefined) return update(db);
      return db.transaction(async (tx) => {
        const before = await one(tx, id, true);
        if (!before) return undefined;
        // ADR 038: checked on the locked row, so no change slips in between
        checkVersion(before as { version: number }, version);
        const after = await update(tx);
        if (after && audit) {
          await recordChange(tx, {
            action: 'update',
            entity: audit.entity,
            entityId: id,
            before: view(before),
            after: view(after),
          });
        }
        return after;
      });
    },
    async remove(id: number): Promise<boolean> {
      if (!audit) {
        const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
        return rows.length > 0;
      }
      return db.transaction(async (tx) => {
        // the record first, then what goes or changes with it: the order the delete locks in
        if (d.dependents?.length && !(await one(tx, id, true))) return false;
        const read = await dependentsBefore(tx, d.dependents ?? [], id);
        const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
        if (!row) return false;
        const change = { action: 'delete', entity: audit.entity, entityId: id } as const;
        await recordChanges(tx, [
          ...(await dependentChanges(tx, read)),
          { ...change, before: view(row) },
        ]);
        return true;
      });
    },
  };
}

export type TableQueries<T extends ResourceTable, Q extends ListQuery> = ReturnType<
  typeof tableQueries<T, Q>
>;
