import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedSelect, readRows } from '../../db/rows.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { users } from '../../db/schema/users.js';
import {
  lessonColumns,
  lessonFields,
  lessonOrder,
  lessonsBetween,
  type LessonRow,
} from './lessons.queries.js';

/**
 * A lesson's participations as the days read them: [payers, items], each item a student's id,
 * or [student, date, start, end] when the participation is moved to a date of its own (start
 * and end null: the lesson's times); items null when the lesson has none.
 */
export type DayParts = [
  payers: number,
  items:
    (number | [student: number, date: string, start: string | null, end: string | null])[] | null,
];
/** A participation of a lesson not on the days, moved onto one of them. */
export type MovedIn = [
  lesson: number,
  student: number,
  date: string,
  start: string,
  end: string,
  course: string,
];

/**
 * A lesson of the days as `lessonsOfDays` reads it: whether the filters show it, its
 * participations, and on one of the rows (the others null) the participations of other lessons
 * moved onto the days, as JSON text.
 */
export type DayLessonRow = Pick<LessonRow, 'l' | 'teacherName'> & {
  shown: boolean;
  parts: DayParts;
  movedIn: string | null;
};

type DayBound = string | ReturnType<typeof sql.placeholder>;

const dayFields = (filters: SQL | undefined, from: DayBound, to: DayBound) => ({
  l: lessonColumns,
  teacherName: lessonFields.teacherName,
  shown: sql<boolean>`coalesce(${filters ?? sql`true`}, false)`,
  parts: sql<DayParts>`(select json_build_array(
      count(*) filter (where e.to_pay in (0, 1)),
      json_agg(case when e.date is null then to_json(e.student_id)
        else json_build_array(e.student_id, e.date, e.start, e."end") end order by e.id))
    from ${events} e where e.lesson_id = ${lessons.id})`,
  // computed once (it depends on no row), sent on one row only
  movedIn: sql<string | null>`case when row_number() over () = 1 then (
      select json_agg(json_build_array(e.lesson_id, e.student_id, e.date,
        coalesce(e.start, o.start), coalesce(e."end", o."end"), o.course))::text
      from ${events} e join ${lessons} o on o.id = e.lesson_id
      where e.date between ${from} and ${to} and o.date not between ${from} and ${to}) end`,
});
/** The fields of the days read unfiltered: one object, so its decoders are found once. */
const unfilteredDayFields = dayFields(undefined, sql.placeholder('from'), sql.placeholder('to'));

const daysQuery = (db: Db, fields: ReturnType<typeof dayFields>, from: DayBound, to: DayBound) =>
  db
    .select(fields)
    .from(lessons)
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(lessonsBetween(from, to))
    .orderBy(...lessonOrder);

/**
 * Every lesson dated `from`–`to` with its teacher's name and its participations, by date and
 * start, each saying whether `filters` show it, and the participations of other lessons moved
 * onto those days: the schedule's days read in one statement for both the cards and who is busy
 * on those days (docs/schedule.md, Clashes; ADR 023). Unfiltered, the text never changes: it is
 * built once and runs as a prepared statement.
 */
export async function lessonsOfDays(db: Db, from: string, to: string, filters: SQL | undefined) {
  if (filters) {
    const fields = dayFields(filters, from, to);
    return readRows<DayLessonRow>(db, fields, daysQuery(db, fields, from, to));
  }
  const days = preparedSelect<DayLessonRow>(db, 'days_lessons', unfilteredDayFields, () =>
    daysQuery(db, unfilteredDayFields, sql.placeholder('from'), sql.placeholder('to')),
  );
  return days({ from, to });
}
