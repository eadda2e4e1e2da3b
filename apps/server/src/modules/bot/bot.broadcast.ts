import { and, eq, sql } from 'drizzle-orm';
import type { Api } from 'grammy';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { botBroadcasts, botUsers } from '../../db/schema/bot.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { students } from '../../db/schema/students.js';
import { botText, localeOf } from './bot.texts.js';

interface Due {
  lessonId: number;
  studentId: number;
  course: string;
  date: string;
  start: string;
  homework: string;
}

/**
 * Lesson reminders (ADR 019): a student with hasBroadcast, linked to the bot, gets one message
 * for each lesson with hasBroadcast that starts within BOT_REMINDER_MINUTES, with the lesson's
 * homework (the participation's own homework first). A row per (lesson, student) is claimed
 * before sending, so two instances never send it twice; a failed send is not retried.
 */
export async function sendReminders(
  db: Db,
  api: Pick<Api, 'sendMessage'>,
  config: Pick<Config, 'BOT_REMINDER_MINUTES' | 'BOT_TIMEZONE'>,
  log: { warn: (o: object, m: string) => void },
  now: Date = new Date(),
): Promise<number> {
  const startsAt = sql`((${lessons.date} + ${lessons.start}) at time zone ${config.BOT_TIMEZONE})`;
  const until = new Date(now.getTime() + config.BOT_REMINDER_MINUTES * 60_000);
  const due: Due[] = await db
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
  let sent = 0;
  for (const d of due) {
    const claimed = await db
      .insert(botBroadcasts)
      .values({ lessonId: d.lessonId, studentId: d.studentId })
      .onConflictDoNothing()
      .returning({ lessonId: botBroadcasts.lessonId });
    if (claimed.length === 0) continue;
    const chats = await db
      .select({ chatId: botUsers.chatId, languageCode: botUsers.languageCode })
      .from(botUsers)
      .where(eq(botUsers.studentId, d.studentId));
    let error: string | null = null;
    for (const chat of chats) {
      const locale = localeOf(chat.languageCode);
      const lines = [
        botText('reminder', locale, { course: d.course, date: d.date, start: d.start }),
      ];
      if (d.homework) lines.push(botText('homework', locale, { homework: d.homework }));
      try {
        await api.sendMessage(chat.chatId, lines.join('\n'));
        sent++;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        log.warn({ err, lesson: d.lessonId, student: d.studentId }, 'bot reminder not sent');
      }
    }
    await db
      .update(botBroadcasts)
      .set({ sentAt: error ? null : new Date(), error })
      .where(and(eq(botBroadcasts.lessonId, d.lessonId), eq(botBroadcasts.studentId, d.studentId)));
  }
  return sent;
}
