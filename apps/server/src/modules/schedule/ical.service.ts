import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import ical from 'ical-generator';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/errors.js';
import type { FeedZone } from './ical.timezone.js';
import { setIcalToken, teacherLessons, teacherOfToken } from './ical.queries.js';
import { extendDue, seriesHorizon } from './lessons.queries.js';
import { addDays, todayIn } from './schedule.dates.js';

/** How far back a feed reaches. */
const FEED_PAST_DAYS = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The feed's PRODID: this product's, not the library's that writes it. */
const PRODUCT_ID = { company: 'School back-office', product: 'Lessons', language: 'EN' };

/** A new feed token for the user: the old address stops working. */
export async function newIcalToken(db: Db, userId: number) {
  const token = randomBytes(32).toString('base64url');
  if (!(await setIcalToken(db, userId, token))) throw notFound('No such user');
  return token;
}

/** Where the feed's lessons are read and in which zone they are written. */
export interface FeedOptions {
  /** the school's time zone, of lesson times (BOT_TIMEZONE) */
  schoolZone: string;
  /** its TZID and VTIMEZONE; null: the lessons are written as UTC instants */
  zone: FeedZone | null;
}

/**
 * The iCalendar text of the feed with this token: the teacher's lessons from FEED_PAST_DAYS
 * ago up to the series' horizon, each at its real instant written as the school's clock time
 * with the school's TZID and VTIMEZONE, so a subscriber in another zone sees it at the right
 * moment in theirs (docs/schedule.md, Calendar feed).
 */
export async function icalFeedText(db: Db, token: string, { schoolZone, zone }: FeedOptions) {
  const teacher = TOKEN.test(token) ? await teacherOfToken(db, token) : undefined;
  if (!teacher) throw notFound('No such calendar');
  const horizon = seriesHorizon();
  await extendDue(db, horizon);
  const from = addDays(todayIn(schoolZone), -FEED_PAST_DAYS);
  const rows = await teacherLessons(db, teacher.id, from, horizon, schoolZone);
  const calendar = ical({
    name: `Lessons: ${teacher.firstName} ${teacher.lastName}`.trim(),
    prodId: PRODUCT_ID,
    // also writes X-WR-TIMEZONE, the calendar's zone for the clients that read it
    ...(zone ? { timezone: { name: zone.tzid, generator: () => zone.vtimezone } } : {}),
  });
  // the instant as a date whose clock is the zone's, which the writer puts after the TZID
  const at = (instant: Date) => (zone ? new TZDate(instant.getTime(), zone.tzid) : instant);
  for (const l of rows) {
    // a lesson the school cancels, once lessons can say so, is written here with STATUS:CANCELLED
    calendar.createEvent({
      id: `lesson-${l.id}@school-office`,
      start: at(l.startsAt),
      end: at(l.endsAt),
      ...(zone ? { timezone: zone.tzid } : {}),
      summary: l.course || 'Lesson',
      description: [l.comment, l.resources].filter(Boolean).join('\n'),
      created: l.createdAt,
      lastModified: l.updatedAt,
      sequence: l.sequence,
    });
  }
  return calendar.toString();
}
