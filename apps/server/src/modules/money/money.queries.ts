import { sql, type SQL } from 'drizzle-orm';
import { MARKED_PAID } from '@school/contract/money';
import type { Db, Tx } from '../../db/client.js';
import { lessonInstant } from '../schedule/schedule.shared.js';

/** What a money statement runs on: the pool or a transaction. */
export type Executor = Db | Tx;

/** A participation's end as an instant in the school's zone (ADR 035): when its charge is due. */
export const endInstant = (zone: string): SQL =>
  lessonInstant(sql`coalesce(e.date, l.date)`, sql`coalesce(e."end", l."end")`, zone);

/** A participation with what its charge is made of. */
export interface ChargeInputs {
  event: number;
  student: number;
  lesson: number;
  toPay: number;
  charges: boolean;
  price: string;
  duration: string;
  date: string;
  course: string;
  dueAt: Date;
}

const chargeInputs = (zone: string) => sql`
  e.id as "event", e.student_id as "student", e.lesson_id as "lesson", e.to_pay as "toPay",
  coalesce(s.charge, true) as "charges", l.price::text as "price", l.duration::text as "duration",
  coalesce(e.date, l.date)::text as "date", l.course as "course", ${endInstant(zone)} as "dueAt"`;

/**
 * The participations whose end has passed and which have no charge yet (docs/money.md, Falling
 * due): of one student, or of everyone. The school's today bounds the scan by date first.
 */
export async function dueUncharged(db: Executor, zone: string, student?: number) {
  const res = await db.execute<ChargeInputs & Record<string, unknown>>(sql`
    select ${chargeInputs(zone)}
    from events e
    join lessons l on l.id = e.lesson_id
    left join attendance_statuses s on s.id = e.attendence
    where coalesce(e.date, l.date) <= (now() at time zone ${zone})::date
      and ${endInstant(zone)} <= now()
      ${student === undefined ? sql`` : sql`and e.student_id = ${student}`}
      and not exists (
        select 1 from ledger_entries c
        where c.event_id = e.id and c.kind = 'charge' and not c.correction)`);
  return res.rows;
}

