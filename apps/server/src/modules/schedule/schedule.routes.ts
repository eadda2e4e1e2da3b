import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import {
  infoPiece,
  SCHEDULE_MAX_DAYS,
  scheduleDay,
  scheduleQuery,
  type InfoPiece,
  type Lesson,
  type ScheduleDay,
} from '@school/contract/schedule';
import type { Db } from '../../db/client.js';
import { searchOver } from '../../db/list.js';
import { events, lessons, lessonSeries } from '../../db/schema/schedule.js';
import { users } from '../../db/schema/users.js';
import { requireUser, sessionOf } from '../../plugins/access.js';
import { errorResponses, HttpError } from '../../plugins/errors.js';
import { uncheckedJson } from '../../plugins/resource.js';
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
import { extendDue, lessonsBetween, selectLessons } from './lessons.queries.js';

type Query = z.output<typeof scheduleQuery>;
const DEFAULT_TZ = 'UTC';

const invalid = (field: string, why: string) =>
  new HttpError(400, errorCodes.validation, `Invalid ${field}: ${why}`, { [field]: why });

/** The time zone "this week" is taken in: ?tz=, else the one the user logged in with. */
function zoneOf(request: FastifyRequest, q: Query) {
  if (q.tz) {
    if (!isTimeZone(q.tz)) throw invalid('tz', 'is not a known time zone');
    return q.tz;
  }
  const own = sessionOf(request).timezone;
  return own && isTimeZone(own) ? own : DEFAULT_TZ;
}

/** The days the query asks for: the week of `bias` (0 when nothing is given) or the range. */
function rangeOf(q: Query, tz: string) {
  if (q.dateFrom || q.dateTo) {
    const from = q.dateFrom ?? addDays(q.dateTo ?? '', -6);
    const to = q.dateTo ?? addDays(from, 6);
    if (daysBetween(from, to) >= SCHEDULE_MAX_DAYS) {
      throw invalid('dateTo', `at most ${SCHEDULE_MAX_DAYS} days from dateFrom`);
    }
    return { from, to };
  }
  return weekOf(q.bias ?? 0, tz);
}

const filtersOf = (q: Query) =>
  and(
    q.teacher ? eq(lessons.teacherId, q.teacher) : undefined,
    q.groupe ? eq(lessons.groupId, q.groupe) : undefined,
    searchOver(q.search, [lessons.course, lessons.comment, users.firstName, users.lastName]),
  );

const dayOf = (id: string, date: string, own: Lesson[]): ScheduleDay => ({
  id,
  date,
  dayOfWeek: dayOfWeek(date),
  earned: Math.round(own.reduce((sum, l) => sum + l.amount * 100, 0)) / 100,
  hours: hoursOf(own.map((l) => l.duration)),
  lessons: own,
});

/** The schedule (SPEC §2 Schedule, DESIGN "Schedule"): days with their lessons and sums. */
export const scheduleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function daysOf(request: FastifyRequest, q: Query): Promise<ScheduleDay[]> {
    const tz = zoneOf(request, q);
    if (q.cycled === '1') {
      // the weekly template: each open series once, on its weekday, by its next lesson
      const today = todayIn(tz);
      await extendDue(db, today);
      const open = db
        .select({ id: lessonSeries.id })
        .from(lessonSeries)
        .where(or(isNull(lessonSeries.endsOn), gte(lessonSeries.endsOn, today)));
      // the series' next lesson on its own weekday: an occurrence moved to another day (an
      // alternative date) does not move the series in the template
      const next = sql`${lessons.id} = (select n.id from ${lessons} n
        join ${lessonSeries} s on s.id = n.series_id
        where n.series_id = ${lessons.seriesId} and n.date >= ${today}::date
          and extract(isodow from n.date) = extract(isodow from s.starts_on)
        order by n.date, n.start limit 1)`;
      const { rows } = await selectLessons(
        db,
        and(inArray(lessons.seriesId, open), next, filtersOf(q)),
      );
      return [1, 2, 3, 4, 5, 6, 7].map((day) =>
        dayOf(
          `cycled-${day}`,
          nextWeekday(today, day),
          rows.filter((l) => dayOfWeek(l.date) === day),
        ),
      );
    }
    const { from, to } = rangeOf(q, tz);
    await extendDue(db, to);
    const { rows } = await selectLessons(db, lessonsBetween(from, to, filtersOf(q)));
    return datesFrom(from, to).map((date) =>
      dayOf(
        date,
        date,
        rows.filter((l) => l.date === date),
      ),
    );
  }

  app.get(
    '/schedule',
    {
      onRequest: [requireUser],
      // a week of lessons is many wide rows: written as typed code built them (ADR 016)
      ...uncheckedJson,
      schema: {
        tags: ['schedule'],
        summary: 'Days with their lessons: ?bias=N week, ?dateFrom&dateTo, or ?cycled=1 template',
        querystring: scheduleQuery,
        response: { 200: z.array(scheduleDay), ...errorResponses },
      },
    },
    async (request) => daysOf(request, request.query),
  );

  app.get(
    '/schedule/infopanel',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['schedule'],
        summary: 'Lessons, hours, earned, unpaid, students and attendance of the same days',
        querystring: scheduleQuery,
        response: { 200: z.array(infoPiece), ...errorResponses },
      },
    },
    async (request): Promise<InfoPiece[]> => {
      const days = await daysOf(request, request.query);
      const all = days.flatMap((d) => d.lessons);
      const ids = all.map((l) => l.id);
      const parts =
        ids.length === 0
          ? []
          : await db
              .select({
                lesson: events.lessonId,
                student: events.studentId,
                toPay: events.toPay,
                isPaid: events.isPaid,
                attendence: events.attendence,
              })
              .from(events)
              .where(inArray(events.lessonId, ids));
      const byId = new Map(all.map((l) => [l.id, l]));
      // unpaid: per lesson, the amount of its participants who pay and have not paid
      let unpaidCents = 0;
      for (const l of all) {
        const owing = parts.filter((p) => p.lesson === l.id && paysFor(p.toPay) && !p.isPaid);
        unpaidCents += Math.round(lessonAmount(l.price, l.duration, owing.length) * 100);
      }
      const marked = parts.filter((p) => p.attendence !== 0 && byId.has(p.lesson));
      const present = marked.filter((p) => p.attendence === 1).length;
      return [
        { id: 'lessons', name: 'Lessons', value: all.length },
        { id: 'hours', name: 'Hours', value: hoursOf(all.map((l) => l.duration)) },
        {
          id: 'earned',
          name: 'Earned',
          value: Math.round(days.reduce((s, d) => s + d.earned * 100, 0)) / 100,
        },
        { id: 'unpaid', name: 'Unpaid', value: unpaidCents / 100 },
        { id: 'students', name: 'Students', value: new Set(parts.map((p) => p.student)).size },
        {
          id: 'attendanceRate',
          name: 'Attendance %',
          value: marked.length === 0 ? 0 : Math.round((present / marked.length) * 1000) / 10,
        },
      ];
    },
  );
};
