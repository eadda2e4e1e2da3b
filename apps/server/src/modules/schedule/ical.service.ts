import { randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/errors.js';
import { setIcalToken, teacherLessons, teacherOfToken } from './ical.queries.js';
import { extendDue, seriesHorizon } from './lessons.queries.js';
import { addDays, todayIn } from './schedule.dates.js';

/** How far back a feed reaches. */
const FEED_PAST_DAYS = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new feed token for the user: the old address stops working. */
export async function newIcalToken(db: Db, userId: number) {
  const token = randomBytes(32).toString('base64url');
  if (!(await setIcalToken(db, userId, token))) throw notFound('No such user');
  return token;
}

/**
 * The iCalendar text of the feed with this token: the teacher's lessons from FEED_PAST_DAYS
 * ago up to the series' horizon.
 */
export async function icalFeedText(db: Db, token: string) {
  const teacher = TOKEN.test(token) ? await teacherOfToken(db, token) : undefined;
  if (!teacher) throw notFound('No such calendar');
  const horizon = seriesHorizon();
  await extendDue(db, horizon);
  const from = addDays(todayIn('UTC'), -FEED_PAST_DAYS);
  const rows = await teacherLessons(db, teacher.id, from, horizon);
  const calendar = ical({ name: `Lessons: ${teacher.firstName} ${teacher.lastName}`.trim() });
  for (const l of rows) {
    // floating times: the lesson's wall-clock time, as the school writes it
    calendar.createEvent({
      id: `lesson-${l.id}@school-office`,
      start: `${l.date}T${l.start}:00Z`,
      end: `${l.date}T${l.end}:00Z`,
      floating: true,
      summary: l.course || 'Lesson',
      description: [l.comment, l.resources].filter(Boolean).join('\n'),
    });
  }
  return calendar.toString();
}
