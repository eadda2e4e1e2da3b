import pLimit from 'p-limit';
import type { z } from 'zod';
import {
  SCHEDULE_MAX_DAYS,
  type InfoPiece,
  type Lesson,
  type LessonClash,
  type scheduleQuery,
  type ScheduleDay,
  type ScheduleLesson,
} from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { invalidField } from '../../plugins/errors.js';
import { settleParticipants } from '../money/money.shared.js';
import { participantsOf } from './events.queries.js';
import { extendDue, lessonFilters, seriesTemplate } from './lessons.queries.js';
import { lessonsWithClashes } from './lessons.clashes.js';
import { lessonFor, seesAmounts, type Viewer } from './schedule.access.js';
import { clashesSeenBy } from './schedule.visible.js';
import { hoursOf, lessonAmount, paysFor } from './schedule.amount.js';
import {
  addDays,
  datesFrom,
  dayOfWeek,
  daysBetween,
  isTimeZone,
  nextWeekday,
  todayIn,
  weekOf,
} from './schedule.dates.js';

type ScheduleQuery = z.output<typeof scheduleQuery>;
const DEFAULT_TZ = 'UTC';

/** The time zone "today" is taken in: ?tz=, else the one the user logged in with. */
export function zoneOf(tz: string | undefined, own: string | null | undefined) {
  if (tz) {
    if (!isTimeZone(tz)) throw invalidField('tz', 'is not a known time zone');
    return tz;
  }
  return own && isTimeZone(own) ? own : DEFAULT_TZ;
}

/** The days the query asks for: the week of `bias` (0 when nothing is given) or the range. */
function rangeOf(q: ScheduleQuery, tz: string) {
  if (q.dateFrom || q.dateTo) {
    const from = q.dateFrom ?? addDays(q.dateTo ?? '', -6);
    const to = q.dateTo ?? addDays(from, 6);
    if (daysBetween(from, to) >= SCHEDULE_MAX_DAYS) {
      throw invalidField('dateTo', `at most ${SCHEDULE_MAX_DAYS} days from dateFrom`);
    }
    return { from, to };
  }
  return weekOf(q.bias ?? 0, tz);
}

/** How many reads of more than a week's days one instance runs at once. */
export const RANGE_READS_AT_ONCE = 2;
/**
 * Reads of more than a week's days (up to SCHEDULE_MAX_DAYS, some 1 300 lessons and their
 * participations) take turns, RANGE_READS_AT_ONCE at a time; the others wait holding nothing.
 * Fifty at once held more rows than the server's heap has room for, and the process died
 * (ADR 016, docs/quality.md). A week, the schedule's usual read, never waits.
 */
export const rangeReads = pLimit(RANGE_READS_AT_ONCE);

/** What a schedule query asks for, worked out once: its time zone, and its days (null: the template). */
export interface AskedDays {
  tz: string;
  range: { from: string; to: string } | null;
}

/** The days `q` asks for; `ownZone`: the time zone the user logged in with. */
export function askedDays(q: ScheduleQuery, ownZone: string | null | undefined): AskedDays {
  const tz = zoneOf(q.tz, ownZone);
  return { tz, range: q.cycled === 1 ? null : rangeOf(q, tz) };
}

/** Runs `work`, a read of the days `asked`, in turn with other long ranges. */
export function inTurnForRange<T>(asked: AskedDays, work: () => Promise<T>): Promise<T> {
  const { range } = asked;
  return range && daysBetween(range.from, range.to) >= 7 ? rangeReads(work) : work();
}

/**
 * A lesson just read, with its clashes: set on the object itself, not copied into a new one
 * with `{ ...lesson, clashes }`. Such a copy is a shape V8 does not write as JSON quickly: a
 * week of copies took three times as long to write (docs/quality.md, Performance).
 */
const withClashes = (lesson: Lesson, clashes: LessonClash[]): ScheduleLesson =>
  Object.assign(lesson, { clashes });

const dayOf = (id: string, date: string, own: ScheduleLesson[]): ScheduleDay => ({
  id,
  date,
  dayOfWeek: dayOfWeek(date),
  earned: Math.round(own.reduce((sum, l) => sum + (l.amount ?? 0) * 100, 0)) / 100,
  hours: hoursOf(own.map((l) => l.duration)),
  lessons: own,
});

