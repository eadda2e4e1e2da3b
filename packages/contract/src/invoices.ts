import { z } from 'zod';
import { CURRENCIES } from './bank.js';
import {
  conflictErrorBody,
  formDecimal,
  formInteger,
  listQueryWith,
  requiredText,
} from './common.js';
import { month } from './pay.js';

/**
 * Invoices (docs/money.md, Invoices; ADR 044): issued on request for a student's month, numbered
 * in a yearly series without gaps (FV/2026/0001), frozen once issued; a mistake is corrected by
 * a correcting invoice (FK/2026/0001) that names the invoice it corrects.
 */

export const INVOICE_SERIES = ['FV', 'FK'] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

const studentRef = formInteger(
  z.number({ error: 'is required' }).int('must be an id').positive('must be an id'),
);

/** POST /api/invoices. */
export const invoiceInput = z.object({ student: studentRef, month }).meta({ id: 'InvoiceWrite' });
export type InvoiceInput = z.input<typeof invoiceInput>;

/** A line as a correcting invoice sends it: what the line says and its amount (zł) after. */
export const invoiceLineInput = z.object({
  description: requiredText(300),
  amount: formDecimal(
    z
      .number({ error: 'must be a number' })
      .min(-1_000_000, 'must be at least -1000000.00')
      .max(1_000_000, 'must be at most 1000000.00')
      .multipleOf(0.01, 'must have at most two decimals'),
  ),
});

/**
 * POST /api/invoices/{id}/correct: the reason, and the invoice's lines as they should read;
 * without lines, its lessons' charges as the ledger has them now.
 */
export const invoiceCorrection = z
  .object({
    reason: requiredText(500),
    lines: z.array(invoiceLineInput).min(1, 'must have a line').max(500).optional(),
  })
  .meta({ id: 'InvoiceCorrection' });
export type InvoiceCorrection = z.input<typeof invoiceCorrection>;

export const invoiceLine = z.object({
  /** the lesson's date, or a correction's day; '' for a line typed in a correction */
  date: z.string(),
  description: z.string(),
  amount: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** An invoice in the list. */
export const invoiceRow = z
  .object({
    id: z.number().int(),
    number: z.string(),
    series: z.enum(INVOICE_SERIES),
    student: z.number().int(),
    studentName: z.string(),
    month: z.string(),
    /** an invoice's sum, a correcting invoice's difference (negative: to refund) */
    total: z.number(),
    currency: z.enum(CURRENCIES),
    issuedAt: z.string(),
    issueDate: z.string(),
    /** the invoice a correcting invoice corrects */
    corrects: z.object({ id: z.number().int(), number: z.string() }).nullable(),
    reason: z.string(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceRow = z.infer<typeof invoiceRow>;

/** GET /api/invoices/{id}: with its lines (a correcting invoice's: before and after). */
export const invoiceDetail = invoiceRow
  .extend({
    lines: z.array(invoiceLine),
    before: z.array(invoiceLine).nullable(),
    correctedBy: z.array(z.object({ id: z.number().int(), number: z.string() })),
  })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });

/** What selects invoices: the list's, and its CSV's. */
export const invoiceFilterQuery = z.object({
  student: z.coerce.number().int().positive().optional(),
  /** issued on or after this day */
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  /** a part of the number or of the student's name */
  search: z.string().trim().max(200).optional(),
});
export type InvoiceFilterQuery = z.output<typeof invoiceFilterQuery>;

export const invoiceListQuery = listQueryWith(['number', 'issued', 'total']).extend(
  invoiceFilterQuery.shape,
);

/** The columns of GET /api/invoices/export.csv, in order (amounts plain: 120.00). */
export const INVOICE_CSV_COLUMNS = [
  'id',
  'number',
  'issueDate',
  'student',
  'studentName',
  'month',
  'total',
  'currency',
  'corrects',
  'reason',
  'issuedAt',
] as const;

/** 409 of POST /api/invoices: the month has its invoice already, named here. */
export const invoiceConflictBody = conflictErrorBody
  .extend({ invoice: z.object({ id: z.number().int(), number: z.string() }).optional() })
  .meta({ id: 'InvoiceConflictError' });
