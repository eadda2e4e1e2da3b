import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Role, userListQuery } from '@school/contract/users';
import { AUDIT_SECRET } from '@school/contract/audit';
import type { Db } from '../../db/client.js';
import { recordChange, recordChanges } from '../../db/history.js';
import type { TableDescription } from '../../db/resource.js';
import { sessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';

export interface NewUser {
  login: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function insertUser(db: Db, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type UserRow = typeof users.$inferSelect;

/** A new user with the password hash; the other columns as the resource maps them. */
export async function insertUserRow(
  db: Db,
  columns: Omit<typeof users.$inferInsert, 'passwordHash'>,
  passwordHash: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...columns, passwordHash })
      .returning();
    if (!row) throw new Error('user not created');
    await recordChange(tx, { action: 'create', entity: 'users', entityId: row.id, after: row });
    return row;
  });
}

/**
 * Enabled admins other than the given user: deleting, disabling or demoting the last one is
 * refused.
 */
export async function countOtherAdmins(db: Db, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false), ne(users.id, id)));
  return row?.n ?? 0;
}

/** A new password, recorded as a password change with no trace of it (docs/history.md). */
export async function setPasswordHash(db: Db, id: number, passwordHash: string) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    const changes = { password: AUDIT_SECRET };
    await recordChange(tx, { action: 'password_change', entity: 'users', entityId: id, changes });
  });
}

/** Ends a user's sessions, all of them or all but one; each is a revoke in the history. */
export async function endSessions(db: Db, userId: number, exceptSessionId?: number) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
        ),
      )
      .returning({ session: sessions.id, device: sessions.device });
    await recordChanges(
      tx,
      ended.map((changes) => ({
        action: 'session_revoke',
        entity: 'users',
        entityId: userId,
        changes,
      })),
    );
  });
}

export const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The users' list: its search and sorts. */
export const usersTable: TableDescription<typeof users, z.output<typeof userListQuery>> = {
  table: users,
  search: [users.login, users.firstName, users.lastName, users.email, users.tel, users.position],
  sort: {
    id: users.id,
    login: users.login,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    tel: users.tel,
    position: users.position,
    role: users.role,
  },
  defaultSort: 'lastName',
  filters: (q) => (q.role ? eq(users.role, q.role) : undefined),
  // a deleted user's sessions go with them, each a revoke (docs/history.md)
  dependents: [
    {
      entity: 'users',
      table: sessions,
      of: (id) => eq(sessions.userId, id),
      removed: (row) => ({
        action: 'session_revoke',
        entity: 'users',
        entityId: row.userId as number,
        changes: { session: row.id, device: row.device },
      }),
    },
  ],
};
