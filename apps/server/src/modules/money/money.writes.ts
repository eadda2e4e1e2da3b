import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Change } from '../../db/history.js';
import { participationCharge, zl } from './money.charge.js';
import { coverageOf, type Coverage } from './money.coverage.js';
import { agesOf, coverageInputs, schoolToday, type ChargeInputs } from './money.queries.js';

/**
 * Locks a student's account row, making it first if need be: every write of one student's money
 * runs after this, one at a time (ADR 039).
 */
export async function lockAccount(tx: Tx, student: number) {
  await tx.execute(
    sql`insert into accounts (student_id) values (${student}) on conflict do nothing`,
  );
  await tx.execute(sql`select 1 from accounts where student_id = ${student} for update`);
}

/** `values` as one SQL array parameter of `type` (for unnest: one statement for many rows). */
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/**
 * The charge entries of participations that have fallen due, dated when each ended, by the one
 * charge function; once each: a participation's flag is set under its row's lock, and only those
 * whose flag this call set are charged (ADR 041). How many entries it wrote.
 */
export async function insertCharges(tx: Tx, due: ChargeInputs[]) {
  if (due.length === 0) return 0;
  const marked = await tx.execute<{ event: number }>(sql`
    update participation_dues set charged = true
    where event_id = any(${array(
      due.map((d) => d.event),
      'int',
    )}) and not charged
    returning event_id as event`);
  const mine = new Set(marked.rows.map((r) => r.event));
  // one that charges nothing is charged all the same (its flag), with no entry of 0
  const rows = due.filter((d) => mine.has(d.event) && participationCharge(d) !== 0);
  if (rows.length === 0) return 0;
  await tx.execute(sql`
    insert into ledger_entries (student_id, kind, at, date, amount, event_id, lesson_id, note)
    select student, 'charge', at, date, amount, event, lesson, note
    from unnest(${array(
      rows.map((d) => d.student),
      'int',
    )}, ${array(
      rows.map((d) => new Date(d.dueAt).toISOString()),
      'timestamptz',
    )}, ${array(
      rows.map((d) => d.date),
      'date',
    )}, ${array(
      rows.map((d) => participationCharge(d)),
      'bigint',
    )}, ${array(
      rows.map((d) => d.event),
      'int',
    )}, ${array(
      rows.map((d) => d.lesson),
      'int',
    )}, ${array(
      rows.map((d) => d.course),
      'text',
    )}) as c(student, at, date, amount, event, lesson, note)`);
  return rows.length;
}

/**
 * Stores a recomputed coverage and the kept figures of the account (locked), a statement each;
 * the ages of what is due as of the school's today in `zone` (ADR 048).
 */
async function saveCoverage(tx: Tx, zone: string, student: number, c: Coverage) {
  await tx.execute(sql`delete from coverage where student_id = ${student}`);
  await tx.execute(sql`delete from open_charges where student_id = ${student}`);
  if (c.covers.length > 0) {
    await tx.execute(sql`
      insert into coverage (student_id, event_id, payment_id, adjustment_id, amount)
      select ${student}, * from unnest(${array(
        c.covers.map((x) => x.eventId),
        'int',
      )}, ${array(
        c.covers.map((x) => x.paymentId),
        'int',
      )}, ${array(
        c.covers.map((x) => x.adjustmentId),
        'int',
      )}, ${array(
        c.covers.map((x) => x.amount),
        'bigint',
      )})`);
  }
  if (c.open.length > 0) {
    await tx.execute(sql`
      insert into open_charges (student_id, event_id, adjustment_id, date, amount, at, entry_id)
      select ${student}, * from unnest(${array(
        c.open.map((x) => x.eventId),
        'int',
      )}, ${array(
        c.open.map((x) => x.adjustmentId),
        'int',
      )}, ${array(
        c.open.map((x) => x.date),
        'date',
      )}, ${array(
        c.open.map((x) => x.amount),
        'bigint',
      )}, ${array(
        c.open.map((x) => x.at ?? null),
        'timestamptz',
      )}, ${array(
        c.open.map((x) => x.entry ?? null),
        'int',
      )})`);
  }
  const today = schoolToday(zone);
  await tx.execute(sql`
    update accounts set due = ${c.due}, credit = ${c.credit}, balance = ${c.due - c.credit},
      oldest_due_date = ${c.oldestDueDate}, updated_at = now(), aged_on = ${today},
      (d0_30, d31_60, d61_90, d90plus) = (select ${agesOf(sql`o.amount`, sql`o.date`, today)}
        from open_charges o where o.student_id = ${student})
    where student_id = ${student}`);
}

/**
 * What covers what of a student, worked out whole from their ledger and stored with the kept
 * figures (ADR 039), under the account's lock.
 */
export async function recomputeCoverage(tx: Tx, zone: string, student: number) {
  const { debits, credits } = await coverageInputs(tx, student);
  await saveCoverage(tx, zone, student, coverageOf(debits, credits));
}

/** A ledger entry recorded now (a payment, an adjustment, a void). */
export async function appendEntry(
  tx: Tx,
  entry: {
    student: number;
    kind: 'payment' | 'adjustment' | 'void';
    date: string;
    amount: number;
    payment?: number;
    adjustment?: number;
    note: string;
  },
) {
  const res = await tx.execute<{ id: number }>(sql`
    insert into ledger_entries (student_id, kind, at, date, amount, payment_id, adjustment_id, note)
    values (${entry.student}, ${entry.kind}, now(), ${entry.date}, ${entry.amount},
      ${entry.payment ?? null}, ${entry.adjustment ?? null}, ${entry.note})
    returning id`);
  return res.rows[0]?.id ?? 0;
}

/**
 * The history entry of a voided payment (docs/history.md): the update of `voided` and
 * `voidReason`, with the payment's student, their name and its amount beside them as they are
 * (not pairs), so that the entry reads on its own and leads to the student.
 */
export function voidChange(
  payment: { id: number; studentId: number; amount: number; voidReason: string },
  studentName: string,
): Change {
  return {
    action: 'update',
    entity: 'payments',
    entityId: payment.id,
    changes: {
      voided: [false, true],
      voidReason: ['', payment.voidReason],
      student: payment.studentId,
      studentName,
      amount: zl(payment.amount),
    },
  };
}
