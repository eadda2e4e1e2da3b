import { sql } from 'drizzle-orm';
import type { DocumentLocale } from '@school/contract/money';
import type { SchoolDetails } from '@school/contract/school';
import type { Executor } from './money.queries.js';

/**
 * The SQL of a student's monthly statement (docs/money.md, Statements): the ledger as it is, a
 * month of it by the day each entry is dated (a charge by its lesson's date, a correction and a
 * void by the day they were made, a payment and an adjustment by their dates), so a correction
 * made later is in the month it was made and never rewrites an old month.
 */

/** The first day of a month (YYYY-MM) and the first of the next. */
const bounds = (month: string) => ({
  start: sql`(${`${month}-01`})::date`,
  end: sql`((${`${month}-01`})::date + interval '1 month')::date`,
});

/** The balance before the month: one sum over the student's entries. */
export async function openingBalanceOf(db: Executor, student: number, month: string) {
  const { start } = bounds(month);
  const res = await db.execute<{ balance: string }>(sql`
    select coalesce(sum(amount), 0)::text as balance from ledger_entries
    where student_id = ${student} and date < ${start}`);
  return Number(res.rows[0]?.balance ?? 0);
}

export interface StatementRow {
  id: number;
  kind: 'charge' | 'payment' | 'adjustment' | 'void';
  /** the day it belongs to: a lesson's date, a payment's or an adjustment's date, a void's day */
  date: string;
  /** the day it was recorded on the school's clock (a charge: when its lesson ended) */
  madeOn: string;
  amount: number;
  correction: boolean;
  lesson: number | null;
  note: string;
  /** a payment's (or a voided payment's) method, reference and date */
  method: string | null;
  reference: string | null;
  paymentDate: string | null;
}

/** What a statement says, as read for it and drawn from it (statement.pdf.ts). */
export interface StatementContent {
  locale: DocumentLocale;
  /** YYYY-MM */
  month: string;
  /** the school's day it is printed on */
  today: string;
  /** the PDF's creation date */
  created: Date;
  who: { name: string; reference: string };
  /** the balance before the month, grosze */
  opening: number;
  rows: StatementRow[];
  school: SchoolDetails;
  /** what is owed on the day it is printed, grosze */
  owed: number;
}

/** The entries of the month by their days, and on one day in the order they were written. */
export async function statementRowsOf(
  db: Executor,
  student: number,
  month: string,
  zone: string,
): Promise<StatementRow[]> {
  const { start, end } = bounds(month);
  const res = await db.execute<Omit<StatementRow, 'amount'> & { amount: string }>(sql`
    select le.id, le.kind, le.date::text as date,
      (le.at at time zone ${zone})::date::text as "madeOn", le.amount::text as amount,
      le.correction, le.lesson_id as lesson, le.note, p.method, p.reference,
      p.date::text as "paymentDate"
    from ledger_entries le left join payments p on p.id = le.payment_id
    where le.student_id = ${student} and le.date >= ${start} and le.date < ${end}
      and le.amount <> 0
    order by le.date, le.at, le.id`);
  return res.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The months (YYYY-MM, newest first) in which a student's ledger has entries. */
export async function statementMonthsOf(db: Executor, student: number) {
  const res = await db.execute<{ month: string }>(sql`
    select distinct to_char(date, 'YYYY-MM') as month from ledger_entries
    where student_id = ${student} and amount <> 0 order by 1 desc`);
  return res.rows.map((r) => r.month);
}

/** The student's name and payment reference; undefined: no such student. */
export async function statementStudentOf(db: Executor, student: number) {
  const res = await db.execute<{ name: string; reference: string }>(sql`
    select trim(name || ' ' || surname) as name, payment_reference as reference
    from students where id = ${student}`);
  return res.rows[0];
}
