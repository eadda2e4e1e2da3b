import { fork } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import type { DocumentLocale } from '@school/contract/money';
import type { InvoiceRecord } from './invoices.queries.js';
import type { Money } from './money.service.js';
import type { StatementContent } from './statement.queries.js';
import { statementContent } from './statement.service.js';

/**
 * The money's PDF documents, each drawn by a process of its own (ADR 049): the server reads
 * what a statement or an invoice says, and a short-lived process (documents.worker.ts) loads
 * pdfkit and its fonts, draws it and sends its bytes back as they come. pdfkit, fontkit and
 * the fonts (some 10 MB the server would otherwise keep from the first document on) never
 * enter the server's memory.
 */

/** What the documents' process is asked to draw. */
export type DocumentOrder =
  { kind: 'statement'; content: StatementContent } | { kind: 'invoice'; invoice: InvoiceRecord };

/** The Node flags of a documents' process: a small heap, enough for pdfkit and one document. */
const DOCUMENT_FLAGS = ['--max-old-space-size=48', '--max-semi-space-size=1', '--v8-pool-size=1'];

/** At most this many documents drawn at once by an instance; the others wait their turn. */
const drawing = pLimit(2);

/** The built worker beside this file, or its source through tsx (the tests, the bench). */
function worker() {
  const fromSource = import.meta.url.endsWith('.ts');
  const loader = fromSource ? ['--conditions=source', '--import', 'tsx'] : [];
  const name = `./documents.worker.${fromSource ? 'ts' : 'js'}`;
  return {
    file: fileURLToPath(new URL(name, import.meta.url)),
    execArgv: [...loader, ...DOCUMENT_FLAGS],
  };
}

/**
 * The PDF of `order` as it is drawn. The stream ends only once the process has ended well; a
 * process that fails ends it with its error, and a download given up ends the process.
 */
export function drawn(order: DocumentOrder): Promise<Readable> {
  return new Promise((resolve, reject) => {
    void drawing(
      () =>
        new Promise<void>((done) => {
          const { file, execArgv } = worker();
          const child = fork(file, [], {
            execArgv,
            stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
            serialization: 'advanced',
          });
          const pdf = new PassThrough();
          let stderr = '';
          let ended = false;
          child.stderr?.on('data', (chunk: Buffer) => {
            if (stderr.length < 4_000) stderr += chunk.toString();
          });
          child.stdout?.pipe(pdf, { end: false });
          pdf.on('close', () => {
            if (!ended) child.kill();
          });
          child.on('error', (err) => {
            pdf.destroy(err);
            reject(err);
          });
          child.on('close', (code, signal) => {
            ended = true;
            if (code === 0) pdf.end();
            else {
              const how = signal ?? `exit code ${code}`;
              pdf.destroy(new Error(`the documents' process ended (${how}) ${stderr.trim()}`));
            }
            done();
          });
          child.send(order);
          resolve(pdf);
        }),
    );
  });
}

/** A student's statement of a month (docs/money.md, Statements): its file's name and its PDF. */
export async function statementDocument(
  money: Money,
  student: number,
  month: string,
  locale: DocumentLocale,
) {
  const { filename, content } = await statementContent(money, student, month, locale);
  return { filename, pdf: await drawn({ kind: 'statement', content }) };
}

/** An invoice as PDF (docs/money.md, Invoices): the same bytes every time. */
export async function invoicePdf(invoice: InvoiceRecord) {
  const filename = `invoice-${invoice.number.replaceAll('/', '-')}.pdf`;
  return { filename, pdf: await drawn({ kind: 'invoice', invoice }) };
}
