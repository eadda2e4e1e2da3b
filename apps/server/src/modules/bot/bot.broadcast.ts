import type { Api } from 'grammy';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { botText, localeOf } from './bot.texts.js';
import {
  chatsOfStudent,
  claimReminder,
  dueReminders,
  recordReminder,
} from './broadcast.queries.js';

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
  const until = new Date(now.getTime() + config.BOT_REMINDER_MINUTES * 60_000);
  const due = await dueReminders(db, config.BOT_TIMEZONE, now, until);
  let sent = 0;
  for (const d of due) {
    if (!(await claimReminder(db, d))) continue;
    let error: string | null = null;
    for (const chat of await chatsOfStudent(db, d.studentId)) {
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
    await recordReminder(db, d, error);
  }
  return sent;
}
