import { and, asc, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Event, eventListQuery, eventUpdate, InfoPiece } from '@school/contract/schedule';
import type { Db, Tx } from '../../db/client.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { searchOver } from '../../db/list.js';
import { events, lessons, lessonSeriesStudents } from '../../db/schema/schedule.js';
import { students } from '../../db/schema/students.js';
import { isPaidSql } from '../money/money.shared.js';
import { lessonAmount, paysFor } from './schedule.amount.js';

type EventListQuery = z.output<typeof eventListQuery>;

const hhmm = (t: string) => t.slice(0, 5);
const onDate = sql<string>`coalesce(${events.date}, ${lessons.date})`;
const studentName = sql<string>`btrim(${students.name} || ' ' || ${students.surname})`;
/** isPaid, derived from the ledger (docs/money.md, isPaid); the column is no longer read */
const paid = isPaidSql({
  id: events.id,
  toPay: events.toPay,
  attendence: events.attendence,
  price: lessons.price,
});

/** What covers the participation's due charge, in grosze (docs/money.md, What covers what). */
const covered = sql<string>`(select coalesce(sum(pv.amount), 0) from coverage pv where pv.event_id = ${events.id})::text`;

const eventFields = {
  e: events,
  studentName,
  lessonDate: lessons.date,
  lessonStart: lessons.start,
  lessonEnd: lessons.end,
  lessonCourse: lessons.course,
  price: lessons.price,
  duration: lessons.duration,
  lessonTeacher: lessons.teacherId,
  paid,
  covered,
};
type EventRow = {
  e: typeof events.$inferSelect;
  studentName: string;
  lessonDate: string;
  lessonStart: string;
  lessonEnd: string;
  lessonCourse: string;
  price: string;
  duration: string;
  lessonTeacher: number | null;
  paid: boolean;
  covered: string;
};

/** A participation with its lesson's teacher, whom the service judges rights by. */
export type TaughtEvent = Event & { lessonTeacher: number | null };

const toEvent = (r: EventRow): TaughtEvent => ({
  id: r.e.id,
  student: r.e.studentId,
  studentName: r.studentName,
  lesson: r.e.lessonId,
  lessonCourse: r.lessonCourse,
  toPay: r.e.toPay,
  attendence: r.e.attendence,
  isPaid: r.paid,
  notes: r.e.notes,
  date: r.e.date ?? r.lessonDate,
  start: hhmm(r.e.start ?? r.lessonStart),
  end: hhmm(r.e.end ?? r.lessonEnd),
  homework: r.e.homework,
  // one participant's share of the lesson's amount (docs/schedule.md, Amounts)
  amount: paysFor(r.e.toPay) ? lessonAmount(r.price, r.duration, 1) : 0,
  covered: Number(r.covered) / 100,
  lessonTeacher: r.lessonTeacher,
  version: r.e.version,
});

async function selectEvents(
  db: Db | Tx,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({ ...eventFields, total: sql<number>`(count(*) over ())::int` })
    .from(events)
    .innerJoin(lessons, eq(lessons.id, events.lessonId))
    .innerJoin(students, eq(students.id, events.studentId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(toEvent), total: rows[0]?.total ?? 0 };
}

/** One participation; `visible`: only if its student is one the reader may see (docs/roles.md). */
export const findEvent = (db: Db | Tx, id: number, visible?: SQL) =>
  selectEvents(db, and(eq(events.id, id), visible), [], { limit: 1, offset: 0 }).then(
    (p) => p.rows[0],
  );

/** A page of participations; `visible`: only those of the students the reader may see. */
export function listEvents(db: Db, q: EventListQuery, visible?: SQL) {
  const isPaid = q.isPaid === undefined ? undefined : q.isPaid === 1;
  const where = and(
    visible,
    q.lesson ? eq(events.lessonId, q.lesson) : undefined,
    q.student ? eq(events.studentId, q.student) : undefined,
    q.dateFrom ? gte(onDate, q.dateFrom) : undefined,
    q.dateTo ? lte(onDate, q.dateTo) : undefined,
    isPaid === undefined ? undefined : isPaid ? paid : sql`not ${paid}`,
    q.attendence === undefined ? undefined : eq(events.attendence, q.attendence),
    q.toPay === undefined ? undefined : eq(events.toPay, q.toPay),
    searchOver(q.search, [students.name, students.surname, events.notes, lessons.course]),
  );
  const sort = q.sort ?? (q.lesson ? 'student' : '-date');
  const column = { date: onDate, id: events.id, student: studentName }[sort.replace(/^-/, '')];
  const direction = sort.startsWith('-') ? desc : asc;
  return selectEvents(db, where, [direction(column ?? onDate), asc(events.id)], q);
}

/**
 * Adds students to a lesson; those already in are left as they are. With `following` (a series
 * lesson) they join the series and every later lesson of it too.
 */
export async function addParticipants(
  tx: Tx,
  lesson: { id: number; series: number | null },
  studentIds: number[],
  fields: { toPay: number; attendence: number; isPaid: boolean; notes: string; homework: string },
  following: boolean,
) {
  if (studentIds.length === 0) return [];
  const madeRows = await tx
    .insert(events)
    .values(studentIds.map((studentId) => ({ lessonId: lesson.id, studentId, ...fields })))
    .onConflictDoNothing()
    .returning();
  await recordChanges(tx, rowChanges('events', [], madeRows));
  const made = madeRows.map((e) => ({ id: e.id, student: e.studentId }));
  if (following && lesson.series !== null) {
    await tx
      .insert(lessonSeriesStudents)
      .values(
        studentIds.map((studentId) => ({
          seriesId: lesson.series ?? 0,
          studentId,
          toPay: fields.toPay,
        })),
      )
      .onConflictDoNothing();
    const [own] = await tx
      .select({ slot: lessons.slotDate })
      .from(lessons)
      .where(eq(lessons.id, lesson.id));
    const later = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.seriesId, lesson.series), gt(lessons.slotDate, own?.slot ?? '')));
    const rows = later.flatMap((l) =>
      studentIds.map((studentId) => ({ lessonId: l.id, studentId, toPay: fields.toPay })),
    );
    if (rows.length > 0) {
      const joined = await tx.insert(events).values(rows).onConflictDoNothing().returning();
      await recordChanges(tx, rowChanges('events', [], joined));
    }
  }
  return made;
}

