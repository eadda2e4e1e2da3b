import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import {
  CYCLED_YES,
  SERIES_WEEKS_AHEAD,
  type Lesson,
  type lessonInput,
  type lessonUpdate,
  type SeriesScope,
} from '@school/contract/schedule';
import type { Db, Tx } from '../../db/client.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { checkVersion } from '../../db/versions.js';
import { events, lessons, lessonSeries } from '../../db/schema/schedule.js';
import { HttpError, notFound } from '../../plugins/errors.js';
import { withLessonCorrections } from '../money/money.shared.js';
import { minutesBetween } from './schedule.amount.js';
import { addDays, daysBetween } from './schedule.dates.js';
import {
  affectedBy,
  extendSeries,
  findLesson,
  linkSeries,
  lockedTeacherOf,
  lockSeries,
  requireReferences,
  seriesHorizon,
  studentsOf,
} from './lessons.queries.js';
import { clashError, clashesAt } from './lessons.clashes.js';

type LessonInput = z.output<typeof lessonInput>;
type LessonUpdate = z.output<typeof lessonUpdate>;
/** Throws (403) unless the lesson's teacher, read under its lock, allows the write. */
export type TeacherGuard = (teacher: number | null) => void;

/** Locks the lesson's row and lets `guard` judge its teacher; false: no such lesson. */
async function guarded(tx: Tx, id: number, guard: TeacherGuard | undefined) {
  const row = await lockedTeacherOf(tx, id);
  if (!row) return false;
  guard?.(row.teacher);
  return true;
}

const durationOf = (l: { duration?: number | undefined; start: string; end: string }) =>
  String(l.duration ?? minutesBetween(l.start, l.end));

/** What a lesson shares with its series, as columns; undefined leaves a column as it is. */
const templateOf = (input: Omit<LessonUpdate, 'scope'>, duration: string | undefined) => ({
  start: input.start,
  end: input.end,
  price: input.price === undefined ? undefined : String(input.price),
  duration,
  groupId: input.groupe,
  teacherId: input.teacher,
  hasBroadcast: input.hasBroadcast,
  course: input.course,
  comment: input.comment,
  resources: input.resources,
});

/**
 * One lesson, or (isCycled 1) a weekly series from its date, materialised SERIES_WEEKS_AHEAD
 * weeks ahead; answers the (first) lesson. A busy teacher answers 409 'clash' unless forced.
 */
export async function createLesson(db: Db, input: LessonInput): Promise<Lesson> {
  await requireReferences(db, input);
  const cycled = input.isCycled === CYCLED_YES;
  if (!input.force) {
    const dates = cycled
      ? Array.from({ length: SERIES_WEEKS_AHEAD }, (_, i) => addDays(input.date, i * 7))
      : [input.date];
    const clashes = await clashesAt(db, {
      dates,
      start: input.start,
      end: input.end,
      teacher: input.teacher,
      students: [],
      exclude: [],
    });
    if (clashes.length > 0) throw clashError(clashes);
  }
  const duration = durationOf(input);
  const fields = { ...templateOf(input, duration), start: input.start, end: input.end, duration };
  // the lesson, or the series' lessons, and their history entries in one transaction
  const id = await db.transaction(async (tx) => {
    if (!cycled) {
      const [row] = await tx
        .insert(lessons)
        .values({ ...fields, date: input.date, homework: input.homework })
        .returning();
      await recordChanges(tx, rowChanges('lessons', [], row ? [row] : []));
      return row?.id;
    }
    const [series] = await tx
      .insert(lessonSeries)
      .values({ ...fields, startsOn: input.date, materialisedUntil: addDays(input.date, -7) })
      .returning({ id: lessonSeries.id });
    if (!series) throw new Error('series not created');
    // at least SERIES_WEEKS_AHEAD weeks from today, and as many from a later start
    const fromStart = addDays(input.date, SERIES_WEEKS_AHEAD * 7);
    const horizon = seriesHorizon();
    await extendSeries(tx, series.id, horizon > fromStart ? horizon : fromStart);
    const [first] = await tx
      .update(lessons)
      .set({ homework: input.homework })
      .where(and(eq(lessons.seriesId, series.id), eq(lessons.slotDate, input.date)))
      .returning({ id: lessons.id });
    const made = await tx.select().from(lessons).where(eq(lessons.seriesId, series.id));
    await recordChanges(tx, rowChanges('lessons', [], made));
    return first?.id;
  });
  return requireLesson(db, id);
}

