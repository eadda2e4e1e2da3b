import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { recordChanges, type Change } from '../../db/history.js';
import { todayIn } from '../schedule/schedule.shared.js';
import { participationCharge, zl } from './money.charge.js';
import { chargeInputsOf, dueUncharged, studentNames, type ChargeInputs } from './money.queries.js';
import { insertCharges, lockAccount, recomputeCoverage } from './money.writes.js';

/**
 * The school's time zone per database handle, registered by the money routes at start-up, so
 * the schedule's writes need not carry it to reach the ledger (docs/money.md, Changes after a
 * charge is due).
 */
const zones = new WeakMap<object, string>();
export const registerSchoolZone = (db: Db, zone: string) => zones.set(db, zone);
const DEFAULT_ZONE = 'Europe/Kyiv';
export const schoolZoneOf = (db: Db) => zones.get(db) ?? DEFAULT_ZONE;

/** The net of a participation's charge entries: what the ledger charges for it now. */
async function chargedFor(tx: Tx, event: number) {
  const res = await tx.execute<{ net: string }>(sql`
    select coalesce(sum(amount), 0)::text as net from ledger_entries
    where event_id = ${event} and kind = 'charge'`);
  return Number(res.rows[0]?.net ?? 0);
}

/**
 * Runs a schedule `change` of participations `eventIds` (a participation's marks or times, a
 * lesson's price, duration or date, a delete) inside its transaction `tx` so that charges
 * already due are never rewritten (ADR 039): before it, the students' accounts are locked and
 * what has fallen due is charged as it stood; after it, each participation that was charged gets
 * a correcting entry, dated when it was made and recorded in the history: of the difference the
 * change made while it stays due; of all it was charged when the change moves it ahead again,
 * when it is no longer charged and falls due anew at its new end (ADR 041). What covers what is
 * recomputed. Participations still ahead simply follow.
 */
export async function withCorrections<R>(
  db: Db,
  tx: Tx,
  eventIds: number[],
  change: () => Promise<R>,
): Promise<R> {
  if (eventIds.length === 0) return change();
  const zone = schoolZoneOf(db);
  const students = [
    ...new Set((await chargeInputsOf(tx, zone, eventIds)).map((e) => e.student)),
  ].sort((a, b) => a - b);
  for (const student of students) {
    await lockAccount(tx, student);
    await insertCharges(tx, await dueUncharged(tx, zone, student));
  }
  const before = await chargeInputsOf(tx, zone, eventIds);
  const result = await change();
  const after = new Map((await chargeInputsOf(tx, zone, eventIds)).map((e) => [e.event, e]));
  const written: { id: number | null; was: ChargeInputs; delta: number; note: string }[] = [];
  const aheadAgain: number[] = [];
  for (const was of before) {
    if (!was.charged) continue;
    const now = after.get(was.event);
    let delta: number;
    if (now && !now.due) {
      // moved ahead: no longer due; all it was charged is reversed, and it falls due anew
      aheadAgain.push(was.event);
      delta = -(await chargedFor(tx, was.event));
    } else {
      delta = (now ? participationCharge(now) : 0) - participationCharge(was);
    }
    if (delta === 0) continue;
    const note = `correction: ${was.course} ${was.date}`.trim();
    const res = await tx.execute<{ id: number }>(sql`
      insert into ledger_entries
        (student_id, kind, at, date, amount, correction, event_id, lesson_id, note)
      values (${was.student}, 'charge', now(), ${todayIn(zone)}, ${delta}, true, ${was.event},
        ${was.lesson}, ${note})
      returning id`);
    written.push({ id: res.rows[0]?.id ?? null, was, delta, note });
  }
  // each correction names its student and the lesson, as a payment's entry does (docs/history.md)
  const names = await studentNames(
    tx,
    written.map((w) => w.was.student),
  );
  const changes: Change[] = written.map(({ id, was, delta, note }) => ({
    action: 'create',
    entity: 'ledger',
    entityId: id,
    after: {
      student: was.student,
      studentName: names.get(was.student) ?? '',
      kind: 'charge',
      correction: true,
      amount: zl(delta),
      event: was.event,
      lesson: was.lesson,
      lessonDate: was.date,
      course: was.course,
      note,
    },
  }));
  if (aheadAgain.length > 0) {
    await tx.execute(sql`
      update participation_dues set charged = false
      where event_id in (${sql.join(
        aheadAgain.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  await recordChanges(tx, changes);
  for (const student of students) await recomputeCoverage(tx, zone, student);
  return result;
}

/** withCorrections for a change of participation `id` (and, for a delete, the student's later ones). */
export async function withEventCorrections<R>(
  db: Db,
  tx: Tx,
  id: number,
  change: () => Promise<R>,
) {
  const res = await tx.execute<{ id: number }>(sql`
    select id from events
    where student_id = (select student_id from events where id = ${id}) order by id`);
  return withCorrections(
    db,
    tx,
    res.rows.map((r) => r.id),
    change,
  );
}

/** withCorrections for a change or delete of lessons `lessonIds`: their participations. */
export async function withLessonCorrections<R>(
  db: Db,
  tx: Tx,
  lessonIds: number[],
  change: () => Promise<R>,
) {
  if (lessonIds.length === 0) return change();
  const res = await tx.execute<{ id: number }>(sql`
    select id from events where lesson_id in (${sql.join(
      lessonIds.map((l) => sql`${l}`),
      sql`, `,
    )}) order by id`);
  return withCorrections(
    db,
    tx,
    res.rows.map((r) => r.id),
    change,
  );
}