/** The students of a group. */
export async function studentsOfGroup(db: Db | Tx, groupId: number) {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.groupId, groupId))
    .orderBy(asc(students.id));
  return rows.map((r) => r.id);
}

/** With 'following': the student leaves the series and its later lessons too. */
export async function removeParticipant(tx: Tx, id: number, following: boolean) {
  const [gone] = await tx.delete(events).where(eq(events.id, id)).returning();
  if (gone) await recordChanges(tx, rowChanges('events', [gone], []));
  if (!gone || !following) return Boolean(gone);
  const [lesson] = await tx
    .select({ series: lessons.seriesId, slot: lessons.slotDate })
    .from(lessons)
    .where(eq(lessons.id, gone.lessonId));
  if (lesson?.series) {
    await tx
      .delete(lessonSeriesStudents)
      .where(
        and(
          eq(lessonSeriesStudents.seriesId, lesson.series),
          eq(lessonSeriesStudents.studentId, gone.studentId),
        ),
      );
    const later = tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.seriesId, lesson.series), gt(lessons.slotDate, lesson.slot ?? '')));
    const left = await tx
      .delete(events)
      .where(and(eq(events.studentId, gone.studentId), inArray(events.lessonId, later)))
      .returning();
    await recordChanges(tx, rowChanges('events', left, []));
  }
  return true;
}

/** GET /api/events/infopanel?student=: lessons so far, attended, absences, paid, to pay. */
export async function studentInfoPanel(
  db: Db,
  studentId: number,
  schoolZone: string,
): Promise<InfoPiece[]> {
  const rows = await db
    .select({
      toPay: events.toPay,
      attendence: events.attendence,
      isPaid: paid,
      price: lessons.price,
      duration: lessons.duration,
    })
    .from(events)
    .innerJoin(lessons, eq(lessons.id, events.lessonId))
    // the lessons that have taken place (up to the school's today): a series runs weeks ahead
    .where(
      and(
        eq(events.studentId, studentId),
        lte(onDate, sql`(now() at time zone ${schoolZone})::date`),
      ),
    );
  const due = rows.filter((r) => !r.isPaid && paysFor(r.toPay));
  const toPay = due.reduce((sum, r) => sum + lessonAmount(r.price, r.duration, 1) * 100, 0);
  return [
    { id: 'lessons', name: 'Lessons', value: rows.length },
    { id: 'attended', name: 'Attended', value: rows.filter((r) => r.attendence === 1).length },
    {
      id: 'absences',
      name: 'Absences',
      value: rows.filter((r) => r.attendence !== 1 && r.attendence !== 0).length,
    },
    { id: 'paid', name: 'Paid', value: rows.filter((r) => r.isPaid).length },
    { id: 'toPay', name: 'To pay', value: Math.round(toPay) / 100 },
  ];
}

/** The participations of the lessons `lessonIds`: who, whether they pay, paid, attended. */
export async function participantsOf(db: Db, lessonIds: number[]) {
  if (lessonIds.length === 0) return [];
  return db
    .select({
      lesson: events.lessonId,
      student: events.studentId,
      toPay: events.toPay,
      isPaid: paid,
      attendence: events.attendence,
    })
    .from(events)
    .innerJoin(lessons, eq(lessons.id, events.lessonId))
    .where(inArray(events.lessonId, lessonIds));
}

/** One participation; answers its id (a second one for the same student and lesson fails). */
export async function insertEvent(tx: Tx, values: typeof events.$inferInsert) {
  const [one] = await tx.insert(events).values(values).returning();
  if (one) await recordChanges(tx, rowChanges('events', [], [one]));
  return one && { id: one.id };
}

/**
 * The teacher of a participation's lesson, the participation's and the lesson's rows locked until
 * the transaction ends (docs/roles.md); undefined: no such participation.
 */
export async function lockedTeacherOfEvent(tx: Tx, id: number) {
  const [row] = await tx
    .select({ teacher: lessons.teacherId, version: events.version })
    .from(events)
    .innerJoin(lessons, eq(lessons.id, events.lessonId))
    .where(eq(events.id, id))
    .for('update');
  return row;
}

/** Sets a participation's marks and own times (undefined: kept). */
export async function setEvent(db: Tx, id: number, b: z.output<typeof eventUpdate>) {
  const before = await db.select().from(events).where(eq(events.id, id));
  const after = await db
    .update(events)
    .set({
      toPay: b.toPay,
      attendence: b.attendence,
      isPaid: b.isPaid,
      notes: b.notes,
      homework: b.homework,
      date: b.date,
      start: b.start,
      end: b.end,
    })
    .where(eq(events.id, id))
    .returning();
  await recordChanges(db, rowChanges('events', before, after));
}
