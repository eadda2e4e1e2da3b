import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderBy, searchOver, totalOf, type ListQuery } from '../../db/list.js';
import { projects } from '../../db/schema/users.js';

export type ProjectRow = typeof projects.$inferSelect;

export interface ProjectFields {
  name: string;
  description: string;
  responsible: number | null;
  price: number | null;
  product: number | null;
}

const columnsOf = (p: ProjectFields) => ({
  name: p.name,
  description: p.description,
  responsibleId: p.responsible,
  price: p.price === null ? null : p.price.toFixed(2),
  productId: p.product,
});

const searched = (search: string | undefined) =>
  searchOver(search, [projects.name, projects.description]);
const sortable = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  price: projects.price,
};

export async function listProjects(db: Db, q: ListQuery) {
  const where = searched(q.search);
  return db
    .select({ project: projects, total: totalOf(projects, where) })
    .from(projects)
    .where(where)
    .orderBy(...orderBy(q.sort, sortable, 'name', projects.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countProjects(db: Db, search: string | undefined) {
  const [row] = await db.select({ n: count() }).from(projects).where(searched(search));
  return row?.n ?? 0;
}

export async function findProject(db: Db, id: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function createProject(db: Db, p: ProjectFields) {
  const [row] = await db.insert(projects).values(columnsOf(p)).returning();
  if (!row) throw new Error('project not created');
  return row;
}

export async function updateProject(db: Db, id: number, p: ProjectFields) {
  const [row] = await db.update(projects).set(columnsOf(p)).where(eq(projects.id, id)).returning();
  return row;
}

export async function deleteProject(db: Db, id: number) {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}
