import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { botBroadcasts, botUsers } from '../../db/schema/bot.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { students } from '../../db/schema/students.js';
import { lessonInstant } from '../schedule/schedule.shared.js';

/** The SQL of lesson reminders: what is due, who claimed it, how it went. */

/** A reminder due: a lesson of a student, with the lesson's homework. */
export interface DueReminder {
  lessonId: number;
  studentId: number;
  course: string;
  date: string;
  start: string;
  homework: string;
}

/**
 * The reminders not sent yet for lessons with hasBroadcast that start after `now` and by
 * `until` (local times read in `timeZone`), of linked students with hasBroadcast; the
 * participation's own homework first.
 */
export async function dueReminders(
  db: Db,
  timeZone: string,
  now: Date,
  until: Date,
): Promise<DueReminder[]> {
  const startsAt = lessonInstant(lessons.date, lessons.start, timeZone);
  return db
    .selectDistinct({
      lessonId: lessons.id,
      studentId: students.id,
      course: lessons.course,
      date: sql<string>`${lessons.date}::text`,
      start: sql<string>`to_char(${lessons.start}, 'HH24:MI')`,
      homework: sql<string>`coalesce(nullif(${events.homework}, ''), ${lessons.homework})`,
    })
    .from(lessons)
    .innerJoin(events, eq(events.lessonId, lessons.id))
    .innerJoin(students, eq(students.id, events.studentId))
    .innerJoin(botUsers, eq(botUsers.studentId, students.id))
    .where(
      and(
        eq(lessons.hasBroadcast, true),
        eq(students.hasBroadcast, true),
        sql`${startsAt} > ${now.toISOString()}::timestamptz`,
        sql`${startsAt} <= ${until.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${botBroadcasts} b
          where b.lesson_id = ${lessons.id} and b.student_id = ${students.id})`,
      ),
    );
}

/** Claims a reminder before it is sent; false when another instance claimed it first. */
export async function claimReminder(db: Db, due: DueReminder) {
  const claimed = await db
    .insert(botBroadcasts)
    .values({ lessonId: due.lessonId, studentId: due.studentId })
    .onConflictDoNothing()
    .returning({ lessonId: botBroadcasts.lessonId });
  return claimed.length > 0;
}

/** The chats a student is linked to the bot in, with their language. */
export async function chatsOfStudent(db: Db, studentId: number) {
  return db
    .select({ chatId: botUsers.chatId, languageCode: botUsers.languageCode })
    .from(botUsers)
    .where(eq(botUsers.studentId, studentId));
}

/** Records how a claimed reminder went: sent now, or the error of its failed send. */
export async function recordReminder(db: Db, due: DueReminder, error: string | null) {
  await db
    .update(botBroadcasts)
    .set({ sentAt: error ? null : new Date(), error })
    .where(
      and(eq(botBroadcasts.lessonId, due.lessonId), eq(botBroadcasts.studentId, due.studentId)),
    );
}
