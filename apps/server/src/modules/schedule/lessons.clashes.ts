import { sql, type SQL } from 'drizzle-orm';
import type { Lesson, LessonClash } from '@school/contract/schedule';
import type { Db, Tx } from '../../db/client.js';
import { events, lessons } from '../../db/schema/schedule.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { HttpError } from '../../plugins/errors.js';
import { addDays, dayOfWeek, mondayOf } from './schedule.dates.js';
import { lessonsOfDays, type MovedIn } from './days.queries.js';
import { studentsOf, toLesson } from './lessons.queries.js';

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

/** A lesson someone is busy in, on a date at times: the lesson's own or a moved participation's. */
interface Busy {
  id: number;
  course: string;
  date: string;
  start: string;
  end: string;
}
/**
 * Who is busy in what, by date and then by teacher or student id: the one lesson, or the lessons
 * when more than one. Most are busy in one lesson a day, and a week read builds some 500 of
 * these: an array for each would be most of what its clashes allocate (docs/quality.md).
 */
type BusyIndex = Map<string, Map<number, Busy | Busy[]>>;

function busyAt(index: BusyIndex, who: number, busy: Busy) {
  let day = index.get(busy.date);
  if (!day) index.set(busy.date, (day = new Map()));
  const own = day.get(who);
  if (own === undefined) day.set(who, busy);
  else if (Array.isArray(own)) own.push(busy);
  else day.set(who, [own, busy]);
}

/** A clash of lesson `l` with `busy`, who is busy at an overlapping time in another lesson. */
interface Found {
  lesson: number;
  kind: LessonClash['kind'];
  who: number;
  busy: Busy;
}

/** Adds to `found` each lesson `who` is busy in that overlaps `l` (back to back is not a clash). */
function ask(found: Found[], index: BusyIndex, l: Busy, kind: LessonClash['kind'], who: number) {
  const own = index.get(l.date)?.get(who);
  if (own === undefined) return;
  if (!Array.isArray(own)) {
    if (overlaps(l, own)) found.push({ lesson: l.id, kind, who, busy: own });
    return;
  }
  for (const busy of own) if (overlaps(l, busy)) found.push({ lesson: l.id, kind, who, busy });
}

/** Whether `busy` is another lesson than `l` at an overlapping time (back to back is not). */
const overlaps = (l: Busy, busy: Busy) =>
  busy.start < l.end && busy.end > l.start && busy.id !== l.id;

/**
 * The lessons dated `from`–`to` that `filters` show, with their participants' counts, and the
 * clashes of each as it stands, by lesson id (the schedule's cards say theirs). One statement,
 * as cheap as reading the days at all: every lesson of the days (the cards, and the teachers
 * busy on those days) with its participations, and the participations of other lessons moved
 * onto the days. The one clash rule (docs/schedule.md, Clashes; a test holds it to `clashesOf`'s
 * answers) is applied here: each shown lesson asks about its own date and times, its teacher and
 * its participants, who are busy in another lesson at an overlapping time (back to back is not
 * a clash) (ADR 023).
 */
