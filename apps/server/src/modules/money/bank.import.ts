// A bank statement's preview and import (docs/money.md, Bank statements; ADR 045): read as a
// stream a batch at a time; each batch's transfers are classified (bank.classify.ts) and, on
// import, stored once each with the payments of those matched, in a transaction of its own.
import {
  BANK_NAMES,
  type Bank,
  type BankImportPreview,
  type BankImportResult,
  type BankMapping,
} from '@school/contract/bank-import';
import { actorContext, recordChange, type Actor } from '../../db/history.js';
import type { RowError } from '../../plugins/csv-check.js';
import type { CsvSource } from '../../plugins/csv-parse.js';
import { HttpError } from '../../plugins/errors.js';
import type { Progress } from '../../plugins/import-jobs.js';
import { pluralForm } from '../../plugins/plural.js';
import { classify, type Classified } from './bank.classify.js';
import { recordPaymentIn } from './bank.payment.js';
import { rememberedMappings } from './bank.queries.js';
import { openStatement, type StatementRow } from './bank.read.js';
import { insertBankRows, linkPayment, rememberMapping } from './bank.writes.js';
import { zl } from './money.charge.js';
import type { Money } from './money.service.js';

/** Transfers classified together in a preview (three reads a batch). */
const PREVIEW_BATCH = 250;
/**
 * Transfers stored together, with their payments, in one transaction: the accounts of a batch's
 * students stay locked until it commits, so a batch is kept short for the staff's own payments.
 */
const WRITE_BATCH = 100;
const SAMPLE_ROWS = 50;
const ERRORS_SHOWN = 200;

export interface StatementOptions {
  mapping?: BankMapping | undefined;
  fileName?: string | undefined;
  /** who imports: a job outlives its request (ADR 027) */
  actor?: Actor | undefined;
}

type Counts = Omit<BankImportResult, 'created' | 'skipped'>;
const noCounts = (): Counts => ({
  matched: 0,
  unmatched: 0,
  suggested: 0,
  duplicates: 0,
  outgoing: 0,
  pending: 0,
});

const open = async (money: Money, source: CsvSource, mapping?: BankMapping) =>
  openStatement(source, { given: mapping, remembered: await rememberedMappings(money.db) });

const studentOf = (s: { id: number; name: string; reference: string } | null) =>
  s && { id: s.id, name: s.name, reference: s.reference };

/** POST /api/payments/import/preview: what an import of the statement would do; writes nothing. */
export async function previewStatement(
  money: Money,
  source: CsvSource,
  mapping?: BankMapping,
): Promise<BankImportPreview> {
  const statement = await open(money, source, mapping);
  const counts = noCounts();
  const errors: RowError[] = [];
  const sample: BankImportPreview['sample'] = [];
  let errorCount = 0;
  let rows = 0;
  let batch: StatementRow[] = [];
  const settle = async () => {
    for (const c of await classify(money.db, batch)) {
      count(counts, c);
      if (sample.length >= SAMPLE_ROWS) continue;
      const { row } = c;
      sample.push({
        line: row.line,
        date: row.bookedOn,
        amount: zl(row.amount),
        title: row.title,
        counterparty: row.counterparty,
        status: c.status,
        student: studentOf(c.student),
        suggestion: c.suggestion && {
          id: c.suggestion.id,
          name: `${c.suggestion.name} ${c.suggestion.surname}`.trim(),
          reference: c.suggestion.reference,
        },
      });
    }
    batch = [];
  };
  for await (const item of statement.items()) {
    rows++;
    if (item.kind === 'incoming') {
      batch.push(item.row);
      if (batch.length >= PREVIEW_BATCH) await settle();
    } else if (item.kind === 'error') {
      if (++errorCount <= ERRORS_SHOWN) errors.push(item.error);
    } else counts[item.kind]++;
  }
  if (batch.length > 0) await settle();
  const { layout } = statement;
  return {
    bank: layout.bank,
    encoding: statement.encoding,
    delimiter: layout.delimiter,
    columns: layout.columns,
    mapping: layout.mapping,
    mappingSource: layout.mappingSource,
    rawSample: layout.rawSample,
    rows,
    ...counts,
    errors,
    errorCount,
    sample,
  };
}

function count(counts: Counts, c: Classified) {
  if (c.status === 'duplicate') counts.duplicates++;
  else counts[c.status]++;
  if (c.suggestion) counts.suggested++;
}

/** "1 row has", "2 rows have": the refusal speaks English, like the API. */
const ROWS_HAVE = { one: 'row has', other: 'rows have' };

