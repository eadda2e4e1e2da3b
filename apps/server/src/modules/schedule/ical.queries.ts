import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { lessons } from '../../db/schema/schedule.js';
import { users } from '../../db/schema/users.js';
import { selectLessons } from './lessons.queries.js';

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

/** A teacher's lessons from `from` to `to`. */
export async function teacherLessons(db: Db, teacherId: number, from: string, to: string) {
  const { rows } = await selectLessons(
    db,
    and(eq(lessons.teacherId, teacherId), gte(lessons.date, from), lte(lessons.date, to)),
  );
  return rows;
}
