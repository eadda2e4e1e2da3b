import { and, inArray } from 'drizzle-orm';
import type { LessonClash } from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { students } from '../../db/schema/students.js';
import { studentsVisibleTo } from '../students/students.shared.js';
import type { Viewer } from './schedule.access.js';

/**
 * The clashes as `viewer` may see them (docs/roles.md, Lessons): a teacher reads every lesson
 * of the week, but a clash with a student of none of their lessons names a student they may
 * not see, so it is left out. Others' clashes are returned as they are.
 */
export async function clashesSeenBy<C extends Pick<LessonClash, 'kind' | 'id'>>(
  db: Db,
  viewer: Viewer,
  clashes: C[],
): Promise<C[]> {
  const visible = studentsVisibleTo(viewer);
  const asked = [...new Set(clashes.filter((c) => c.kind === 'student').map((c) => c.id))];
  if (!visible || asked.length === 0) return clashes;
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.id, asked), visible));
  const seen = new Set(rows.map((r) => r.id));
  return clashes.filter((c) => c.kind !== 'student' || seen.has(c.id));
}