export async function lessonsWithClashes(
  db: Db,
  from: string,
  to: string,
  filters: SQL | undefined,
) {
  const clashes = new Map<number, LessonClash[]>();
  const days = await lessonsOfDays(db, from, to, filters);
  if (days.length === 0) return { lessons: [] as Lesson[], clashes };
  const teachersBusy: BusyIndex = new Map();
  const teacherNames = new Map<number, string>();
  const studentsBusy: BusyIndex = new Map();
  const members = new Map<number, number[]>();
  for (const { l, teacherName, parts, movedIn } of days) {
    if (l.teacherId !== null) {
      busyAt(teachersBusy, l.teacherId, l);
      teacherNames.set(l.teacherId, teacherName);
    }
    const own: number[] = [];
    for (const item of parts[1] ?? []) {
      if (typeof item === 'number') {
        // on its lesson's date and times
        own.push(item);
        busyAt(studentsBusy, item, l);
        continue;
      }
      // moved to a date of its own: busy there, and only when that is one of the days
      const [student, date, start, end] = item;
      own.push(student);
      if (date >= from && date <= to) {
        const moved = {
          id: l.id,
          course: l.course,
          date,
          start: start ?? l.start,
          end: end ?? l.end,
        };
        busyAt(studentsBusy, student, moved);
      }
    }
    members.set(l.id, own);
    if (movedIn === null) continue;
    for (const [id, student, date, start, end, course] of JSON.parse(movedIn) as MovedIn[]) {
      busyAt(studentsBusy, student, { id, course, date, start, end });
    }
  }
  const lessons: Lesson[] = [];
  const found: Found[] = [];
  for (const { l, teacherName, shown, parts } of days) {
    if (!shown) continue;
    lessons.push(
      toLesson({
        l,
        teacherName,
        participants: members.get(l.id)?.length ?? 0,
        payers: parts[0],
      }),
    );
    if (l.teacherId !== null) ask(found, teachersBusy, l, 'teacher', l.teacherId);
    for (const student of members.get(l.id) ?? []) ask(found, studentsBusy, l, 'student', student);
  }
  if (found.length === 0) return { lessons, clashes };
  // the teachers' names are the days' own; the students', read only when one clashes (seldom)
  const clashing = [...new Set(found.filter((f) => f.kind === 'student').map((f) => f.who))];
  const studentNames = new Map<number, string>();
  if (clashing.length > 0) {
    const named = await db.execute<{ id: number; name: string }>(sql`
      select s.id, btrim(s.name || ' ' || s.surname) as name
      from ${students} s where s.id = any(${intArray(clashing)})`);
    for (const r of named.rows) studentNames.set(r.id, r.name);
  }
  for (const { lesson, kind, who, busy } of found) {
    const clash: LessonClash = {
      date: busy.date,
      kind,
      id: who,
      name: (kind === 'teacher' ? teacherNames : studentNames).get(who) ?? '',
      lesson: busy.id,
      course: busy.course,
      start: hhmm(busy.start),
      end: hhmm(busy.end),
    };
    const own = clashes.get(lesson);
    if (own) own.push(clash);
    else clashes.set(lesson, [clash]);
  }
  const rank = { teacher: 0, student: 1 } as const;
  for (const own of clashes.values()) {
    own.sort(
      (a, b) => rank[a.kind] - rank[b.kind] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  }
  return { lessons, clashes };
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
 * The other days of a lesson's week and the same weekday next week, free or clashing; only the
 * ones whose start is ahead of `now`, the school's wall clock (docs/schedule.md, Alternative
 * dates: a lesson is never offered the past, today's earlier hours included). The lesson's own
 * series is no clash: its other lessons (next week's, on the same weekday) are the same
 * teacher's and participants' by its own making.
 */
export async function alternativeDates(
  db: Db,
  current: Lesson,
  now: { date: string; time: string },
) {
  const monday = mondayOf(current.date);
  const ahead = (date: string) =>
    date > now.date || (date === now.date && `${hhmm(current.start)}:00` > now.time);
  const dates = [
    ...Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((d) => d !== current.date),
    addDays(current.date, 7),
  ].filter(ahead);
  if (dates.length === 0) return [];
  const clashes = await clashesAt(db, {
    dates,
    start: current.start,
    end: current.end,
    teacher: current.teacher,
    students: await studentsOf(db, [current.id]),
    exclude: [current.id, ...(await seriesLessonsOf(db, current.series))],
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

/** The ids of the lessons of series `series` (none without one). */
async function seriesLessonsOf(db: Db, series: number | null): Promise<number[]> {
  if (series === null) return [];
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(sql`${lessons.seriesId} = ${series}`);
  return rows.map((r) => r.id);
}