/** The note of the payments an import makes: the bank and the file it came from. */
export function paymentNote(bank: Bank | null, fileName: string, byHand = false) {
  const from = [bank ? BANK_NAMES[bank] : '', fileName].filter(Boolean).join(', ');
  const source = from === '' ? 'Bank statement import' : `Bank statement import (${from})`;
  return byHand ? `${source}, assigned by hand` : source;
}

/**
 * POST /api/payments/import (docs/money.md, Bank statements): the statement is read twice.
 * First every row is checked: a row refused stops it all (400, nothing written) unless
 * `skipErrors`. Then its transfers are written a batch at a time, each batch in a transaction
 * of its own with the payments of the matched ones (recordPayment), so a statement stopped
 * halfway keeps the batches before, and importing it again adds only the rest. Every transfer
 * is stored once (the unique key), whatever ran before or runs at the same time.
 */
export async function importStatement(
  money: Money,
  source: CsvSource,
  skipErrors: boolean,
  userId: number,
  progress: Progress,
  options: StatementOptions = {},
): Promise<BankImportResult> {
  const checked = await open(money, source, options.mapping);
  if (!checked.layout.mapping) {
    throw new HttpError(
      400,
      'validation',
      "The file's columns are not known: send a mapping naming its date, amount and title columns (the preview lists them)",
      { mapping: 'is required for this file' },
    );
  }
  let total = 0;
  let errorCount = 0;
  for await (const item of checked.items()) {
    total++;
    if (item.kind === 'error') errorCount++;
  }
  progress.total(total);
  if (errorCount > 0 && !skipErrors) {
    const haveErrors = `${errorCount} ${pluralForm('en', errorCount, ROWS_HAVE)} errors`;
    throw new HttpError(400, 'validation', `${haveErrors}; nothing was imported`, {
      csv: haveErrors,
    });
  }
  const write = () => writeStatement(money, source, userId, progress, options, errorCount);
  return options.actor ? actorContext.run(options.actor, write) : write();
}

async function writeStatement(
  money: Money,
  source: CsvSource,
  userId: number,
  progress: Progress,
  options: StatementOptions,
  skipped: number,
): Promise<BankImportResult> {
  const statement = await open(money, source, options.mapping);
  const { layout } = statement;
  const fileName = options.fileName ?? '';
  const meta = { bank: layout.bank, fileName, userId };
  const note = paymentNote(layout.bank, fileName);
  const counts = noCounts();
  let created = 0;
  let batch: StatementRow[] = [];
  let read = 0;
  const write = async () => {
    progress.signal?.throwIfAborted(); // the server is stopping: the batches before stay
    const classified = await classify(money.db, batch);
    const done = await money.db.transaction(async (tx) => {
      const fresh = classified.filter((c) => c.status !== 'duplicate');
      const stored = await insertBankRows(
        tx,
        fresh.map((c) => ({
          ...c.row,
          status: c.status === 'matched' ? 'matched' : 'unmatched',
          student: c.student?.id ?? null,
          suggestion: c.suggestion?.id ?? null,
        })),
        meta,
      );
      const made = fresh.filter((c) => stored.has(c.row.key));
      // one student's account at a time, in one order (ADR 039: a payment locks it)
      const paid = made
        .filter((c) => c.student !== null)
        .sort((a, b) => (a.student?.id ?? 0) - (b.student?.id ?? 0));
      for (const c of paid) {
        const payment = await recordPaymentIn(tx, money.zone, {
          student: c.student?.id ?? 0,
          amount: zl(c.row.amount),
          date: c.row.bookedOn,
          method: 'transfer',
          reference: c.row.title.slice(0, 200),
          note,
        });
        await linkPayment(tx, stored.get(c.row.key) ?? 0, payment.id);
      }
      return { made, lost: classified.length - made.length };
    });
    created += done.made.length;
    for (const c of done.made) count(counts, c);
    counts.duplicates += done.lost;
    progress.advance(read);
    read = 0;
    batch = [];
  };
  for await (const item of statement.items()) {
    read++;
    if (item.kind === 'incoming') {
      batch.push(item.row);
      if (batch.length >= WRITE_BATCH) await write();
    } else if (item.kind !== 'error') counts[item.kind]++;
  }
  if (batch.length > 0) await write();
  progress.advance(read);
  const result = { created, ...counts, skipped };
  await money.db.transaction(async (tx) => {
    // a mapping chosen for a header row is remembered for the next file with it
    if (layout.mappingSource === 'given' && layout.hasHeader && layout.mapping) {
      await rememberMapping(tx, layout.fingerprint, layout.columns, layout.mapping, userId);
    }
    const changes = { ...(fileName ? { fileName } : {}), bank: layout.bank, ...result };
    await recordChange(tx, { action: 'import', entity: 'bankrows', entityId: null, changes });
  });
  return result;
}
