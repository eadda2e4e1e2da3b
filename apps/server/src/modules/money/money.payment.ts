import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { currentActor } from '../../db/history.js';
import { historyOfCreate, recordSql } from '../../db/history-statement.js';
import { preparedStatement, rowDecoder } from '../../db/rows.js';
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
export async function lockForPayment(tx: Tx, db: Db, zone: string, student: number, date: string) {
  const p = (name: string) => sql.placeholder(name);
  const lock = preparedStatement(
    db,
    `payment_lock ${zone}`,
    () => sql`
    with locked as (
      select student_id from accounts where student_id = ${p('student')}::int for update
    )
    select trim(s.name || ' ' || s.surname) as name,
      exists (select 1 from locked)
      and not exists (select 1 from participation_dues d
        where d.student_id = ${p('student')}::int and ${fallenDue(zone)})
      and not exists (select 1 from payments p
        where p.student_id = ${p('student')}::int and not p.voided and p.date > ${p('date')}::date)
      and not exists (select 1 from adjustments j
        where j.student_id = ${p('student')}::int and j.amount < 0
          and j.date >= ${p('date')}::date)
      as incremental
    from students s where s.id = ${p('student')}::int`,
  );
  const [row] = await lock<{ name: string; incremental: boolean }>({ student, date }, tx);
  return row;
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
export async function insertCoveringPayment(
  tx: Tx,
  db: Db,
  zone: string,
  p: NewPayment,
  studentName: string,
) {
  const actor = currentActor();
  const name = `payment_cover ${actor ? 'recorded' : 'unrecorded'} ${zone}`;
  const insert = preparedStatement(db, name, () => coveringStatement(zone, actor !== undefined));
  const [raw] = await insert<Row>({ ...p, ...actor, studentName }, tx);
  if (!raw) throw new Error('payment not made');
  const covers = (raw.covers ?? []).map(([event, amount]) => ({ event, amount: Number(amount) }));
  return { row: paymentOf(raw), covers };
}

type Row = Record<string, unknown> & { covers: [number, number][] | null };

/**
 * The statement of `insertCoveringPayment`, its values as placeholders (those of NewPayment,
 * the student's name and, `withActor`, the actor's): with the payment's record history entry,
 * as `recordChange` writes it (its amount in zł, the student's name), when there is an actor.
 */
function coveringStatement(zone: string, withActor: boolean) {
  const today = schoolToday(zone);
  const param = (key: keyof NewPayment) => sql.placeholder(key);
  const actor = {
    userId: sql.placeholder('userId'),
    userName: sql.placeholder('userName'),
    requestId: sql.placeholder('requestId'),
  };
  const entry = historyOfCreate(actor, 'payments', {
    id: sql`paid.id`,
    changes: recordSql(payments, 'paid', {
      amount: sql`to_jsonb(trim_scale(paid.amount::numeric / 100))`,
      studentName: sql`to_jsonb(${sql.placeholder('studentName')}::text)`,
    }),
    from: sql`paid`,
  });
  return sql`
    with paid as (
      insert into payments (student_id, amount, date, method, reference, note, events)
      values (${param('student')}::int, ${param('amount')}::bigint, ${param('date')}::date, ${param('method')}::text, ${param('reference')}::text, ${param('note')}::text,
        ${param('events')}::int[])
      returning *
    ), entry as (
      insert into ledger_entries (student_id, kind, at, date, amount, payment_id, note)
      select student_id, 'payment', now(), date, -amount, id, ${param('entryNote')}::text from paid
    ), opens as (
      select o.ctid as rid, o.event_id, o.date, o.amount, o.at, o.entry_id, eligible,
        coalesce(sum(o.amount) filter (where eligible) over (
          order by n.pos nulls last, o.at, o.entry_id rows unbounded preceding), 0)::bigint as upto
      from open_charges o
        left join unnest(${param('events')}::int[]) with ordinality n(event, pos)
          on n.event = o.event_id
        cross join lateral (select (n.pos is not null or not ${param('reserved')}::boolean) as eligible) e
      where o.student_id = ${param('student')}::int and o.amount > 0
    ), taken as (
      select rid, event_id, amount, least(amount, ${param('amount')}::bigint - (upto - amount)) as part
      from opens where eligible and upto - amount < ${param('amount')}::bigint
    ), covered as (
      insert into coverage (student_id, event_id, payment_id, amount)
      select ${param('student')}::int, t.event_id, paid.id, t.part
      from taken t, paid where t.event_id is not null
    ), closed as (
      delete from open_charges where student_id = ${param('student')}::int
        and ctid = any(array(select rid from taken where part = amount))
    ), shortened as (
      update open_charges o set amount = o.amount - t.part
      from taken t where o.student_id = ${param('student')}::int and o.ctid = t.rid and t.part < t.amount
    ), ${withActor ? sql`h as (${entry}), ` : sql``}kept as (
      update accounts a set due = a.due - c.covered,
        credit = a.credit + ${param('amount')}::bigint - c.covered,
        balance = a.due - a.credit - ${param('amount')}::bigint,
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
      where a.student_id = ${param('student')}::int
    )
    select paid.*, (select json_agg(json_build_array(t.event_id, t.part) order by t.event_id)
        from taken t where t.event_id is not null) as covers
    from paid`;
}
