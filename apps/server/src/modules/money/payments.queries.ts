import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Payment, paymentListQuery } from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/money.js';
import { students } from '../../db/schema/students.js';
import { notFound } from '../../plugins/errors.js';
import { zl } from './money.charge.js';
import { coversOf } from './money.queries.js';

const fields = {
  p: payments,
  studentName: sql<string>`trim(${students.name} || ' ' || ${students.surname})`,
};
type Row = { p: typeof payments.$inferSelect; studentName: string };

const toPayment = (r: Row, covers: { event: number; amount: number }[]): Payment => ({
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

/** GET /api/payments: filtered, searched by student, reference and note; newest first. */
export async function listPayments(db: Db, q: z.output<typeof paymentListQuery>) {
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
  const sort = q.sort ?? '-date';
  const column = SORTS[sort.replace(/^-/, '') as keyof typeof SORTS];
  const order = sort.startsWith('-')
    ? [desc(column), desc(payments.id)]
    : [asc(column), asc(payments.id)];
  const rows = await db
    .select({ ...fields, total: sql<number>`(count(*) over ())::int` })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return { rows: await withCovers(db, rows), total: rows[0]?.total ?? 0 };
}
