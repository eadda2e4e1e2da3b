import type { invoicePdf as InvoicePdf } from './invoices.pdf.js';
import type { statementDocument as StatementDocument } from './statement.service.js';

/**
 * The PDF documents' code, pdfkit and its font handling (some 27 MB resident), loaded with the
 * first statement or invoice drawn, not at start-up (docs/quality.md, Memory; ADR 044).
 */
export async function statementDocument(
  ...args: Parameters<typeof StatementDocument>
): ReturnType<typeof StatementDocument> {
  const { statementDocument: draw } = await import('./statement.service.js');
  return draw(...args);
}

export async function invoicePdf(
  ...args: Parameters<typeof InvoicePdf>
): Promise<ReturnType<typeof InvoicePdf>> {
  const { invoicePdf: draw } = await import('./invoices.pdf.js');
  return draw(...args);
}
