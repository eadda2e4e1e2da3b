import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordChange, type Actor } from '../../db/history.js';
import { loginFailures, sessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';

export async function findUserByLogin(db: Db, login: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
    .limit(1);
  return user;
}

/**
 * The same password's hash made again with today's parameters (ADR 049): not a password
 * change, so no history entry; left as it is when the password changed meanwhile.
 */
export async function replacePasswordHash(db: Db, id: number, from: string, to: string) {
  await db
    .update(users)
    .set({ passwordHash: to })
    .where(and(eq(users.id, id), eq(users.passwordHash, from)));
}

export async function countRecentFailures(
  db: Db,
  login: string,
  ip: string,
  windowMinutes: number,
) {
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const [row] = await db
    .select({
      byLogin: sql<number>`count(*) filter (where ${loginFailures.login} = ${login.toLowerCase()})::int`,
      byPair: sql<number>`count(*) filter (where ${loginFailures.login} = ${login.toLowerCase()} and ${loginFailures.ip} = ${ip})::int`,
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.at, since),
        sql`(${loginFailures.login} = ${login.toLowerCase()} or ${loginFailures.ip} = ${ip})`,
      ),
    );
  return { byLogin: row?.byLogin ?? 0, byPair: row?.byPair ?? 0, byIp: row?.byIp ?? 0 };
}

export async function recordFailure(db: Db, login: string, ip: string, windowMinutes: number) {
  await db.insert(loginFailures).values({ login: login.toLowerCase().slice(0, 200), ip });
  // keep the table small: rows older than the window no longer count
  await db
    .delete(loginFailures)
    .where(sql`${loginFailures.at} < now() - make_interval(mins => ${windowMinutes * 2})`);
}

export async function clearFailures(db: Db, login: string, ip: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.login, login.toLowerCase()), eq(loginFailures.ip, ip)));
}

export interface NewSession {
  userId: number;
  tokenHash: Buffer;
  device: string;
  timezone: string;
  ip: string;
  maxDays: number;
}

/** A new session, and its login in the record history (docs/history.md) by `actor`. */
export async function createSession(db: Db, s: NewSession, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sessions)
      .values({
        userId: s.userId,
        tokenHash: s.tokenHash,
        device: s.device,
        timezone: s.timezone,
        ip: s.ip,
        expiresAt: sql`now() + make_interval(days => ${s.maxDays})`,
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session not created');
    const changes = { session: row.id, device: s.device, timezone: s.timezone };
    await recordChange(
      tx,
      { action: 'login', entity: 'users', entityId: s.userId, changes },
      actor,
    );
    return row.id;
  });
}

/**
 * Ends session `id` of `userId`: a logout or a revoke from the sessions list, recorded as such
 * (docs/history.md). False: no such session of that user.
 */
export async function deleteSession(
  db: Db,
  id: number,
  userId: number,
  action: 'logout' | 'session_revoke',
) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
      .returning({ id: sessions.id, device: sessions.device });
    const [gone] = deleted;
    if (gone) {
      const changes = { session: gone.id, device: gone.device };
      await recordChange(tx, { action, entity: 'users', entityId: userId, changes });
    }
    return gone !== undefined;
  });
}

/**
 * A refused login in the record history: the login tried, and the user it names, if any, as
 * the entry's record; nobody acted as a known user, so its userId is null (docs/history.md).
 * A login the throttle refused before its password was checked carries `reason: 'throttled'`.
 */
export async function recordFailedLogin(
  db: Db,
  login: string,
  namedUserId: number | null,
  requestId: string,
  reason?: 'throttled',
) {
  const changes = reason ? { login, reason } : { login };
  await recordChange(
    db,
    { action: 'login_failed', entity: 'users', entityId: namedUserId, changes },
    { userId: null, userName: '', requestId },
  );
}

export async function listSessions(db: Db, userId: number) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      timezone: sessions.timezone,
      lastActivity: sessions.lastActivity,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastActivity));
}
