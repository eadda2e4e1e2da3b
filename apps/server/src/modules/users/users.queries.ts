import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { UserCreate, UserUpdate } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { orderBy, searchOver, totalOf, type ListQuery } from '../../db/list.js';
import { sessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';

export interface NewUser {
  login: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
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

const sortable = {
  id: users.id,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  tel: users.tel,
  position: users.position,
};

const searched = (search: string | undefined) =>
  searchOver(search, [
    users.login,
    users.firstName,
    users.lastName,
    users.email,
    users.tel,
    users.position,
  ]);

export async function listUsers(db: Db, q: ListQuery) {
  const where = searched(q.search);
  return db
    .select({ user: users, total: totalOf(users, where) })
    .from(users)
    .where(where)
    .orderBy(...orderBy(q.sort, sortable, 'lastName', users.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countUsersMatching(db: Db, search: string | undefined) {
  const where = searched(search);
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

type UserFields = Omit<UserUpdate, 'dateBirth' | 'project'> & {
  dateBirth?: string | null;
  project?: number | null;
};

function columnsOf(input: UserFields) {
  return {
    login: input.login,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    tel: input.tel,
    dateBirth: input.dateBirth,
    position: input.position,
    projectId: input.project,
    language: input.language,
    isAdmin: input.isAdmin,
    disabled: input.disabled,
  };
}

export async function createUser(
  db: Db,
  input: Omit<UserCreate, 'password' | 'dateBirth' | 'project'> & UserFields,
  passwordHash: string,
) {
  const [row] = await db
    .insert(users)
    .values({
      ...columnsOf(input),
      login: input.login,
      firstName: input.firstName ?? '',
      passwordHash,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function updateUser(db: Db, id: number, input: UserFields) {
  const [row] = await db.update(users).set(columnsOf(input)).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(db: Db, id: number) {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Enabled admins other than the given user: deleting or demoting the last one is refused. */
export async function countOtherAdmins(db: Db, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.disabled, false), ne(users.id, id)));
  return row?.n ?? 0;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Ends a user's sessions, all of them or all but one. */
export async function endSessions(db: Db, userId: number, exceptSessionId?: number) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}

export const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