/** Participations `ids` as they stand, each with whether its charge is due (it has ended). */
export async function chargeInputsOf(db: Executor, zone: string, ids: number[]) {
  if (ids.length === 0) return [];
  const res = await db.execute<ChargeInputs & { due: boolean } & Record<string, unknown>>(sql`
    select ${chargeInputs(zone)}, ${endInstant(zone)} <= now() as "due"
    from events e
    join lessons l on l.id = e.lesson_id
    left join attendance_statuses s on s.id = e.attendence
    where e.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return res.rows;
}

/** The participations of a student still ahead (not due): what they will be charged. */
export async function upcomingOf(db: Executor, zone: string, student: number) {
  const res = await db.execute<ChargeInputs & Record<string, unknown>>(sql`
    select ${chargeInputs(zone)}
    from events e
    join lessons l on l.id = e.lesson_id
    left join attendance_statuses s on s.id = e.attendence
    where e.student_id = ${student} and ${endInstant(zone)} > now()`);
  return res.rows;
}

/** A student's ledger as coverage needs it: debits oldest first, credits in their order. */
export async function coverageInputs(db: Executor, student: number) {
  const debits = await db.execute<{
    eventId: number | null;
    adjustmentId: number | null;
    date: string;
    amount: string;
  }>(sql`
    select "eventId", "adjustmentId", "date", "amount" from (
      select event_id as "eventId", null::int as "adjustmentId", min(date)::text as "date",
        sum(amount)::text as "amount", min(at) as at, min(id) as id
      from ledger_entries where student_id = ${student} and kind = 'charge'
      group by event_id having sum(amount) > 0
      union all
      select null, adjustment_id, date::text, amount::text, at, id
      from ledger_entries where student_id = ${student} and kind = 'adjustment' and amount > 0
    ) d order by at, id`);
  const credits = await db.execute<{
    paymentId: number | null;
    adjustmentId: number | null;
    amount: string;
    named: number[];
    reserved: boolean;
  }>(sql`
    select "paymentId", "adjustmentId", "amount", "named", "reserved" from (
      select id as "paymentId", null::int as "adjustmentId", amount::text as "amount",
        events as "named", reference = ${MARKED_PAID} as "reserved", date, 0 as k, id
      from payments where student_id = ${student} and not voided
      union all
      select null, id, (-amount)::text, '{}'::int[], false, date, 1, id
      from adjustments where student_id = ${student} and amount < 0
    ) c order by date, k, id`);
  return {
    debits: debits.rows.map((d) => ({ ...d, amount: Number(d.amount) })),
    credits: credits.rows.map((c) => ({ ...c, amount: Number(c.amount) })),
  };
}

/** The kept figures of a student; zeros before their first money write. */
export async function accountOf(db: Executor, student: number) {
  const res = await db.execute<{
    due: string;
    credit: string;
    balance: string;
    oldest: string | null;
  }>(sql`
    select due::text, credit::text, balance::text, oldest_due_date::text as oldest
    from accounts where student_id = ${student}`);
  const row = res.rows[0];
  return {
    due: Number(row?.due ?? 0),
    credit: Number(row?.credit ?? 0),
    balance: Number(row?.balance ?? 0),
    oldestDueDate: row?.oldest ?? null,
  };
}

export interface LedgerRow {
  id: number;
  at: Date;
  date: string;
  kind: 'charge' | 'payment' | 'adjustment' | 'void';
  amount: string;
  correction: boolean;
  event: number | null;
  lesson: number | null;
  payment: number | null;
  adjustment: number | null;
  note: string;
}

/** Every entry of a student, oldest first (the running balance needs them all). */
export async function ledgerOf(db: Executor, student: number) {
  const res = await db.execute<LedgerRow & Record<string, unknown>>(sql`
    select id, at, date::text as date, kind, amount::text as amount, correction,
      event_id as event, lesson_id as lesson, payment_id as payment,
      adjustment_id as adjustment, note
    from ledger_entries where student_id = ${student} order by at, id`);
  return res.rows;
}

/** The parts of payments' coverage, per payment. */
export async function coversOf(db: Executor, paymentIds: number[]) {
  if (paymentIds.length === 0) return new Map<number, { event: number; amount: number }[]>();
  const res = await db.execute<{ payment: number; event: number; amount: string }>(sql`
    select payment_id as payment, event_id as event, amount::text as amount from coverage
    where payment_id in (${sql.join(
      paymentIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by payment_id, event_id`);
  const out = new Map<number, { event: number; amount: number }[]>();
  for (const r of res.rows) {
    const list = out.get(r.payment) ?? [];
    list.push({ event: r.event, amount: Number(r.amount) });
    out.set(r.payment, list);
  }
  return out;
}

/**
 * The students whose participations have fallen due and are not charged yet, and those with
 * ledger entries but no kept figures yet (the payments the upgrade made of old ticks).
 */
export async function studentsWithDue(db: Executor, zone: string) {
  const rows = await dueUncharged(db, zone);
  const res = await db.execute<{ student: number }>(sql`
    select distinct student_id as student from ledger_entries le
    where not exists (select 1 from accounts a where a.student_id = le.student_id)`);
  return [...new Set([...rows.map((r) => r.student), ...res.rows.map((r) => r.student)])];
}

/** Whether a student has ledger entries but no kept figures yet. */
export async function withoutAccount(db: Executor, student: number) {
  const res = await db.execute<{ missing: boolean }>(sql`
    select exists (select 1 from ledger_entries where student_id = ${student})
      and not exists (select 1 from accounts where student_id = ${student}) as missing`);
  return res.rows[0]?.missing ?? false;
}

/**
 * The uncovered part of each of a student's due charges (the kept `open_charges`), oldest
 * first, with the course its charge was made with; an adjustment's has none.
 */
export async function openChargesOf(db: Executor, student: number) {
  const res = await db.execute<{
    date: string;
    amount: string;
    adjustment: boolean;
    course: string;
  }>(sql`
    select oc.date::text as date, oc.amount::text as amount,
      oc.adjustment_id is not null as adjustment,
      coalesce((select le.note from ledger_entries le
        where le.event_id = oc.event_id and le.kind = 'charge' and not le.correction
        limit 1), '') as course
    from open_charges oc
    where oc.student_id = ${student} and oc.amount > 0
    order by oc.date, oc.event_id nulls last, oc.adjustment_id`);
  return res.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The payment reference of a student (ADR 040); undefined: no such student. */
export async function paymentReferenceOf(db: Executor, student: number) {
  const res = await db.execute<{ reference: string }>(sql`
    select payment_reference as reference from students where id = ${student}`);
  return res.rows[0]?.reference;
}
