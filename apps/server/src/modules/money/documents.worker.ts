import type { DocumentOrder } from './documents.child.js';
import { invoicePdf } from './invoices.pdf.js';
import { drawStatement } from './statement.pdf.js';

/**
 * A PDF document drawn in a process of its own (ADR 049): the server forks this file for each
 * statement or invoice (documents.child.ts) and sends what to draw over the IPC channel; the
 * PDF goes out on the standard output as pdfkit writes it, and the process ends with it.
 */
process.once('message', (order: DocumentOrder) => {
  // nothing more comes: the channel closes, and the process ends once its document is out
  setImmediate(() => process.disconnect());
  const pdf =
    order.kind === 'statement' ? drawStatement(order.content) : invoicePdf(order.invoice).pdf;
  pdf.pipe(process.stdout);
});
