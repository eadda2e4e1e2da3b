import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { students } from '../../db/schema/students.js';
import { sessionOf } from '../../plugins/access.js';
import { notFound } from '../../plugins/errors.js';
import { isStudentVisible, studentsVisibleTo } from './students.queries.js';

export { newHashCode, studentsVisibleTo } from './students.queries.js';

/** 404 unless student `id` exists: the lists under a student say so rather than []. */
export async function requireStudent(db: Db, id: number): Promise<void> {
  const [found] = await db.select({ id: students.id }).from(students).where(eq(students.id, id));
  if (!found) throw notFound('No such student');
}

/**
 * 404 when the request's user may not see student `id` (docs/roles.md, Students): a teacher's
 * call about a student of no lesson of theirs (or of none) answers as if there were no such
 * student. An admin's or a manager's call is not checked here (they see every student).
 */
export async function requireVisibleStudent(
  db: Db,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  const session = sessionOf(request);
  if (!studentsVisibleTo(session)) return;
  if (!(await isStudentVisible(db, session, id))) throw notFound('No such student');
}
