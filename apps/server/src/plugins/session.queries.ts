import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import { preparedSelect } from '../db/rows.js';
import { appSecrets, sessions } from '../db/schema/auth.js';
import { users } from '../db/schema/users.js';

/**
 * The SQL the session plugin runs (ADR 003): on every request whose session this instance does
 * not hold in its cache (ADR 047).
 */

/**
 * The live session behind a token: not expired, not idle too long, its user not disabled,
 * with the user's role as it is now (docs/roles.md).
 * Every request asks: a prepared statement, built once and read as arrays (db/rows.ts).
 */
export async function findLiveSession(db: Db, tokenHash: Buffer, idleMinutes: number) {
  const query = preparedSelect<LiveSession>(db, 'live_session', liveSessionFields, () =>
    liveSessionQuery(db),
  );
  const [row] = await query({ tokenHash, idleMinutes });
  return row;
}

const liveSessionFields = {
  id: sessions.id,
  userId: sessions.userId,
  timezone: sessions.timezone,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  // whether to note the activity (touchSession); the time itself is not read on every request
  stale: sql<boolean>`${sessions.lastActivity} < now() - interval '1 minute'`,
  // how long ago it was last noted, and how long until it ends at the latest, by the database's
  // clock: an instance keeps the session for no longer than these allow (ADR 047)
  activityAgeMs: sql<number>`(extract(epoch from now() - ${sessions.lastActivity}) * 1000)::float8`,
  expiresInMs: sql<number>`(extract(epoch from ${sessions.expiresAt} - now()) * 1000)::float8`,
};

/** A row as drizzle would map it: readRows decodes each column as drizzle does. */
type LiveSession = Awaited<ReturnType<typeof liveSessionQuery>>[number];

export const liveSessionQuery = (db: Db) =>
  db
    .select(liveSessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(
          sessions.lastActivity,
          sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`,
        ),
        eq(users.disabled, false),
      ),
    )
    .limit(1);

export async function touchSession(db: Db, id: number) {
  await db
    .update(sessions)
    .set({ lastActivity: sql`now()` })
    .where(eq(sessions.id, id));
}

/**
 * The backends listening for the session cache's notifications now (ADR 047): every instance's
 * listening connection names itself `name` once it listens. Their ids: the acknowledgements of a
 * round name them.
 */
export async function listeningBackends(pool: pg.Pool, name: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
    [name],
  );
  return rows.map((r) => r.pid);
}

/** Sends `payload` on `channel` (a statement of its own: delivered at once). */
export async function notify(pool: pg.Pool, channel: string, payload: string) {
  await pool.query('select pg_notify($1, $2)', [channel, payload]);
}

/** Ends the given backends (listening connections that did not acknowledge a round in time). */
export async function endBackends(pool: pg.Pool, pids: number[]) {
  await pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
}

/** A secret shared by every instance; the first instance to ask creates it. */
export async function getOrCreateSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}
