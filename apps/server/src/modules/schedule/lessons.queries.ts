import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import {
  CYCLED_NO,
  CYCLED_YES,
  SERIES_WEEKS_AHEAD,
  type Lesson,
  type lessonListQuery,
  type SeriesScope,
} from '@school/contract/schedule';
import type { Db, Tx } from '../../db/client.js';
import { searchOver } from '../../db/list.js';
import { readRows } from '../../db/rows.js';
import { events, lessons, lessonSeries } from '../../db/schema/schedule.js';
import { groups, users } from '../../db/schema/users.js';
import { HttpError } from '../../plugins/errors.js';
import { lessonAmount } from './schedule.amount.js';
import { addDays, todayIn } from './schedule.dates.js';

type Executor = Db | Tx;
type LessonListQuery = z.output<typeof lessonListQuery>;

/** Advisory lock class of a series: one writer of a series' lessons at a time (ADR 018). */
const SERIES_LOCK = 18_001;
/** How far a range read materialises series at most. */
const MAX_AHEAD_DAYS = 2 * 366;

const hhmm = (t: string) => t.slice(0, 5);

/** The columns a lesson answers with (not its creation time nor its series slot). */
export const lessonColumns = {
  id: lessons.id,
  date: lessons.date,
  start: lessons.start,
  end: lessons.end,
  price: lessons.price,
  duration: lessons.duration,
  groupId: lessons.groupId,
  teacherId: lessons.teacherId,
  seriesId: lessons.seriesId,
  hasBroadcast: lessons.hasBroadcast,
  course: lessons.course,
  comment: lessons.comment,
  resources: lessons.resources,
  homework: lessons.homework,
  nextId: lessons.nextId,
  version: lessons.version,
};

