import { sql, type SQL } from 'drizzle-orm';
import type { Lesson, LessonClash } from '@school/contract/schedule';
import type { Db, Tx } from '../../db/client.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { HttpError } from '../../plugins/errors.js';
import { addDays, dayOfWeek, mondayOf } from './schedule.dates.js';
import { studentsOf } from './lessons.queries.js';

const hhmm = (t: string) => t.slice(0, 5);
const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The one clash rule (docs/schedule.md, Clashes) over a set of questions, `subjects`: a relation
 * (key, dates, start, end, teacher, students, exclude) asking who is busy at start–end on one of
 * `dates`: the teacher in another lesson, or one of `students` in another lesson they take part
 * in (back to back is not a clash); `exclude`: the lessons asked about themselves. Answers each
 * clash with the key of its question.
 */
async function clashesOf(db: Db | Tx, subjects: SQL) {
  const result = await db.execute<LessonClash & { key: number }>(sql`
    with q as (${subjects})
    select q.key, l.date::text as date, 'teacher' as kind, u.id,
      btrim(u.first_name || ' ' || u.last_name) as name, l.id as lesson, l.course,
      l.start::text as start, l."end"::text as "end"
    from q join ${lessons} l on l.teacher_id = q.teacher and l.date = any(q.dates)
      and l.start < q."end" and l."end" > q.start and l.id <> all(q.exclude)
    join ${users} u on u.id = l.teacher_id
    union all
    select q.key, coalesce(e.date, l.date)::text, 'student', s.id, btrim(s.name || ' ' || s.surname),
      l.id, l.course, coalesce(e.start, l.start)::text, coalesce(e."end", l."end")::text
    from q join ${events} e on e.student_id = any(q.students)
    join ${lessons} l on l.id = e.lesson_id join ${students} s on s.id = e.student_id
    where coalesce(e.date, l.date) = any(q.dates) and coalesce(e.start, l.start) < q."end"
      and coalesce(e."end", l."end") > q.start and l.id <> all(q.exclude)
    order by 1, 2, 3, 5`);
  return result.rows.map((r) => ({ ...r, start: hhmm(r.start), end: hhmm(r.end) }));
}

/**
 * Who is busy at `start`–`end` on one of `dates`: the teacher in another lesson, or one of the
 * students in another lesson they take part in (docs/schedule.md, Clashes). `exclude`: the lessons being
 * moved themselves.
 */
export async function clashesAt(
  db: Db | Tx,
  q: {
    dates: string[];
    start: string;
    end: string;
    teacher: number | null;
    students: number[];
    exclude: number[];
  },
): Promise<LessonClash[]> {
  if (q.dates.length === 0) return [];
  const rows = await clashesOf(
    db,
    sql`select 0 as key, ${`{${q.dates.join(',')}}`}::date[] as dates, ${q.start}::time as start,
      ${q.end}::time as "end", ${q.teacher}::int as teacher, ${intArray(q.students)} as students,
      ${intArray(q.exclude)} as exclude`,
  );
  return rows.map(({ key: _key, ...clash }) => clash);
}

/**
 * The clashes of lessons as they stand, by lesson id (the week's cards say theirs): each lesson
 * asked, by the same rule, about its own date and times, teacher and participants.
 */
export async function clashesOfLessons(db: Db, ids: number[]) {
  const byLesson = new Map<number, LessonClash[]>();
  if (ids.length === 0) return byLesson;
  const rows = await clashesOf(
    db,
    sql`select l.id as key, array[l.date] as dates, l.start, l."end", l.teacher_id as teacher,
      array(select e.student_id from ${events} e where e.lesson_id = l.id) as students,
      array[l.id] as exclude
    from ${lessons} l where l.id = any(${intArray(ids)})`,
  );
  for (const { key, ...clash } of rows) {
    const own = byLesson.get(key);
    if (own) own.push(clash);
    else byLesson.set(key, [clash]);
  }
  return byLesson;
}

export function clashError(clashes: LessonClash[]) {
  const who = [...new Set(clashes.map((c) => c.name))].join(', ');
  return new HttpError(
    409,
    'clash',
    `Busy at that time: ${who}. Send force: true to save it anyway`,
    undefined,
    { clashes },
  );
}

/**
 * The other days of a lesson's week and the same weekday next week, free or clashing; only
 * `today` and later (docs/schedule.md, Alternative dates: a lesson is never offered the past).
 */
export async function alternativeDates(db: Db, current: Lesson, today: string) {
  const monday = mondayOf(current.date);
  const dates = [
    ...Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((d) => d !== current.date),
    addDays(current.date, 7),
  ].filter((date) => date >= today);
  if (dates.length === 0) return [];
  const clashes = await clashesAt(db, {
    dates,
    start: current.start,
    end: current.end,
    teacher: current.teacher,
    students: await studentsOf(db, [current.id]),
    exclude: [current.id],
  });
  return dates.map((date) => {
    const own = clashes.filter((c) => c.date === date);
    return {
      date,
      dayOfWeek: dayOfWeek(date),
      status: own.length > 0 ? ('clashing' as const) : ('free' as const),
      clashes: own,
    };
  });
}
