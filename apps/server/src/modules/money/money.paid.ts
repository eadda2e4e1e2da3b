import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { errorCodes } from '@school/contract/common';
import { MARKED_PAID } from '@school/contract/money';
import type { Db, Tx } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import { HttpError } from '../../plugins/errors.js';
import { todayIn } from '../schedule/schedule.shared.js';
import { participationCharge, zl } from './money.charge.js';
import { schoolZoneOf } from './money.corrections.js';
import { chargeInputsOf, dueUncharged, studentNameOf } from './money.queries.js';
import {
  appendEntry,
  insertCharges,
  lockAccount,
  recomputeCoverage,
  voidChange,
} from './money.writes.js';

/** The columns of a participation and its lesson the derived isPaid reads. */
export interface PaidColumns {
  id: SQLWrapper;
  toPay: SQLWrapper;
  attendence: SQLWrapper;
  price: SQLWrapper;
}

/**
 * isPaid, derived (docs/money.md, isPaid): a participation whose charge is in the ledger is paid
 * when what covers it reaches what it is charged (corrections included); one not charged (still
 * ahead, or moved ahead again) when it will charge nothing or a payment ticked for it ('marked
 * paid', not voided) names it.
 */
export const isPaidSql = (c: PaidColumns): SQL<boolean> => sql<boolean>`(case
  when coalesce((select pd.charged from participation_dues pd where pd.event_id = ${c.id}), false)
  then (select coalesce(sum(pc.amount), 0) from ledger_entries pc
      where pc.event_id = ${c.id} and pc.kind = 'charge')
    <= (select coalesce(sum(pv.amount), 0) from coverage pv where pv.event_id = ${c.id})
  else not (${c.toPay} in (0, 1) and ${c.price} > 0 and coalesce(
      (select ps.charge from attendance_statuses ps where ps.id = ${c.attendence}), true))
    or exists (select 1 from payments pp where ${c.id} = any(pp.events) and not pp.voided
      and pp.reference = ${MARKED_PAID})
  end)`;

/**
 * PUT isPaid of participation `id` (docs/money.md, isPaid), in the write's transaction: true on
 * a charge not covered records a payment of what is left (method other, reference 'marked
 * paid', naming it); false voids such payments, or answers 409 naming the payment that covers
 * it when another does.
 */
export async function setPaid(db: Db, tx: Tx, id: number, paid: boolean) {
  const zone = schoolZoneOf(db);
  const [found] = await chargeInputsOf(tx, zone, [id]);
  if (!found) return;
  await lockAccount(tx, found.student);
  await insertCharges(tx, await dueUncharged(tx, zone, found.student));
  await recomputeCoverage(tx, zone, found.student);
  // as it stands now that what has fallen due is charged
  const [p] = await chargeInputsOf(tx, zone, [id]);
  if (!p) return;
  const figures = await tx.execute<{ charged: string; covered: string; marked: string }>(sql`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where event_id = ${id} and kind = 'charge')::text as charged,
      (select coalesce(sum(amount), 0) from coverage where event_id = ${id})::text as covered,
      (select coalesce(sum(amount), 0) from payments where ${id} = any(events) and not voided
        and reference = ${MARKED_PAID})::text as marked`);
  const f = figures.rows[0];
  const charge = p.charged ? Number(f?.charged ?? 0) : participationCharge(p);
  const covered = p.charged ? Number(f?.covered ?? 0) : Number(f?.marked ?? 0);
  if (paid) {
    const left = charge - covered;
    if (left > 0) await markPaid(tx, zone, p.student, id, left);
  } else if (charge > 0 && covered > 0) {
    await unmarkPaid(tx, zone, id);
  }
  await recomputeCoverage(tx, zone, p.student);
}

async function markPaid(tx: Tx, zone: string, student: number, id: number, amount: number) {
  const date = todayIn(zone);
  const res = await tx.execute<{ id: number }>(sql`
    insert into payments (student_id, amount, date, method, reference, events)
    values (${student}, ${amount}, ${date}, 'other', ${MARKED_PAID}, array[${id}]::int[])
    returning id`);
  const payment = res.rows[0]?.id ?? 0;
  await appendEntry(tx, {
    student,
    kind: 'payment',
    date,
    amount: -amount,
    payment,
    note: `other ${MARKED_PAID}`,
  });
  await recordChange(tx, {
    action: 'create',
    entity: 'payments',
    entityId: payment,
    after: {
      student,
      studentName: await studentNameOf(tx, student),
      amount: zl(amount),
      date,
      method: 'other',
      reference: MARKED_PAID,
      events: [id],
    },
  });
}

async function unmarkPaid(tx: Tx, zone: string, id: number) {
  const others = await tx.execute<{ id: number; date: string; amount: string }>(sql`
    select p.id, p.date::text as date, p.amount::text as amount
    from coverage v join payments p on p.id = v.payment_id
    where v.event_id = ${id} and not (p.reference = ${MARKED_PAID} and ${id} = any(p.events))
    order by p.date, p.id limit 1`);
  const other = others.rows[0];
  if (other) {
    throw new HttpError(
      409,
      errorCodes.conflict,
      `A payment of ${other.date} covers this participation; void that payment instead`,
      undefined,
      { payment: { id: other.id, date: other.date, amount: zl(other.amount) } },
    );
  }
  const marked = await tx.execute<{ id: number; student_id: number; amount: string }>(sql`
    update payments set voided = true, void_reason = 'unmarked paid', voided_at = now()
    where ${id} = any(events) and not voided and reference = ${MARKED_PAID}
    returning id, student_id, amount::text as amount`);
  for (const m of marked.rows) {
    await appendEntry(tx, {
      student: m.student_id,
      kind: 'void',
      date: todayIn(zone),
      amount: Number(m.amount),
      payment: m.id,
      note: 'unmarked paid',
    });
    await recordChange(
      tx,
      voidChange(
        {
          id: m.id,
          studentId: m.student_id,
          amount: Number(m.amount),
          voidReason: 'unmarked paid',
        },
        await studentNameOf(tx, m.student_id),
      ),
    );
  }
}
