import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { lessons } from '../../db/schema/schedule.js';
import { users } from '../../db/schema/users.js';
import { lessonInstant } from './lesson.instant.js';
import { lessonOrder, lessonsBetween } from './lessons.queries.js';

/** Sets a user's calendar feed token; false: no such user. */
export async function setIcalToken(db: Db, userId: number, token: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) return false;
    const [after] = await tx
      .update(users)
      .set({ icalToken: token })
      .where(eq(users.id, userId))
      .returning();
    // an update of the user whose one change is a secret (docs/history.md, Secrets)
    await recordChanges(tx, rowChanges('users', [before], after ? [after] : []));
    return true;
  });
}

/** Whether user `id` exists. */
export async function userExists(db: Db, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** A user's calendar feed token, null while none was made. */
export async function icalTokenOf(db: Db, userId: number) {
  const [row] = await db.select({ token: users.icalToken }).from(users).where(eq(users.id, userId));
  return row?.token ?? null;
}

/** The enabled user whose feed token this is. */
export async function teacherOfToken(db: Db, token: string) {
  const [teacher] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.icalToken, token), eq(users.disabled, false)));
  return teacher;
}

/**
 * A teacher's lessons from `from` to `to` as a feed writes them: their start and end as
 * instants (the one lesson instant, docs/api.md), when made and last changed, and the count of
 * their changes (docs/schedule.md, Calendar feed).
 */
export async function teacherLessons(
  db: Db,
  teacherId: number,
  from: string,
  to: string,
  schoolZone: string,
) {
  return db
    .select({
      id: lessons.id,
      startsAt: sql<Date>`${lessonInstant(lessons.date, lessons.start, schoolZone)}`.mapWith(
        (v: string | Date) => new Date(v),
      ),
      endsAt: sql<Date>`${lessonInstant(lessons.date, lessons.end, schoolZone)}`.mapWith(
        (v: string | Date) => new Date(v),
      ),
      course: lessons.course,
      comment: lessons.comment,
      resources: lessons.resources,
      createdAt: lessons.createdAt,
      updatedAt: lessons.updatedAt,
      sequence: lessons.sequence,
    })
    .from(lessons)
    .where(lessonsBetween(from, to, eq(lessons.teacherId, teacherId)))
    .orderBy(...lessonOrder);
}
