import { sql, type SQL } from 'drizzle-orm';
import { MARKED_PAID } from '@school/contract/money';
import type { Db, Tx } from '../../db/client.js';
import { preparedStatement } from '../../db/rows.js';
import { wallClockInstant } from '../schedule/schedule.shared.js';

/** What a money statement runs on: the pool or a transaction. */
export type Executor = Db | Tx;

/**
 * A participation's end as an instant in the school's zone (ADR 035): when its charge is due. Its
 * end on the wall clock is kept (`participation_dues.ends_at`, ADR 041), so this reads `d`.
 */
export const endInstant = (zone: string): SQL => wallClockInstant(sql`d.ends_at`, zone);

/**
 * The participations `d` that have fallen due and are not charged (docs/money.md, Falling due):
 * the partial index of those not charged is scanned up to the wall clock now plus 3 hours (no
 * change of summer time moves a clock further), then each end is read as an instant exactly. The
 * bound can only make a charge wait, never skip it: the clock passes it.
 */
export const fallenDue = (zone: string): SQL => sql`not d.charged
  and d.ends_at <= (now() at time zone ${zone}) + interval '3 hours'
  and ${endInstant(zone)} <= now()`;

/** The school's today: the day in its zone (docs/money.md, Balances). */
export const schoolToday = (zone: string): SQL => sql`(now() at time zone ${zone})::date`;

/**
 * The sums of `amount` by the age in days of `date` against `today`, the balances' four ages
 * (0-30, 31-60, 61-90, over 90 days), as the columns d0_30, d31_60, d61_90 and d90plus: an
 * aggregate over the open parts of charges (docs/money.md, Balances).
 */
export function agesOf(amount: SQL, date: SQL, today: SQL): SQL {
  const age = sql`${today} - ${date}`;
  const bucket = (from: number, to: number | null) =>
    sql`coalesce(sum(${amount}) filter (where ${age} >= ${from}
      ${to === null ? sql`` : sql`and ${age} <= ${to}`}), 0)::bigint`;
  return sql`${bucket(0, 30)} as d0_30, ${bucket(31, 60)} as d31_60,
    ${bucket(61, 90)} as d61_90, ${bucket(91, null)} as d90plus`;
}

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

/** The participations `d` with their events `e`, lessons `l` and attendance statuses `s`. */
const participations = sql`participation_dues d
    join events e on e.id = d.event_id
    join lessons l on l.id = e.lesson_id
    left join attendance_statuses s on s.id = e.attendence`;

/**
 * The participations whose end has passed and which are not charged (docs/money.md, Falling
 * due): of one student, or of everyone.
 */
export async function dueUncharged(db: Executor, zone: string, student?: number) {
  const res = await db.execute<ChargeInputs & Record<string, unknown>>(sql`
    select ${chargeInputs(zone)}
    from ${participations}
    where ${fallenDue(zone)}
      ${student === undefined ? sql`` : sql`and d.student_id = ${student}`}`);
  return res.rows;
}

/**
 * Participations `ids` as they stand, each with whether it has ended (`due`) and whether its
 * charge is in the ledger (`charged`).
 */
