import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Change } from '../../db/history.js';
import { participationCharge, zl } from './money.charge.js';
import type { Coverage } from './money.coverage.js';
import type { ChargeInputs } from './money.queries.js';

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

/**
 * The charge entries of participations that have fallen due, dated when each ended, by the one
 * charge function; idempotent (one charge per participation, a unique index). How many it wrote.
 */
export async function insertCharges(tx: Tx, due: ChargeInputs[]) {
  let written = 0;
  for (const d of due) {
    const res = await tx.execute(sql`
      insert into ledger_entries
        (student_id, kind, at, date, amount, event_id, lesson_id, note)
      values (${d.student}, 'charge', ${d.dueAt}, ${d.date}, ${participationCharge(d)},
        ${d.event}, ${d.lesson}, ${d.course})
      on conflict (event_id) where kind = 'charge' and not correction do nothing`);
    written += res.rowCount ?? 0;
  }
  return written;
}

/** Stores a recomputed coverage and the kept figures of the account (locked). */
export async function saveCoverage(tx: Tx, student: number, c: Coverage) {
  await tx.execute(sql`delete from coverage where student_id = ${student}`);
  await tx.execute(sql`delete from open_charges where student_id = ${student}`);
  for (const cover of c.covers) {
    await tx.execute(sql`
      insert into coverage (student_id, event_id, payment_id, adjustment_id, amount)
      values (${student}, ${cover.eventId}, ${cover.paymentId}, ${cover.adjustmentId},
        ${cover.amount})`);
  }
  for (const open of c.open) {
    await tx.execute(sql`
      insert into open_charges (student_id, event_id, adjustment_id, date, amount)
      values (${student}, ${open.eventId}, ${open.adjustmentId}, ${open.date}, ${open.amount})`);
  }
  await tx.execute(sql`
    update accounts set due = ${c.due}, credit = ${c.credit}, balance = ${c.due - c.credit},
      oldest_due_date = ${c.oldestDueDate}, updated_at = now()
    where student_id = ${student}`);
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
