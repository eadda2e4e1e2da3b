import { invoiceRow, type InvoiceRow } from '@school/contract/invoices';
import { api } from '@school/contract/paths';
import { HttpError, request } from '../../lib/http';

/**
 * POST /api/invoices (docs/money.md, Invoices): the invoice of a student's month, issued from
 * the student's Account section or from /invoices.
 */
export const issueInvoice = (student: number, month: string): Promise<InvoiceRow> =>
  request(api.invoices, { method: 'POST', body: { student, month }, schema: invoiceRow });

/**
 * Why the server refused an invoice: the month has one already (409, its number), or the
 * server's words on the month (400: not over, nothing charged, nothing to invoice); null for
 * any other failure, which the screen tells as a failure.
 */
export type InvoiceRefusal = { exists: string } | { reason: string };

export function invoiceRefusal(error: unknown): InvoiceRefusal | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 409) {
    const first = (error.raw as { invoice?: { number?: unknown } } | null)?.invoice;
    if (typeof first?.number === 'string') return { exists: first.number };
  }
  if (error.status === 400 || error.status === 409) {
    const reason = error.body?.fields?.month ?? error.body?.message;
    if (reason) return { reason };
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** This month of the browser's calendar, YYYY-MM. */
export const thisMonth = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** The month before `month` (YYYY-MM). */
export function monthBefore(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${pad(m - 1)}`;
}
