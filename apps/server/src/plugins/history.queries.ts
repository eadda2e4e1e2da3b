import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@school/contract/audit';
import type { Db } from '../db/client.js';
import { cappedTotal, cappedTotalOf } from '../db/list.js';
import { HISTORY_SEARCH_TEXT, history } from '../db/schema/history.js';

/** The reads of the record history (docs/history.md): the audit list and one record's entries. */

type HistoryRow = typeof history.$inferSelect;

/**
 * An entry's changes as shown: without the record's version, kept in the entry for the 409 of a
 * save made on an older one (ADR 038) but no change of its own to a reader.
 */
function shownChanges(changes: unknown): Record<string, unknown> {
  const { version: _version, ...shown } = (changes ?? {}) as Record<string, unknown>;
  return shown;
}

export const toAuditEntry = (row: HistoryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  userId: row.userId,
  userName: row.userName,
  action: row.action as AuditEntry['action'],
  entity: row.entity,
  entityId: row.entityId,
  changes: shownChanges(row.changes),
  requestId: row.requestId,
});

/** The first moment of calendar day `date` in time zone `tz`, as a timestamptz. */
const startOfDay = (date: string, tz: string) => sql`(${date}::date::timestamp at time zone ${tz})`;

/**
 * The filters of GET /api/audit. dateFrom and dateTo are calendar days of the school's time
 * zone `tz`, both inclusive (docs/history.md, The routes).
 */
export function auditFilters(q: Omit<AuditQuery, 'limit' | 'offset'>, tz: string) {
  const conditions: (SQL | undefined)[] = [
    q.entity ? eq(history.entity, q.entity) : undefined,
    q.entityId ? eq(history.entityId, q.entityId) : undefined,
    q.userId ? eq(history.userId, q.userId) : undefined,
    q.action ? eq(history.action, q.action) : undefined,
    q.dateFrom ? gte(history.at, startOfDay(q.dateFrom, tz)) : undefined,
    q.dateTo ? lt(history.at, sql`${startOfDay(q.dateTo, tz)} + interval '1 day'`) : undefined,
  ];
  if (q.search) {
    // LIKE wildcards typed by users are literal; the trigram index serves the pattern
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${HISTORY_SEARCH_TEXT} ilike ${pattern}`);
  }
  return and(...conditions);
}

/** The query of a page of entries, newest first (its plan is tested to use the indexes). */
export const historyPageQuery = (
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) =>
  db
    .select()
    .from(history)
    .where(where)
    .orderBy(desc(history.at), desc(history.id))
    .limit(page.limit)
    .offset(page.offset);

/** The entries of one record, as a condition. */
export const recordWhere = (entity: string, id: number) =>
  and(eq(history.entity, entity), eq(history.entityId, id));

/**
 * A page of entries, newest first, and how many match; with `capped`, counted no further than
 * TOTAL_COUNT_CAP, as the other long lists are (`capped` true when it stopped there).
 */
export async function historyPage(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  options: { capped?: boolean } = {},
): Promise<{ entries: AuditEntry[]; total: number; capped?: boolean }> {
  const counting = options.capped
    ? db
        .execute<{ n: number }>(sql`select ${cappedTotalOf(history, where)} as n`)
        .then((r) => r.rows)
    : db.select({ n: count() }).from(history).where(where);
  const [rows, [counted]] = await Promise.all([historyPageQuery(db, where, page), counting]);
  const n = Number(counted?.n ?? 0);
  return { entries: rows.map(toAuditEntry), ...(options.capped ? cappedTotal(n) : { total: n }) };
}

/** The entries of one record. */
export const recordHistory = (
  db: Db,
  entity: string,
  id: number,
  page: { limit: number; offset: number },
) => historyPage(db, recordWhere(entity, id), page);

/**
 * Removes the entries older than `keepDays` (docs/history.md, Retention), once across
 * instances: the instance that takes the advisory lock removes, the others skip. Answers how
 * many went, or null when another instance held the lock.
 */
export async function removeOldHistory(db: Db, keepDays: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext('history_retention')) as locked`,
      )
      .then((r) => r.rows);
    if (!lock?.locked) return null;
    const gone = await tx.execute(
      sql`delete from ${history} where ${history.at} < now() - make_interval(days => ${keepDays}::int)`,
    );
    return gone.rowCount ?? 0;
  });
}
