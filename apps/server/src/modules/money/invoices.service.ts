import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import type { invoiceCorrection, InvoiceDetail, InvoiceRow } from '@school/contract/invoices';
import type { DocumentLocale } from '@school/contract/money';
import { invoices } from '../../db/schema/invoices.js';
import { recordChange } from '../../db/history.js';
import { HttpError, invalidField, notFound, sqlStateOf } from '../../plugins/errors.js';
import { readSchoolDetails } from '../school/school.shared.js';
import { requireStudent } from '../students/students.shared.js';
import { todayIn } from '../schedule/schedule.shared.js';
import { fill, textsOf } from './documents.texts.js';
import { grosze, zl } from './money.charge.js';
import { settle, type Money } from './money.service.js';
import {
  chargesOfMonth,
  correctionsOf,
  invoiceById,
  invoiceOfMonth,
  netChargesOf,
  nextNumber,
  type InvoiceDocument,
  type InvoiceRecord,
  type KeptLine,
} from './invoices.queries.js';
import { statementStudentOf } from './statement.queries.js';

/** Invoices on request (docs/money.md, Invoices; ADR 044): issued, corrected, never changed. */

export const toRow = (r: InvoiceRecord): InvoiceRow => ({
  id: r.id,
  number: r.number,
  series: r.series,
  student: r.student,
  studentName: r.studentName,
  month: r.month,
  total: zl(r.total),
  currency: r.document.currency,
  issuedAt: r.issuedAt.toISOString(),
  issueDate: r.issueDate,
  corrects: r.correctsId === null ? null : { id: r.correctsId, number: r.correctsNumber ?? '' },
  reason: r.reason,
});

const lineOut = (l: KeptLine) => ({
  date: l.date,
  description: l.description,
  amount: zl(l.amount),
});

export async function invoiceDetail(money: Money, id: number): Promise<InvoiceDetail> {
  const found = await invoiceById(money.db, id);
  if (!found) throw notFound('No such invoice');
  const corrections = await correctionsOf(money.db, id);
  return {
    ...toRow(found),
    lines: found.document.lines.map(lineOut),
    before: found.document.before?.map(lineOut) ?? null,
    correctedBy: corrections.map((c) => ({ id: c.id, number: c.number })),
  };
}

const sum = (lines: readonly KeptLine[]) => lines.reduce((total, l) => total + l.amount, 0);

/** An existing invoice of the month: 409 naming it, the way being a correcting invoice. */
const alreadyIssued = (found: { id: number; number: string }) =>
  new HttpError(
    409,
    errorCodes.conflict,
    `Invoice ${found.number} was issued for this student and month already: issue a correcting invoice to change it`,
    undefined,
    { invoice: found },
  );

interface Issue {
  series: 'FV' | 'FK';
  student: number;
  month: string;
  total: number;
  reason: string;
  correctsId: number | null;
  document: InvoiceDocument;
  userId: number;
}

/** Numbers and writes an invoice and its history entry in one transaction. */
async function issue(money: Money, what: Issue) {
  const { db, zone } = money;
  const issueDate = todayIn(zone);
  const year = Number(issueDate.slice(0, 4));
  try {
    return await db.transaction(async (tx) => {
      const { seq, number } = await nextNumber(tx, what.series, year);
      const [row] = await tx
        .insert(invoices)
        .values({
          series: what.series,
          year,
          seq,
          number,
          studentId: what.student,
          month: what.month,
          total: what.total,
          issueDate,
          correctsId: what.correctsId,
          reason: what.reason,
          document: what.document,
          issuedBy: what.userId,
        })
        .returning({ id: invoices.id });
      if (!row) throw new Error('invoice not made');
      await recordChange(tx, {
        action: 'create',
        entity: 'invoices',
        entityId: row.id,
        after: {
          number,
          student: what.student,
          studentName: what.document.buyer.name,
          month: what.month,
          total: zl(what.total),
          corrects: what.document.corrects?.number ?? null,
          reason: what.reason,
        },
      });
      return row.id;
    });
  } catch (err) {
    // two issues of the same month at once: the second finds the first once it is committed
    if (sqlStateOf(err) === '23505' && what.series === 'FV') {
      const found = await invoiceOfMonth(db, what.student, what.month);
      if (found) throw alreadyIssued(found);
    }
    throw err;
  }
}

/** What the document keeps of the school and the buyer, as they are now. */
async function parties(money: Money, student: number, locale: DocumentLocale) {
  const [school, buyer] = await Promise.all([
    readSchoolDetails(money.db),
    statementStudentOf(money.db, student),
  ]);
  if (!buyer) throw notFound('No such student');
  return {
    locale,
    currency: school.currency,
    school: {
      name: school.name,
      address: school.address,
      taxId: school.taxId,
      iban: school.iban,
      vatExemption: school.vatExemption,
    },
    buyer,
  };
}

