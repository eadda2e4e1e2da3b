import type { Readable } from 'node:stream';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CURRENCY,
  PAYMENT_CSV_COLUMNS,
  type Payment,
  type PaymentFilterQuery,
  type paymentListQuery,
  type PaymentTotals,
} from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/money.js';
import { students } from '../../db/schema/students.js';
import { csvStream } from '../../plugins/csv-export.js';
import { notFound } from '../../plugins/errors.js';
import { plainZl, zl } from './money.charge.js';
import { coversOf } from './money.queries.js';

const fields = {
  p: payments,
  studentName: sql<string>`trim(${students.name} || ' ' || ${students.surname})`,
};
type Row = { p: typeof payments.$inferSelect; studentName: string };

/** A payment as the API answers it, from its row, its student's name and what it covers. */
export const toPayment = (r: Row, covers: { event: number; amount: number }[]): Payment => ({
  id: r.p.id,
  student: r.p.studentId,
  studentName: r.studentName,
  amount: zl(r.p.amount),
  date: r.p.date,
  method: r.p.method as Payment['method'],
  reference: r.p.reference,
  note: r.p.note,
  events: r.p.events,
  voided: r.p.voided,
  voidReason: r.p.voidReason,
  createdAt: r.p.createdAt.toISOString(),
  covers: covers.map((c) => ({ event: c.event, amount: zl(c.amount) })),
});

async function withCovers(db: Db, rows: Row[]) {
  const covers = await coversOf(
    db,
    rows.map((r) => r.p.id),
  );
  return rows.map((r) => toPayment(r, covers.get(r.p.id) ?? []));
}

export async function paymentById(db: Db, id: number): Promise<Payment> {
  const rows = await db
    .select(fields)
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .where(eq(payments.id, id));
  const [payment] = await withCovers(db, rows);
  if (!payment) throw notFound('No such payment');
  return payment;
}

const SORTS = { date: payments.date, amount: payments.amount, id: payments.id } as const;

/** The payments the filters and the search select (the student's name, reference, note). */
export function paymentsWhere(q: PaymentFilterQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [
    q.student === undefined ? undefined : eq(payments.studentId, q.student),
    q.dateFrom === undefined ? undefined : gte(payments.date, q.dateFrom),
    q.dateTo === undefined ? undefined : lte(payments.date, q.dateTo),
    q.method === undefined ? undefined : eq(payments.method, q.method),
  ];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(sql`${students.name} || ' ' || ${students.surname}`, like),
        ilike(payments.reference, like),
        ilike(payments.note, like),
      ),
    );
  }
  return and(...where);
}

/** GET /api/payments: filtered, searched by student, reference and note; newest first. */
export async function listPayments(db: Db, q: z.output<typeof paymentListQuery>) {
  const sort = q.sort ?? '-date';
  const column = SORTS[sort.replace(/^-/, '') as keyof typeof SORTS];
  const order = sort.startsWith('-')
    ? [desc(column), desc(payments.id)]
    : [asc(column), asc(payments.id)];
  const rows = await db
    .select({ ...fields, total: sql<number>`(count(*) over ())::int` })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .where(paymentsWhere(q))
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return { rows: await withCovers(db, rows), total: rows[0]?.total ?? 0 };
}

/**
 * GET /api/payments/totals: over every payment the filters select, not a page: how many, the
 * sum of those not voided, and the voided ones apart (docs/money.md, The payments screen).
 */
export async function paymentTotals(db: Db, q: PaymentFilterQuery): Promise<PaymentTotals> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${payments.amount}) filter (where not ${payments.voided}), 0)::text`,
      voidedCount: sql<number>`(count(*) filter (where ${payments.voided}))::int`,
      voidedAmount: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.voided}), 0)::text`,
    })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .where(paymentsWhere(q));
  return {
    count: row?.count ?? 0,
    amount: zl(row?.amount ?? 0),
    voidedCount: row?.voidedCount ?? 0,
    voidedAmount: zl(row?.voidedAmount ?? 0),
    currency: CURRENCY,
  };
}

/** Payments per query of the export: it never holds more than one page of rows. */
const EXPORT_PAGE_ROWS = 1000;

const exportPage = (db: Db, q: PaymentFilterQuery, after?: Row) =>
  db
    .select(fields)
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .where(
      and(
        paymentsWhere(q),
        after && sql`(${payments.date}, ${payments.id}) < (${after.p.date}, ${after.p.id})`,
      ),
    )
    .orderBy(desc(payments.date), desc(payments.id))
    .limit(EXPORT_PAGE_ROWS);

/** The payments as filtered, newest first, a page at a time (keyset paging). */
async function* paymentPages(db: Db, q: PaymentFilterQuery, first: Row[]) {
  let page = first;
  for (;;) {
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_ROWS) return;
    page = await exportPage(db, q, last);
  }
}

/**
 * GET /api/payments/export.csv: the payments the list's filters and search select, every one
 * (voided ones too, marked), newest first, streamed a page at a time.
 */
export async function exportPaymentsCsv(db: Db, q: PaymentFilterQuery): Promise<Readable> {
  const first = await exportPage(db, q);
  const recordOf = ({ p, studentName }: Row) => [
    String(p.id),
    p.date,
    String(p.studentId),
    studentName,
    plainZl(p.amount),
    p.method,
    p.reference,
    p.note,
    p.voided ? '1' : '0',
    p.voidReason,
    p.createdAt.toISOString(),
  ];
  return csvStream(PAYMENT_CSV_COLUMNS, paymentPages(db, q, first), recordOf);
}
