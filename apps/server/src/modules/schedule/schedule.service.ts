import type { z } from 'zod';
import {
  SCHEDULE_MAX_DAYS,
  type InfoPiece,
  type scheduleQuery,
  type ScheduleDay,
  type ScheduleLesson,
} from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { invalidField } from '../../plugins/errors.js';
import { participantsOf } from './events.queries.js';
import {
  extendDue,
  lessonFilters,
  lessonsBetween,
  selectLessons,
  seriesTemplate,
} from './lessons.queries.js';
import { clashesOfLessons } from './lessons.clashes.js';
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
 * template. `ownZone`: the time zone the user logged in with. A teacher sees every lesson but
 * the amounts of their own only: another's is null and not in the day's earned (docs/roles.md).
 */
export async function scheduleDays(
  db: Db,
  q: ScheduleQuery,
  ownZone: string | null | undefined,
  viewer: Viewer,
): Promise<ScheduleDay[]> {
  const tz = zoneOf(q.tz, ownZone);
  if (q.cycled === 1) {
    // the weekly template: each open series once, on its weekday, by its next lesson
    const today = todayIn(tz);
    await extendDue(db, today);
    const rows = await seriesTemplate(db, today, lessonFilters(q));
    // the template is not a dated lesson: it has no clashes of its own
    const template = rows.map((l) => lessonFor(viewer, { ...l, clashes: [] }));
    return [1, 2, 3, 4, 5, 6, 7].map((day) =>
      dayOf(
        `cycled-${day}`,
        nextWeekday(today, day),
        template.filter((l) => dayOfWeek(l.date) === day),
      ),
    );
  }
  const { from, to } = rangeOf(q, tz);
  await extendDue(db, to);
  const { rows } = await selectLessons(db, lessonsBetween(from, to, lessonFilters(q)));
  // docs/schedule.md, Clashes: each card says whom it clashes with (saved anyway)
  const clashes = await clashesOfLessons(
    db,
    rows.map((l) => l.id),
  );
  // a teacher: no clash naming a student not theirs (docs/roles.md)
  const seen = new Set(await clashesSeenBy(db, viewer, [...clashes.values()].flat()));
  const shown = rows.map((l) =>
    lessonFor(viewer, { ...l, clashes: (clashes.get(l.id) ?? []).filter((c) => seen.has(c)) }),
  );
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
