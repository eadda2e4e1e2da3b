import { and, count, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { recordChange, withHistory } from './history.js';
import { orderBy, searchOver, totalOf, type ListQuery } from './list.js';

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
}

export interface Page<R> {
  rows: R[];
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
    async update(id: number, values: Values): Promise<Row | undefined> {
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
      if (!audit) return update(db);
      return db.transaction(async (tx) => {
        const before = await one(tx, id, true);
        if (!before) return undefined;
        const after = await update(tx);
        if (after) {
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
        const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
        if (!row) return false;
        const change = { action: 'delete', entity: audit.entity, entityId: id } as const;
        await recordChange(tx, { ...change, before: view(row) });
        return true;
      });
    },
  };
}

export type TableQueries<T extends ResourceTable, Q extends ListQuery> = ReturnType<
  typeof tableQueries<T, Q>
>;
