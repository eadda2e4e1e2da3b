import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderBy, searchOver, totalOf, type ListQuery } from '../../db/list.js';
import { groups } from '../../db/schema/users.js';

const sortable = { id: groups.id, name: groups.name };

export async function listGroups(db: Db, q: ListQuery) {
  const where = searchOver(q.search, [groups.name]);
  return db
    .select({ id: groups.id, name: groups.name, total: totalOf(groups, where) })
    .from(groups)
    .where(where)
    .orderBy(...orderBy(q.sort, sortable, 'name', groups.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countGroups(db: Db, search: string | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(groups)
    .where(searchOver(search, [groups.name]));
  return row?.n ?? 0;
}

const fields = { id: groups.id, name: groups.name };

export async function findGroup(db: Db, id: number) {
  const [row] = await db.select(fields).from(groups).where(eq(groups.id, id));
  return row;
}

export async function createGroup(db: Db, name: string) {
  const [row] = await db.insert(groups).values({ name }).returning(fields);
  if (!row) throw new Error('group not created');
  return row;
}

export async function updateGroup(db: Db, id: number, name: string) {
  const [row] = await db.update(groups).set({ name }).where(eq(groups.id, id)).returning(fields);
  return row;
}

export async function deleteGroup(db: Db, id: number) {
  const rows = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
  return rows.length > 0;
}