/** The invoice lines of a student's month: its charges and corrections. */
async function linesOfMonth(money: Money, student: number, month: string, locale: DocumentLocale) {
  const texts = textsOf(locale);
  return (await chargesOfMonth(money.db, student, month)).map((c) => {
    const [, course = '', date = ''] = c.correction
      ? (/^correction: (.*?)\s*(\d{4}-\d{2}-\d{2})?$/.exec(c.note) ?? [])
      : [];
    const description = c.correction
      ? fill(texts.correctionOf, { course: course || texts.lesson, date })
      : fill(texts.lessonOf, { course: c.note || texts.lesson });
    return { date: c.date, description, amount: c.amount, event: c.event };
  });
}

/**
 * POST /api/invoices: the next FV number of the year for a month that is over and has charges;
 * 409 naming the invoice when the month has one (docs/money.md, Invoices).
 */
export async function issueInvoice(
  money: Money,
  input: { student: number; month: string },
  userId: number,
  locale: DocumentLocale,
): Promise<InvoiceRow> {
  const { db, zone } = money;
  if (input.month >= todayIn(zone).slice(0, 7)) {
    throw invalidField('month', 'must be a month that is over');
  }
  await requireStudent(db, input.student);
  const existing = await invoiceOfMonth(db, input.student, input.month);
  if (existing) throw alreadyIssued(existing);
  await settle(money, input.student);
  const lines = await linesOfMonth(money, input.student, input.month, locale);
  if (lines.length === 0) {
    throw invalidField('month', `nothing was charged to this student in ${input.month}`);
  }
  const total = sum(lines);
  if (total <= 0) {
    throw invalidField(
      'month',
      `the month's charges and corrections come to ${zl(total).toFixed(2)}: nothing to invoice`,
    );
  }
  const id = await issue(money, {
    series: 'FV',
    student: input.student,
    month: input.month,
    total,
    reason: '',
    correctsId: null,
    document: {
      ...(await parties(money, input.student, locale)),
      lines,
      before: null,
      corrects: null,
    },
    userId,
  });
  const made = await invoiceById(db, id);
  if (!made) throw new Error('invoice not read back');
  return toRow(made);
}

/**
 * POST /api/invoices/{id}/correct: a correcting invoice (FK) of an invoice, its lines before
 * (as the invoice, or its last correction, has them) and after: the lines sent, else the
 * invoice's lessons as the ledger charges them now; its total the difference.
 */
export async function correctInvoice(
  money: Money,
  id: number,
  input: z.output<typeof invoiceCorrection>,
  userId: number,
): Promise<InvoiceRow> {
  const { db } = money;
  const original = await invoiceById(db, id);
  if (!original) throw notFound('No such invoice');
  if (original.series !== 'FV') {
    throw new HttpError(
      409,
      errorCodes.conflict,
      `A correcting invoice is not corrected itself: correct ${original.correctsNumber ?? 'the invoice'} again`,
    );
  }
  const previous = (await correctionsOf(db, id)).at(-1)?.document.lines ?? original.document.lines;
  const locale = original.document.locale;
  let after: KeptLine[];
  if (input.lines) {
    after = input.lines.map((l) => ({
      date: '',
      description: l.description,
      amount: grosze(l.amount),
    }));
  } else {
    await settle(money, original.student);
    const events = previous.flatMap((l) => (l.event ? [l.event] : []));
    const now = await netChargesOf(db, [...new Set(events)]);
    // one line a lesson, charged as the ledger has it now; lines of no lesson as they were
    const seen = new Set<number>();
    after = previous.flatMap((l) => {
      if (!l.event) return [l];
      if (seen.has(l.event)) return [];
      seen.add(l.event);
      // its first line is its charge (a correction is dated after it)
      return [{ ...l, amount: now.get(l.event) ?? 0 }];
    });
    if (sum(after) === sum(previous)) {
      throw invalidField(
        'lines',
        'the ledger charges these lessons as invoiced: send the corrected lines',
      );
    }
  }
  const made = await issue(money, {
    series: 'FK',
    student: original.student,
    month: original.month,
    total: sum(after) - sum(previous),
    reason: input.reason,
    correctsId: original.id,
    document: {
      ...(await parties(money, original.student, locale)),
      lines: after,
      before: previous,
      corrects: { number: original.number, issueDate: original.issueDate },
    },
    userId,
  });
  const row = await invoiceById(db, made);
  if (!row) throw new Error('invoice not read back');
  return toRow(row);
}
