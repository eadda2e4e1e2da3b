import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rowDecoder } from '../../db/rows.js';
import { payments } from '../../db/schema/money.js';
import { agesOf, fallenDue, schoolToday } from './money.queries.js';

/**
 * A new payment covering incrementally (ADR 048): when it comes last in the order of the
 * student's credits and nothing has fallen due since the last write, what covers what is the
 * same as a whole recomputation would make it, only the open charges it reaches change. So the
 * payment, its ledger entry, its coverage, the open parts it closes or shortens and the kept
 * figures are written in one statement, reading only the student's open charges.
 */

/** The payment as recorded, as drizzle's `returning()` reads it. */
export type PaymentRow = typeof payments.$inferSelect;

export interface NewPayment {
  student: number;
  /** grosze */
  amount: number;
  date: string;
  method: string;
  reference: string;
  note: string;
  /** participations it covers first, in this order, each once */
  events: number[];
  /** a tick's payment: it covers only the participations it names */
  reserved: boolean;
  /** its ledger entry's note */
  entryNote: string;
}

/**
 * The student's account locked, in one statement: the student's name (undefined: no such
 * student), and whether a payment dated `date` may cover incrementally: the account was there
 * to lock (its kept figures and open charges are whole), nothing has fallen due and is not
 * charged, and no credit comes after it (a payment dated later, a negative adjustment dated the
 * same day or later: credits go by date, payments before adjustments, then as recorded).
 */
export async function lockForPayment(tx: Tx, zone: string, student: number, date: string) {
  const res = await tx.execute<{ name: string; incremental: boolean }>(sql`
    with locked as (
      select student_id from accounts where student_id = ${student} for update
    )
    select trim(s.name || ' ' || s.surname) as name,
      exists (select 1 from locked)
      and not exists (select 1 from participation_dues d
        where d.student_id = ${student} and ${fallenDue(zone)})
      and not exists (select 1 from payments p
        where p.student_id = ${student} and not p.voided and p.date > ${date}::date)
      and not exists (select 1 from adjustments j
        where j.student_id = ${student} and j.amount < 0 and j.date >= ${date}::date)
      as incremental
    from students s where s.id = ${student}`);
  return res.rows[0];
}

/** A row of `payments` read raw, decoded as drizzle decodes its own (dates, the id array). */
const paymentOf = rowDecoder(payments);

/**
 * Records payment `p` with its ledger entry and covers, in one statement, under the account's
 * lock (`lockForPayment` said incremental): it takes the student's open charges, those it
 * names first in their order, then (unless reserved) the others oldest first, as the
 * recomputation orders its debits (by their charge's instant, then id); a running sum says what
 * each gets. What it closes leaves `open_charges`, what it shortens is shortened, and the kept
 * figures move by what it covered: due less, credit more by what is left over, the oldest
 * date that of the first charge still open, and the ages as of the school's today. The payment row and what it covered, per
 * participation.
 */
export async function insertCoveringPayment(tx: Tx, zone: string, p: NewPayment) {
  const today = schoolToday(zone);
  const res = await tx.execute<Record<string, unknown> & { covers: [number, number][] | null }>(sql`
    with paid as (
      insert into payments (student_id, amount, date, method, reference, note, events)
      values (${p.student}, ${p.amount}, ${p.date}, ${p.method}, ${p.reference}, ${p.note},
        ${sql.param(p.events)}::int[])
      returning *
    ), entry as (
      insert into ledger_entries (student_id, kind, at, date, amount, payment_id, note)
      select student_id, 'payment', now(), date, -amount, id, ${p.entryNote} from paid
    ), opens as (
      select o.ctid as rid, o.event_id, o.date, o.amount, o.at, o.entry_id, eligible,
        coalesce(sum(o.amount) filter (where eligible) over (
          order by n.pos nulls last, o.at, o.entry_id rows unbounded preceding), 0)::bigint as upto
      from open_charges o
        left join unnest(${sql.param(p.events)}::int[]) with ordinality n(event, pos)
          on n.event = o.event_id
        cross join lateral (select (n.pos is not null or not ${p.reserved}::boolean) as eligible) e
      where o.student_id = ${p.student} and o.amount > 0
    ), taken as (
      select rid, event_id, amount, least(amount, ${p.amount}::bigint - (upto - amount)) as part
      from opens where eligible and upto - amount < ${p.amount}::bigint
    ), covered as (
      insert into coverage (student_id, event_id, payment_id, amount)
      select ${p.student}, t.event_id, paid.id, t.part
      from taken t, paid where t.event_id is not null
    ), closed as (
      delete from open_charges where student_id = ${p.student}
        and ctid = any(array(select rid from taken where part = amount))
    ), shortened as (
      update open_charges o set amount = o.amount - t.part
      from taken t where o.student_id = ${p.student} and o.ctid = t.rid and t.part < t.amount
    ), kept as (
      update accounts a set due = a.due - c.covered,
        credit = a.credit + ${p.amount}::bigint - c.covered,
        balance = a.due - a.credit - ${p.amount}::bigint,
        oldest_due_date = (select o.date from opens o
          where not exists (select 1 from taken t where t.rid = o.rid and t.part = t.amount)
          order by o.at, o.entry_id limit 1),
        updated_at = now(), aged_on = ${today},
        (d0_30, d31_60, d61_90, d90plus) = (select ${agesOf(
          sql`o.amount - coalesce(t.part, 0)`,
          sql`o.date`,
          today,
        )} from opens o left join taken t on t.rid = o.rid)
      from (select coalesce(sum(part), 0) as covered from taken) c
      where a.student_id = ${p.student}
    )
    select paid.*, (select json_agg(json_build_array(t.event_id, t.part) order by t.event_id)
        from taken t where t.event_id is not null) as covers
    from paid`);
  const raw = res.rows[0];
  if (!raw) throw new Error('payment not made');
  const covers = (raw.covers ?? []).map(([event, amount]) => ({ event, amount: Number(amount) }));
  return { row: paymentOf(raw), covers };
}