/**
 * The schedule's days with their lessons and sums: a week, a range, or (cycled) the weekly
 * template, as `askedDays` worked them out. A teacher sees every lesson but the amounts of their
 * own only: another's is null and not in the day's earned (docs/roles.md).
 */
export async function scheduleDays(
  db: Db,
  q: ScheduleQuery,
  { tz, range }: AskedDays,
  viewer: Viewer,
): Promise<ScheduleDay[]> {
  if (!range) {
    // the weekly template: each open series once, on its weekday, by its next lesson
    const today = todayIn(tz);
    await extendDue(db, today);
    const rows = await seriesTemplate(db, today, lessonFilters(q));
    // the template is not a dated lesson: it has no clashes of its own
    const template = rows.map((l) => lessonFor(viewer, withClashes(l, [])));
    return [1, 2, 3, 4, 5, 6, 7].map((day) =>
      dayOf(
        `cycled-${day}`,
        nextWeekday(today, day),
        template.filter((l) => dayOfWeek(l.date) === day),
      ),
    );
  }
  const { from, to } = range;
  await extendDue(db, to);
  // docs/schedule.md, Clashes: each card says whom it clashes with (saved anyway)
  const { lessons: rows, clashes } = await lessonsWithClashes(db, from, to, lessonFilters(q));
  // a teacher: no clash naming a student not theirs (docs/roles.md)
  const seen = new Set(await clashesSeenBy(db, viewer, [...clashes.values()].flat()));
  const shown = rows.map((l) => {
    const own = (clashes.get(l.id) ?? []).filter((c) => seen.has(c));
    return lessonFor(viewer, withClashes(l, own));
  });
  return datesFrom(from, to).map((date) =>
    dayOf(
      date,
      date,
      shown.filter((l) => l.date === date),
    ),
  );
}

/**
 * Lessons, hours, earned, unpaid, students and attendance of the same days. The weekly
 * template (`template`) has taken no place and earned nothing: lessons, hours and students.
 * Earned and unpaid are summed over the lessons whose amounts `viewer` sees (docs/roles.md).
 */
export async function scheduleInfo(
  db: Db,
  days: ScheduleDay[],
  viewer: Viewer,
  template = false,
): Promise<InfoPiece[]> {
  const all = days.flatMap((d) => d.lessons);
  // unpaid is derived: what has fallen due on these days is charged first (docs/money.md)
  if (!template) await settleParticipants(db, { lessons: all.map((l) => l.id) });
  const parts = await participantsOf(
    db,
    all.map((l) => l.id),
  );
  const byId = new Map(all.map((l) => [l.id, l]));
  // unpaid: per lesson, the amount of its participants who pay and have not paid
  let unpaidCents = 0;
  for (const l of all) {
    // a lesson whose amounts the viewer does not see comes without its price (lessonFor)
    if (!seesAmounts(viewer, l.teacher) || l.price === null) continue;
    const owing = parts.filter((p) => p.lesson === l.id && paysFor(p.toPay) && !p.isPaid);
    unpaidCents += Math.round(lessonAmount(l.price, l.duration, owing.length) * 100);
  }
  const marked = parts.filter((p) => p.attendence !== 0 && byId.has(p.lesson));
  const present = marked.filter((p) => p.attendence === 1).length;
  const students = new Set(parts.map((p) => p.student)).size;
  if (template) {
    return [
      { id: 'lessons', name: 'Lessons', value: all.length },
      { id: 'hours', name: 'Hours', value: hoursOf(all.map((l) => l.duration)) },
      { id: 'students', name: 'Students', value: students },
    ];
  }
  return [
    { id: 'lessons', name: 'Lessons', value: all.length },
    { id: 'hours', name: 'Hours', value: hoursOf(all.map((l) => l.duration)) },
    {
      id: 'earned',
      name: 'Earned',
      value: Math.round(days.reduce((s, d) => s + d.earned * 100, 0)) / 100,
    },
    { id: 'unpaid', name: 'Unpaid', value: unpaidCents / 100 },
    { id: 'students', name: 'Students', value: students },
    {
      id: 'attendanceRate',
      name: 'Attendance %',
      value: marked.length === 0 ? 0 : Math.round((present / marked.length) * 1000) / 10,
    },
  ];
}
