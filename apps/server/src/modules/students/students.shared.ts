import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { students } from '../../db/schema/students.js';
import { notFound } from '../../plugins/errors.js';

/** 404 unless student `id` exists: the lists under a student say so rather than []. */
export async function requireStudent(db: Db, id: number): Promise<void> {
  const [found] = await db.select({ id: students.id }).from(students).where(eq(students.id, id));
  if (!found) throw notFound('No such student');
}

/** hashCode (docs/api.md, Ids and hashCodes): 22 URL-safe characters. */
export const newHashCode = () => randomBytes(16).toString('base64url');
