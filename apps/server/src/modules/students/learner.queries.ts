import { asc, desc, eq, sql } from 'drizzle-orm';
import type { LearnerPage } from '@school/contract/learner';
import type { Db } from '../../db/client.js';
import { botUsers, conversationProgress, conversations } from '../../db/schema/bot.js';
import { gameResults, gameSets, sets } from '../../db/schema/games.js';
import { studentPageViews, students } from '../../db/schema/students.js';
import { lessonInstant } from '../schedule/schedule.shared.js';

/** The SQL of the learner's own page (docs/learner-page.md): one student's data, by hashCode. */

/** How many of each list the page shows. */
const NEXT_LESSONS = 5;
const LAST_MARKS = 10;
const CONVERSATIONS = 50;

export type LearnerStudent = {
  id: number;
  name: string;
  surname: string;
  timezone: string;
  gMeetId: string;
  hashCode: string;
  paymentReference: string;
};

export async function studentOfHashCode(
  db: Db,
  hashCode: string,
): Promise<LearnerStudent | undefined> {
  const [row] = await db
    .select({
      id: students.id,
      name: students.name,
      surname: students.surname,
      timezone: students.timezone,
      gMeetId: students.gMeetId,
      hashCode: students.hashCode,
      paymentReference: students.paymentReference,
    })
    .from(students)
    .where(eq(students.hashCode, hashCode));
  return row;
}

/** The language of the student's messenger account linked last, when the page has it. */
export async function localeOf(db: Db, studentId: number): Promise<LearnerPage['locale']> {
  const [row] = await db
    .select({ code: botUsers.languageCode })
    .from(botUsers)
    .where(eq(botUsers.studentId, studentId))
    .orderBy(desc(botUsers.linkedAt))
    .limit(1);
  const base = row?.code.slice(0, 2).toLowerCase();
  return base === 'en' || base === 'pl' || base === 'uk' ? base : null;
}

/** A participation's start and end as instants: the lesson's wall-clock time in the school's zone. */
const startsAt = (zone: string) =>
  lessonInstant(sql`coalesce(e.date, l.date)`, sql`coalesce(e.start, l.start)`, zone);
const endsAt = (zone: string) =>
  lessonInstant(sql`coalesce(e.date, l.date)`, sql`coalesce(e."end", l."end")`, zone);

type Instant = Date | string;
const iso = (at: Instant) => new Date(at).toISOString();

/** The next lessons (one under way included), soonest first, however far ahead. */
export async function nextLessonsOf(db: Db, studentId: number, schoolZone: string) {
  const rows = await db.execute<{
    start: Instant;
    end: Instant;
    teacher: string;
    course: string;
    lessonHomework: string;
    ownHomework: string;
  }>(sql`
    select ${startsAt(schoolZone)} as start, ${endsAt(schoolZone)} as "end",
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as teacher,
      l.course, l.homework as "lessonHomework", e.homework as "ownHomework"
    from events e join lessons l on l.id = e.lesson_id left join users u on u.id = l.teacher_id
    where e.student_id = ${studentId} and ${endsAt(schoolZone)} > now()
    order by 1, l.id
    limit ${NEXT_LESSONS}`);
  return rows.rows.map((r) => ({
    start: iso(r.start),
    end: iso(r.end),
    teacher: r.teacher,
    course: r.course,
    homework: [r.lessonHomework.trim(), r.ownHomework.trim()].filter(Boolean).join('\n\n'),
  }));
}

/** The last attendance marks, newest first (attendence 1 present, other than 0 absent). */
export async function marksOf(
  db: Db,
  studentId: number,
  schoolZone: string,
): Promise<LearnerPage['marks']> {
  const rows = await db.execute<{ start: Instant; course: string; attendence: number }>(sql`
    select ${startsAt(schoolZone)} as start, l.course, e.attendence
    from events e join lessons l on l.id = e.lesson_id
    where e.student_id = ${studentId} and e.attendence <> 0
    order by 1 desc, l.id desc
    limit ${LAST_MARKS}`);
  return rows.rows.map((r) => ({
    start: iso(r.start),
    course: r.course,
    presence: r.attendence === 1 ? 'present' : 'absent',
  }));
}

/** Every game set and set, for the page's list of games to play. */
export async function allGames(db: Db) {
  const grids = await db
    .select({
      id: gameSets.id,
      name: gameSets.name,
      type: gameSets.type,
      version: gameSets.version,
    })
    .from(gameSets)
    .orderBy(asc(gameSets.name), asc(gameSets.id));
  const playlists = await db
    .select({ id: sets.id, name: sets.name, version: sets.version })
    .from(sets)
    .orderBy(asc(sets.name), asc(sets.id));
  return { grids, playlists };
}

/** The student's last play of each game set and set, with the game's name. */
export async function lastPlaysOf(db: Db, studentId: number) {
  const rows = await db.execute<{
    gridId: number | null;
    setId: number | null;
    type: number | null;
    name: string;
    score: number;
    max: number;
    playedAt: Instant;
  }>(sql`
    select distinct on (r.grid_id, r.set_id) r.grid_id as "gridId", r.set_id as "setId",
      g.type, coalesce(g.name, s.name, '') as name, r.score, r.max, r.played_at as "playedAt"
    from ${gameResults} r left join ${gameSets} g on g.id = r.grid_id
      left join ${sets} s on s.id = r.set_id
    where r.student_id = ${studentId}
    order by r.grid_id, r.set_id, r.played_at desc, r.id desc`);
  return rows.rows.map((r) => ({ ...r, playedAt: iso(r.playedAt) }));
}

/** The student's bot runs, newest first, with the points of their replies per estimation group. */
export async function conversationsOf(
  db: Db,
  studentId: number,
): Promise<LearnerPage['conversations']> {
  const rows = await db.execute<{
    name: string;
    finished: boolean;
    groups: { name: string; points: string | number }[] | null;
    totalPoints: string | number;
  }>(sql`
    select c.name, p.is_finished = 1 as finished,
      (select json_agg(json_build_object('name', g.name, 'points', coalesce((
          select sum(m.point) from messages m
          where m.progress_id = p.id and m.is_bot = 0 and m.estimation_group_id = g.id), 0))
        order by g.id)
       from estimation_groups g where g.conversation_id = c.id) as groups,
      coalesce((select sum(m.point) from messages m where m.progress_id = p.id and m.is_bot = 0),
        0) as "totalPoints"
    from ${conversationProgress} p join ${conversations} c on c.id = p.conversation_id
    where p.student_id = ${studentId}
    order by coalesce(p.finished_at, p.created_at) desc, p.id desc
    limit ${CONVERSATIONS}`);
  return rows.rows.map((r) => ({
    name: r.name,
    finished: r.finished,
    groups: (r.groups ?? []).map((g) => ({ name: g.name, points: Number(g.points) })),
    totalPoints: Number(r.totalPoints),
  }));
}

/** Records that the student opened their page: one row a day (the school's day) at most. */
export async function recordPageOpened(db: Db, studentId: number, schoolZone: string) {
  await db
    .insert(studentPageViews)
    .values({ studentId, day: sql`(now() at time zone ${schoolZone})::date` })
    .onConflictDoNothing();
}
