import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { appSecrets, sessions } from '../db/schema/auth.js';
import { users } from '../db/schema/users.js';

/** The SQL the session plugin runs on every request (ADR 003). */

/**
 * The live session behind a token: not expired, not idle too long, its user not disabled,
 * with the user's role as it is now (docs/roles.md).
 * Every request asks: a prepared statement.
 */
export async function findLiveSession(db: Db, tokenHash: Buffer, idleMinutes: number) {
  const query = preparedOnce(db, 'live_session', (name) => liveSessionQuery(db).prepare(name));
  const [row] = await query.execute({ tokenHash, idleMinutes });
  return row;
}

const liveSessionQuery = (db: Db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      timezone: sessions.timezone,
      lastActivity: sessions.lastActivity,
      login: users.login,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      stale: sql<boolean>`${sessions.lastActivity} < now() - interval '1 minute'`,
    })
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
