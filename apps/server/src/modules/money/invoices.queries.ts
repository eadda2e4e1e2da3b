import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceFilterQuery } from '@school/contract/invoices';
import type { Db, Tx } from '../../db/client.js';
import type { Executor } from './money.queries.js';

/** The SQL of invoices (docs/money.md, Invoices; ADR 044). */

/** A line as kept in an invoice's document: grosze. */
export interface KeptLine {
  date: string;
  description: string;
  amount: number;
  /** the participation it charges, when it is a lesson's */
  event?: number | null;
}

/** What an invoice says, as issued (the `document` column). */
export interface InvoiceDocument {
  locale: 'en' | 'pl' | 'uk';
  currency: 'PLN' | 'EUR';
  school: { name: string; address: string; taxId: string; iban: string; vatExemption: string };
  buyer: { name: string; reference: string };
  lines: KeptLine[];
  /** a correcting invoice's: the lines before it */
  before: KeptLine[] | null;
  /** a correcting invoice's: the invoice it corrects */
  corrects: { number: string; issueDate: string } | null;
}

export interface InvoiceRecord {
  id: number;
  number: string;
  series: 'FV' | 'FK';
  student: number;
  studentName: string;
  month: string;
  total: number;
  issuedAt: Date;
  issueDate: string;
  correctsId: number | null;
  correctsNumber: string | null;
  reason: string;
  document: InvoiceDocument;
}

const columns = sql`i.id, i.number, i.series, i.student_id as student,
  trim(s.name || ' ' || s.surname) as "studentName", i.month, i.total::text as total,
  i.issued_at as "issuedAt", i.issue_date::text as "issueDate", i.corrects_id as "correctsId",
  c.number as "correctsNumber", i.reason, i.document`;
const from = sql`invoices i join students s on s.id = i.student_id
  left join invoices c on c.id = i.corrects_id`;

const toRecord = (r: Omit<InvoiceRecord, 'total'> & { total: string }): InvoiceRecord => ({
  ...r,
  total: Number(r.total),
  issuedAt: new Date(r.issuedAt),
});

export async function invoiceById(db: Executor, id: number) {
  const res = await db.execute<Omit<InvoiceRecord, 'total'> & { total: string }>(
    sql`select ${columns} from ${from} where i.id = ${id}`,
  );
  return res.rows[0] && toRecord(res.rows[0]);
}

/** The invoice (FV) of a student's month, if one was issued. */
export async function invoiceOfMonth(db: Executor, student: number, month: string) {
  const res = await db.execute<{ id: number; number: string }>(sql`
    select id, number from invoices where student_id = ${student} and month = ${month}
      and series = 'FV'`);
  return res.rows[0];
}

/** The correcting invoices of an invoice, oldest first. */
export async function correctionsOf(db: Executor, id: number) {
  const res = await db.execute<{ id: number; number: string; document: InvoiceDocument }>(sql`
    select id, number, document from invoices where corrects_id = ${id} order by id`);
  return res.rows;
}

/**
 * The charges and corrections of a student dated in a month, as invoice lines: each with its
 * lesson's course and date (a correction: the day it was made), oldest first.
 */
export async function chargesOfMonth(db: Executor, student: number, month: string) {
  const res = await db.execute<{
    date: string;
    note: string;
    correction: boolean;
    amount: string;
    event: number | null;
  }>(sql`
    select date::text as date, note, correction, amount::text as amount, event_id as event
    from ledger_entries
    where student_id = ${student} and kind = 'charge' and amount <> 0
      and date >= ${`${month}-01`}::date and date < (${`${month}-01`}::date + interval '1 month')
    order by date, at, id`);
  return res.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** What participations `events` are charged now, all entries of each summed. */
export async function netChargesOf(db: Executor, events: number[]) {
  if (events.length === 0) return new Map<number, number>();
  const res = await db.execute<{ event: number; amount: string }>(sql`
    select event_id as event, sum(amount)::text as amount from ledger_entries
    where kind = 'charge' and event_id = any(${sql.param(events)}::int[]) group by event_id`);
  return new Map(res.rows.map((r) => [r.event, Number(r.amount)]));
}

/**
 * The next number of a series and year: its counter row incremented, and so locked until the
 * caller's transaction ends; a transaction that rolls back gives its number back (ADR 044).
 */
export async function nextNumber(tx: Tx, series: 'FV' | 'FK', year: number) {
  const res = await tx.execute<{ last: number }>(sql`
    insert into invoice_counters (series, year, last) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last = invoice_counters.last + 1
    returning last`);
  const seq = res.rows[0]?.last ?? 1;
  return { seq, number: `${series}/${year}/${String(seq).padStart(4, '0')}` };
}

/** The invoices the filters and the search (number, student's name) select. */
function invoicesWhere(q: InvoiceFilterQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (q.student !== undefined) where.push(sql`i.student_id = ${q.student}`);
  if (q.dateFrom !== undefined) where.push(sql`i.issue_date >= ${q.dateFrom}`);
  if (q.dateTo !== undefined) where.push(sql`i.issue_date <= ${q.dateTo}`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(i.number ilike ${like} or (s.name || ' ' || s.surname) ilike ${like})`);
  }
  return sql.join(where, sql` and `);
}

/** GET /api/invoices: newest first unless sorted otherwise; a page and the count. */
export async function listInvoices(
  db: Db,
  q: InvoiceFilterQuery & { limit: number; offset: number; sort?: string | undefined },
) {
  const sort = q.sort ?? '-issued';
  const direction = sort.startsWith('-') ? sql`desc` : sql`asc`;
  const res = await db.execute<Omit<InvoiceRecord, 'total'> & { total: string; count: number }>(
    sql`select ${columns}, (count(*) over ())::int as count from ${from}
      where ${invoicesWhere(q)}
      order by ${orderByWith(sort.replace(/^-/, ''), direction)}
      limit ${q.limit} offset ${q.offset}`,
  );
  return { rows: res.rows.map(toRecord), total: res.rows[0]?.count ?? 0 };
}

/** The order of a sort key in a direction, each of its columns so. */
function orderByWith(key: string, direction: SQL): SQL {
  const keys: Record<string, string[]> = {
    number: ['i.series', 'i.year', 'i.seq'],
    issued: ['i.issued_at', 'i.id'],
    total: ['i.total', 'i.id'],
  };
  return sql.join(
    (keys[key] ?? keys.issued ?? []).map((c) => sql`${sql.raw(c)} ${direction}`),
    sql`, `,
  );
}

/** Every invoice the filters select, newest first: the CSV export's rows. */
export async function invoicesForExport(db: Db, q: InvoiceFilterQuery) {
  const res = await db.execute<Omit<InvoiceRecord, 'total'> & { total: string }>(
    sql`select ${columns} from ${from} where ${invoicesWhere(q)} order by i.issued_at desc, i.id desc`,
  );
  return res.rows.map(toRecord);
}