export async function chargeInputsOf(db: Executor, zone: string, ids: number[]) {
  if (ids.length === 0) return [];
  const res = await db.execute<
    ChargeInputs & { due: boolean; charged: boolean } & Record<string, unknown>
  >(sql`
    select ${chargeInputs(zone)}, ${endInstant(zone)} <= now() as "due", d.charged as "charged"
    from ${participations}
    where e.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return res.rows;
}

/** The participations of a student not charged: what they will be charged, and which are due. */
export async function pendingOf(db: Executor, zone: string, student: number) {
  const res = await db.execute<ChargeInputs & { due: boolean } & Record<string, unknown>>(sql`
    select ${chargeInputs(zone)}, ${endInstant(zone)} <= now() as "due"
    from ${participations}
    where d.student_id = ${student} and not d.charged`);
  return res.rows;
}

/** A student's ledger as coverage needs it: debits oldest first, credits in their order. */
export async function coverageInputs(db: Executor, student: number) {
  const debits = await db.execute<{
    eventId: number | null;
    adjustmentId: number | null;
    date: string;
    amount: string;
    at: string | null;
    entry: number | null;
  }>(sql`
    select "eventId", "adjustmentId", "date", "amount", at::text as "at", id as "entry" from (
      -- a participation charged again after a move ahead: the date and instant of that charge
      select event_id as "eventId", null::int as "adjustmentId",
        (array_agg(date::text order by correction, at desc, id desc))[1] as "date",
        sum(amount)::text as "amount", max(at) filter (where not correction) as at,
        max(id) filter (where not correction) as id
      from ledger_entries where student_id = ${student} and kind = 'charge'
      group by event_id having sum(amount) > 0
      union all
      select null, adjustment_id, date::text, amount::text, at, id
      from ledger_entries where student_id = ${student} and kind = 'adjustment' and amount > 0
    ) d order by d.at, d.id`);
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

/** A participation not charged as the account reads it: price, duration, toPay, charges, due. */
type Pending = [price: string, duration: string, toPay: number, charges: boolean, due: boolean];

/** A student's account as its statement reads it (`accountRead`). */
interface AccountRow extends Record<string, unknown> {
  due: string | null;
  credit: string | null;
  balance: string | null;
  oldest: string | null;
  orphan: boolean;
  pending: Pending[] | null;
  reference: string;
  currency: 'PLN' | 'EUR' | null;
}

/**
 * A student's account in one statement (ADR 041): the kept figures, the participations not
 * charged (what is upcoming, and whether one has fallen due), and whether they have ledger
 * entries but no kept figures yet; undefined when there is no such student. Prepared once per
 * zone (ADR 051): the account is read on every visit of a student's page.
 */
export async function accountRead(db: Db, zone: string, student: number) {
  const read = preparedStatement(
    db,
    `account_read ${zone}`,
    () => sql`
    select st.payment_reference as reference,
      (select sd.currency from school_details sd where sd.id = 1) as currency,
      a.due::text as due, a.credit::text as credit, a.balance::text as balance,
      a.oldest_due_date::text as oldest,
      (a.student_id is null
        and exists (select 1 from ledger_entries le where le.student_id = st.id)) as orphan,
      (select json_agg(json_build_array(l.price::text, l.duration::text, e.to_pay,
          coalesce(s.charge, true), ${endInstant(zone)} <= now()))
        from ${participations} where d.student_id = st.id and not d.charged) as pending
    from students st left join accounts a on a.student_id = st.id
    where st.id = ${sql.placeholder('student')}::int`,
  );
  const [row] = await read<AccountRow>({ student });
  if (!row) return undefined;
  const pending = (row.pending ?? []).map(([price, duration, toPay, charges, due]) => ({
    price,
    duration,
    toPay,
    charges,
    due,
  }));
  return {
    due: Number(row.due ?? 0),
    credit: Number(row.credit ?? 0),
    balance: Number(row.balance ?? 0),
    oldestDueDate: row.oldest,
    reference: row.reference,
    currency: row.currency ?? 'PLN',
    pending,
    /** a charge has fallen due, or the kept figures are missing: settle before answering */
    unsettled: row.orphan || pending.some((p) => p.due),
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

/**
 * The statement of `coversOf`: read by the payments' index (migration 0035), which a test holds
 * it to.
 */
export const coversQuery = (paymentIds: number[]) => sql`
    select payment_id as payment, event_id as event, amount::text as amount from coverage
    where payment_id in (${sql.join(
      paymentIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by payment_id, event_id`;

/** The parts of payments' coverage, per payment. */
export async function coversOf(db: Executor, paymentIds: number[]) {
  if (paymentIds.length === 0) return new Map<number, { event: number; amount: number }[]>();
  const res = await db.execute<{ payment: number; event: number; amount: string }>(
    coversQuery(paymentIds),
  );
  const out = new Map<number, { event: number; amount: number }[]>();
  for (const r of res.rows) {
    const list = out.get(r.payment) ?? [];
    list.push({ event: r.event, amount: Number(r.amount) });
    out.set(r.payment, list);
  }
  return out;
}

/**
 * The students with participations fallen due and not charged: everyone's, or those of lessons
 * `lessons` (docs/money.md, Falling due). One scan of the participations not charged.
 */
export async function studentsDue(db: Executor, zone: string, lessons?: number[]) {
  const res = await db.execute<{ student: number }>(sql`
    select distinct d.student_id as student from participation_dues d
    ${
      lessons === undefined
        ? sql`where ${fallenDue(zone)}`
        : sql`join events e on e.id = d.event_id
          where ${fallenDue(zone)} and e.lesson_id in (${sql.join(
            lessons.map((l) => sql`${l}`),
            sql`, `,
          )})`
    }
    order by 1`);
  return res.rows.map((r) => r.student);
}

/**
 * The students who owe (`due` above 0) and whose oldest uncovered charge is dated before
 * `before` (YYYY-MM-DD), from the kept figures: who a payment reminder is for (docs/money.md,
 * Payment reminders). Settle everyone first.
 */
export async function owingBefore(db: Executor, before: string) {
  const res = await db.execute<{ student: number; due: string; oldestDueDate: string }>(sql`
    select student_id as student, due::text as due, oldest_due_date::text as "oldestDueDate"
    from accounts where due > 0 and oldest_due_date < ${before}::date
    order by student_id`);
  return res.rows.map((r) => ({ ...r, due: Number(r.due) }));
}

/**
 * The students with ledger entries but no kept figures: those the upgrade (migration 0026) gave
 * payments of old ticks and whose money has not been read since.
 */
export async function studentsWithoutAccount(db: Executor) {
  const res = await db.execute<{ student: number }>(sql`
    select distinct student_id as student from payments p
    where not exists (select 1 from accounts a where a.student_id = p.student_id)
    order by 1`);
  return res.rows.map((r) => r.student);
}

/**
 * Whether a student's money needs settling before it is read: a participation has fallen due and
 * is not charged, or they have ledger entries but no kept figures yet.
 */
export async function needsSettling(db: Executor, zone: string, student: number) {
  const res = await db.execute<{ needed: boolean }>(sql`
    select exists (select 1 from participation_dues d
        where d.student_id = ${student} and ${fallenDue(zone)})
      or (not exists (select 1 from accounts where student_id = ${student})
        and exists (select 1 from ledger_entries where student_id = ${student})) as needed`);
  return res.rows[0]?.needed ?? false;
}

/** What of a student's money is kept for good: their payments, adjustments and ledger entries. */
export async function moneyHistoryOf(db: Executor, student: number) {
  const res = await db.execute<{ payments: number; adjustments: number; entries: number }>(sql`
    select (select count(*) from payments where student_id = ${student})::int as payments,
      (select count(*) from adjustments where student_id = ${student})::int as adjustments,
      (select count(*) from ledger_entries where student_id = ${student})::int as entries`);
  return res.rows[0] ?? { payments: 0, adjustments: 0, entries: 0 };
}

/**
 * Students' names as the lists show them ("Anna Kowalska"), by id: the money's history entries
 * carry the name of the student they are about, as a participation's do (docs/history.md).
 */
export async function studentNames(db: Executor, ids: readonly number[]) {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const res = await db.execute<{ id: number; name: string }>(sql`
    select id, trim(name || ' ' || surname) as name from students
    where id in (${sql.join(
      [...new Set(ids)].map((id) => sql`${id}`),
      sql`, `,
    )})`);
  for (const r of res.rows) names.set(r.id, r.name);
  return names;
}

/** One student's name, as studentNames. */
export const studentNameOf = async (db: Executor, id: number) =>
  (await studentNames(db, [id])).get(id) ?? '';

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