/** The rows of lessons `ids` as stored, for their history entries. */
const lessonRows = (tx: Tx, ids: number[]) =>
  tx.select().from(lessons).where(inArray(lessons.id, ids)).orderBy(lessons.id);

async function requireLesson(db: Db, id: number | undefined) {
  const found = id === undefined ? undefined : await findLesson(db, id);
  if (!found) throw notFound('No such lesson');
  return found;
}

/**
 * A change of one lesson, or with scope 'following' of it and the later lessons of its series
 * (and the series itself, so lessons made later follow). A new date moves the lesson; for
 * 'following' it moves the series to the new weekday: the series ends before this lesson and
 * a new one carries this and the later lessons. Moving onto busy time answers 409 'clash'
 * unless forced.
 */
export async function updateLesson(
  db: Db,
  current: Lesson,
  input: LessonUpdate,
  guard?: TeacherGuard,
): Promise<Lesson | undefined> {
  await requireReferences(db, input);
  const scope: SeriesScope = current.series === null ? 'this' : (input.scope ?? 'this');
  const start = input.start ?? current.start;
  const end = input.end ?? current.end;
  if (end <= start) {
    throw new HttpError(400, errorCodes.validation, 'Invalid end: must be after the start', {
      end: 'must be after the start',
    });
  }
  const shift = input.date ? daysBetween(current.date, input.date) : 0;
  const teacher = input.teacher === undefined ? current.teacher : input.teacher;
  const affected = await affectedBy(db, current, scope);
  const moves =
    shift !== 0 || start !== current.start || end !== current.end || teacher !== current.teacher;
  if (moves && !input.force) await refuseClashes(db, affected, { shift, start, end, teacher });
  const duration =
    input.duration !== undefined
      ? String(input.duration)
      : input.start !== undefined || input.end !== undefined
        ? durationOf({ start, end })
        : undefined;
  const template = templateOf(input, duration);
  const ids = [...new Set([current.id, ...affected.map((l) => l.id)])];
  const found = await db.transaction(async (tx) => {
    // the series' lock before the lesson's row, in the order every series writer takes them
    if (scope !== 'this') await lockSeries(tx, current.series ?? 0);
    if (!(await guarded(tx, current.id, guard))) return false;
    const before = await lessonRows(tx, ids);
    // ADR 038: a change made on an older version of this lesson changes nothing
    const own = before.find((l) => l.id === current.id);
    if (own) checkVersion(own, input.version);
    // the participations whose charge is due get correcting entries (docs/money.md)
    await withLessonCorrections(db, tx, ids, async () => {
      if (scope === 'this') {
        await tx
          .update(lessons)
          .set({ ...template, homework: input.homework, date: input.date })
          .where(eq(lessons.id, current.id));
      } else {
        await changeFollowing(tx, current, { template, homework: input.homework, shift });
      }
    });
    await recordChanges(tx, rowChanges('lessons', before, await lessonRows(tx, ids)));
    return true;
  });
  return found ? findLesson(db, current.id) : undefined;
}

/** Refuses (409 clash) to put the affected lessons, shifted by `shift` days, on busy time. */
async function refuseClashes(
  db: Db,
  affected: Lesson[],
  at: { shift: number; start: string; end: string; teacher: number | null },
) {
  const clashes = await clashesAt(db, {
    dates: affected.map((l) => addDays(l.date, at.shift)),
    start: at.start,
    end: at.end,
    teacher: at.teacher,
    students: await studentsOf(
      db,
      affected.map((l) => l.id),
    ),
    exclude: affected.map((l) => l.id),
  });
  if (clashes.length > 0) throw clashError(clashes);
}

/**
 * A 'following' change, under the series' lock: the template of the series and of this and
 * the later lessons, this lesson's homework, and a move by `shift` days.
 */
