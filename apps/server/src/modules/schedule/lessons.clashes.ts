import { sql } from 'drizzle-orm';
import type { Lesson, LessonClash } from '@school/contract/schedule';
import type { Db, Tx } from '../../db/client.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { HttpError } from '../../plugins/errors.js';
import { addDays, dayOfWeek, mondayOf } from './schedule.dates.js';
import { studentsOf } from './lessons.queries.js';

const hhmm = (t: string) => t.slice(0, 5);

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
  const dates = sql`${`{${q.dates.join(',')}}`}::date[]`;
  const exclude = sql`${`{${q.exclude.join(',')}}`}::int[]`;
  const studentIds = sql`${`{${q.students.join(',')}}`}::int[]`;
  const result = await db.execute<{
    date: string;
    kind: 'teacher' | 'student';
    id: number;
    name: string;
    lesson: number;
    start: string;
    end: string;
  }>(sql`
    select l.date::text as date, 'teacher' as kind, u.id, btrim(u.first_name || ' ' || u.last_name) as name,
      l.id as lesson, l.start::text as start, l."end"::text as "end"
    from ${lessons} l join ${users} u on u.id = l.teacher_id
    where l.teacher_id = ${q.teacher} and l.date = any(${dates})
      and l.start < ${q.end}::time and l."end" > ${q.start}::time and l.id <> all(${exclude})
    union all
    select coalesce(e.date, l.date)::text, 'student', s.id, btrim(s.name || ' ' || s.surname),
      l.id, coalesce(e.start, l.start)::text, coalesce(e."end", l."end")::text
    from ${events} e join ${lessons} l on l.id = e.lesson_id join ${students} s on s.id = e.student_id
    where e.student_id = any(${studentIds}) and coalesce(e.date, l.date) = any(${dates})
      and coalesce(e.start, l.start) < ${q.end}::time and coalesce(e."end", l."end") > ${q.start}::time
      and l.id <> all(${exclude})
    order by 1, 2, 4`);
  return result.rows.map((r) => ({ ...r, start: hhmm(r.start), end: hhmm(r.end) }));
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

/** The other days of a lesson's week and the same weekday next week, free or clashing. */
export async function alternativeDates(db: Db, current: Lesson) {
  const monday = mondayOf(current.date);
  const dates = [
    ...Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((d) => d !== current.date),
    addDays(current.date, 7),
  ];
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