export const lessonFields = {
  l: lessonColumns,
  teacherName: sql<string>`coalesce(btrim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  participants: sql<number>`(select count(*) from ${events} e where e.lesson_id = ${lessons.id})::int`,
  payers: sql<number>`(select count(*) from ${events} e
    where e.lesson_id = ${lessons.id} and e.to_pay in (0, 1))::int`,
};

const listedFields = { ...lessonFields, total: sql<number>`(count(*) over ())::int` };
const isTransaction = (db: Executor): db is Tx => !('$client' in db);

export type LessonRow = {
  l: { [K in keyof typeof lessonColumns]: (typeof lessons.$inferSelect)[K] };
  teacherName: string;
  participants: number;
  payers: number;
};

export const toLesson = ({ l, teacherName, participants, payers }: LessonRow): Lesson => ({
  id: l.id,
  date: l.date,
  start: hhmm(l.start),
  end: hhmm(l.end),
  price: Number(l.price),
  duration: Number(l.duration),
  groupe: l.groupId,
  teacher: l.teacherId,
  teacherName,
  isCycled: l.seriesId === null ? CYCLED_NO : CYCLED_YES,
  hasBroadcast: l.hasBroadcast,
  course: l.course,
  comment: l.comment,
  resources: l.resources,
  homework: l.homework,
  nextId: l.nextId,
  series: l.seriesId,
  participants,
  // lessonFor says it for a viewer who does not see them all
  participantsHidden: false,
  payers,
  amount: lessonAmount(l.price, l.duration, payers),
  version: l.version,
});

/** Lessons with their teacher's name and participant counts, by date and start. */
export async function selectLessons(
  db: Executor,
  where: SQL | undefined,
  page: { limit?: number; offset?: number } = {},
) {
  const query = db
    .select(listedFields)
    .from(lessons)
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(where)
    .orderBy(...lessonOrder)
    .limit(page.limit ?? 100_000)
    .offset(page.offset ?? 0);
  // outside a transaction, a week's many wide rows are decoded column by column (db/rows.ts)
  const rows = isTransaction(db)
    ? await query
    : await readRows<LessonRow & { total: number }>(db, listedFields, query);
  return { rows: rows.map(toLesson), total: rows[0]?.total ?? 0 };
}

export async function findLesson(db: Executor, id: number) {
  const { rows } = await selectLessons(db, eq(lessons.id, id));
  return rows[0];
}

/**
 * The teacher of a lesson, its row locked until the transaction ends, so that a change checked
 * against it applies to the same teacher (docs/roles.md); undefined: no such lesson.
 */
export async function lockedTeacherOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ teacher: lessons.teacherId })
    .from(lessons)
    .where(eq(lessons.id, id))
    .for('update');
  return row;
}

/** Lessons dated `from`–`to` (inclusive), and `more` when given. */
export const lessonsBetween = (from: string | Placeholder, to: string | Placeholder, more?: SQL) =>
  and(gte(lessons.date, from), lte(lessons.date, to), more);

/** The schedule's order of lessons: by date, then start, then id. */
export const lessonOrder = [asc(lessons.date), asc(lessons.start), asc(lessons.id)] as const;

/** GET /lessons: a date or a range (series made up to its end), a teacher, groupe or series. */
export async function listLessons(db: Db, q: LessonListQuery) {
  const from = q.date ?? q.dateFrom;
  const to = q.date ?? q.dateTo;
  if (to) await extendDue(db, to);
  const filters: (SQL | undefined)[] = [
    from ? lessonsBetween(from, to ?? '9999-12-31') : undefined,
    !from && to ? lessonsBetween('0001-01-01', to) : undefined,
    q.teacher ? eq(lessons.teacherId, q.teacher) : undefined,
    q.groupe ? eq(lessons.groupId, q.groupe) : undefined,
    q.series ? eq(lessons.seriesId, q.series) : undefined,
  ];
  return selectLessons(db, and(...filters), q);
}

/** 400 naming the field when a teacher or a group sent does not exist. */
export async function requireReferences(
  db: Executor,
  refs: { teacher?: number | null; groupe?: number | null },
) {
  const missing: Record<string, string> = {};
  if (refs.teacher) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, refs.teacher));
    if (!found) missing.teacher = 'does not exist';
  }
  if (refs.groupe) {
    const [found] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.id, refs.groupe));
    if (!found) missing.groupe = 'does not exist';
  }
  const names = Object.keys(missing);
  if (names.length > 0) {
    throw new HttpError(
      400,
      errorCodes.validation,
      `Invalid ${names.join(', ')}: it does not exist`,
      missing,
    );
  }
}

/** The date series are kept materialised up to (at least 8 weeks ahead: docs/schedule.md, Weekly series). */
export const seriesHorizon = (now = new Date()) =>
  addDays(todayIn('UTC', now), SERIES_WEEKS_AHEAD * 7);

/**
 * Makes the lessons of series `seriesId` up to `until`, with its students' participations, and
 * links each lesson to the next week's. Idempotent and safe with several app instances: one
 * transaction per series under an advisory lock, slots after `materialised_until` only, and
 * (series, slot) unique as the last guard. A lesson deleted from the series stays deleted.
 */
export async function extendSeries(db: Executor, seriesId: number, until: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SERIES_LOCK}, ${seriesId})`);
    const made = await tx.execute<{ id: number }>(sql`
      insert into lessons (date, slot_date, start, "end", price, duration, group_id, teacher_id,
        has_broadcast, course, comment, resources, series_id)
      select d::date, d::date, s.start, s."end", s.price, s.duration, s.group_id, s.teacher_id,
        s.has_broadcast, s.course, s.comment, s.resources, s.id
      from lesson_series s,
        generate_series((s.materialised_until + 7)::timestamp, ${until}::date::timestamp,
          interval '7 days') d
      where s.id = ${seriesId} and (s.ends_on is null or d::date <= s.ends_on)
      on conflict (series_id, slot_date) do nothing
      returning id`);
    if (made.rows.length === 0) return;
    const ids = made.rows.map((r) => r.id);
    await tx.execute(sql`
      insert into events (lesson_id, student_id, to_pay)
      select l.id, ss.student_id, ss.to_pay
      from lessons l join lesson_series_students ss on ss.series_id = l.series_id
      where l.id = any(${`{${ids.join(',')}}`}::int[])
      on conflict (lesson_id, student_id) do nothing`);
    await tx.execute(sql`
      update lesson_series set materialised_until = (
        select max(slot_date) from lessons where series_id = ${seriesId})
      where id = ${seriesId}`);
    await linkSeries(tx, seriesId);
  });
}