async function changeFollowing(
  tx: Tx,
  current: Lesson,
  change: { template: ReturnType<typeof templateOf>; homework: string | undefined; shift: number },
) {
  const seriesId = current.series ?? 0;
  await lockSeries(tx, seriesId);
  const [own] = await tx
    .select({ slot: lessons.slotDate })
    .from(lessons)
    .where(eq(lessons.id, current.id));
  const slot = own?.slot ?? current.date;
  const following = and(eq(lessons.seriesId, seriesId), gte(lessons.slotDate, slot));
  if (Object.values(change.template).some((v) => v !== undefined)) {
    await tx.update(lessonSeries).set(change.template).where(eq(lessonSeries.id, seriesId));
    await tx.update(lessons).set(change.template).where(following);
  }
  if (change.homework !== undefined) {
    await tx.update(lessons).set({ homework: change.homework }).where(eq(lessons.id, current.id));
  }
  if (change.shift !== 0) await moveSeries(tx, seriesId, slot, change.shift);
}

/** A new series from the moved lesson on, `shift` days later; the old one ends before it. */
async function moveSeries(tx: Tx, seriesId: number, slot: string, shift: number) {
  const [moved] = await tx
    .execute<{ id: number }>(
      sql`
    insert into lesson_series (starts_on, ends_on, materialised_until, start, "end", price,
      duration, group_id, teacher_id, has_broadcast, course, comment, resources)
    select ${slot}::date + ${shift}::int, ends_on + ${shift}::int,
      materialised_until + ${shift}::int, start, "end", price, duration, group_id, teacher_id,
      has_broadcast, course, comment, resources
    from lesson_series where id = ${seriesId}
    returning id`,
    )
    .then((r) => r.rows);
  if (!moved) return;
  await tx.execute(sql`
    insert into lesson_series_students (series_id, student_id, to_pay)
    select ${moved.id}, student_id, to_pay from lesson_series_students where series_id = ${seriesId}`);
  await tx
    .update(lessonSeries)
    .set({ endsOn: addDays(slot, -1) })
    .where(eq(lessonSeries.id, seriesId));
  await tx.execute(sql`
    update lessons set series_id = ${moved.id}, slot_date = slot_date + ${shift}::int,
      date = date + ${shift}::int, next_id = null
    where series_id = ${seriesId} and slot_date >= ${slot}::date`);
  await linkSeries(tx, seriesId);
  await linkSeries(tx, moved.id);
}

/** Deletes a lesson (its participations with it), or with 'following' also the later ones. */
export async function deleteLesson(db: Db, id: number, scope: SeriesScope, guard?: TeacherGuard) {
  const current = await findLesson(db, id);
  if (!current) return false;
  if (scope === 'this' || current.series === null) {
    return db.transaction(async (tx) => {
      if (!(await guarded(tx, id, guard))) return false;
      await deleteWithHistory(db, tx, eq(lessons.id, id));
      return true;
    });
  }
  const seriesId = current.series;
  return db.transaction(async (tx) => {
    await lockSeries(tx, seriesId);
    if (!(await guarded(tx, id, guard))) return false;
    const [own] = await tx
      .select({ slot: lessons.slotDate })
      .from(lessons)
      .where(eq(lessons.id, id));
    const slot = own?.slot ?? current.date;
    await tx
      .update(lessonSeries)
      .set({ endsOn: addDays(slot, -1) })
      .where(eq(lessonSeries.id, seriesId));
    await deleteWithHistory(
      db,
      tx,
      and(eq(lessons.seriesId, seriesId), gte(lessons.slotDate, slot)),
    );
    return true;
  });
}

/**
 * Deletes the lessons `where` selects, and their participations, which would go with them,
 * first: each leaves its history entry (docs/history.md).
 */
async function deleteWithHistory(db: Db, tx: Tx, where: SQL | undefined) {
  const gone = await tx.select({ id: lessons.id }).from(lessons).where(where);
  const ids = gone.map((l) => l.id);
  if (ids.length === 0) return;
  // the ledger keeps its entries; a due charge gets a correcting entry (docs/money.md)
  await withLessonCorrections(db, tx, ids, async () => {
    const participations = await tx.delete(events).where(inArray(events.lessonId, ids)).returning();
    const deleted = await tx.delete(lessons).where(inArray(lessons.id, ids)).returning();
    await recordChanges(tx, [
      ...rowChanges('events', participations, []),
      ...rowChanges('lessons', deleted, []),
    ]);
  });
}