/** nextId: each lesson of the series points at the one of the following week's slot. */
export async function linkSeries(tx: Executor, seriesId: number) {
  await tx.execute(sql`
    update lessons l set next_id = n.id
    from lessons l2 left join lessons n on n.series_id = l2.series_id and n.slot_date = l2.slot_date + 7
    where l.id = l2.id and l2.series_id = ${seriesId} and l.next_id is distinct from n.id`);
}

/** Extends every open series that ends its materialised stretch before `until`. */
/**
 * Per database, the UTC day on which every series was last made sure of up to the horizon. A
 * series made or changed later is materialised to the horizon then, so until the day ends a
 * read within the horizon has nothing to extend; a read past it still looks.
 */
const ensuredOn = new WeakMap<Db, string>();

export async function extendDue(db: Db, until: string, now = new Date()) {
  const today = todayIn('UTC', now);
  const cap = addDays(today, MAX_AHEAD_DAYS);
  const horizon = seriesHorizon(now);
  const target = [horizon, until < cap ? until : cap].sort().at(-1) ?? horizon;
  if (target === horizon && ensuredOn.get(db) === today) return;
  const due = await db
    .select({ id: lessonSeries.id })
    .from(lessonSeries)
    .where(
      and(
        sql`${lessonSeries.materialisedUntil} + 7 <= ${target}::date`,
        sql`(${lessonSeries.endsOn} is null or ${lessonSeries.materialisedUntil} + 7 <= ${lessonSeries.endsOn})`,
      ),
    );
  for (const { id } of due) await extendSeries(db, id, target);
  ensuredOn.set(db, today);
}

/** The students taking part in a lesson. */
export async function studentsOf(db: Executor, lessonIds: number[]) {
  if (lessonIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: events.studentId })
    .from(events)
    .where(inArray(events.lessonId, lessonIds));
  return rows.map((r) => r.id);
}

/** The lessons a change or delete with `scope` touches: this one, or also the later ones. */
export async function affectedBy(db: Executor, current: Lesson, scope: SeriesScope) {
  if (scope === 'this' || current.series === null) {
    return selectLessons(db, eq(lessons.id, current.id)).then((p) => p.rows);
  }
  const [own] = await db
    .select({ slot: lessons.slotDate })
    .from(lessons)
    .where(eq(lessons.id, current.id));
  return selectLessons(
    db,
    and(eq(lessons.seriesId, current.series), gte(lessons.slotDate, own?.slot ?? current.date)),
  ).then((p) => p.rows);
}

export async function lockSeries(tx: Tx, seriesId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERIES_LOCK}, ${seriesId})`);
}

/** The schedule's filters: a teacher, a groupe, and a search over course, comment and teacher. */
export const lessonFilters = (q: {
  teacher?: number | undefined;
  groupe?: number | undefined;
  search?: string | undefined;
}) =>
  and(
    q.teacher ? eq(lessons.teacherId, q.teacher) : undefined,
    q.groupe ? eq(lessons.groupId, q.groupe) : undefined,
    searchOver(q.search, [lessons.course, lessons.comment, users.firstName, users.lastName]),
  );

/**
 * The weekly template from `today`: each open series once, by its next lesson on the series'
 * own weekday (an occurrence moved to another day, an alternative date, does not move the
 * series in the template).
 */
export async function seriesTemplate(db: Db, today: string, more: SQL | undefined) {
  const open = db
    .select({ id: lessonSeries.id })
    .from(lessonSeries)
    .where(or(isNull(lessonSeries.endsOn), gte(lessonSeries.endsOn, today)));
  const next = sql`${lessons.id} = (select n.id from ${lessons} n
    join ${lessonSeries} s on s.id = n.series_id
    where n.series_id = ${lessons.seriesId} and n.date >= ${today}::date
      and extract(isodow from n.date) = extract(isodow from s.starts_on)
    order by n.date, n.start limit 1)`;
  const { rows } = await selectLessons(db, and(inArray(lessons.seriesId, open), next, more));
  return rows;
}
