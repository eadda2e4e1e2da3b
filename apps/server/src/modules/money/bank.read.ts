// A bank statement read as it arrives (docs/money.md, Bank statements; ADR 045): its encoding
// told from its bytes, its table found in its first lines, then its rows parsed one at a time
// (csv-parse), each a transfer in, out, not booked yet, or refused. Only the rows of one batch
// and a count per distinct transfer (for the duplicate key) are held, never the file.
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { TextDecoder } from 'node:util';
import type { BankMapping } from '@school/contract/bank-import';
import { MAX_AMOUNT } from '@school/contract/money';
import { rowError, type RowError } from '../../plugins/csv-check.js';
import { openCsv, readFailure, type CsvSource } from '../../plugins/csv-parse.js';
import { HttpError } from '../../plugins/errors.js';
import { dedupKeyOf, describe, parseAmount, parseDate, plainCell } from './bank.formats.js';
import { columnIndexes, findLayout, type Layout, type LayoutChoice } from './bank.layout.js';

export type Encoding = 'utf-8' | 'windows-1250';

/** The first characters read to find the table (mBank's preamble is about 2 kB). */
const SNIFF_CHARS = 64 * 1024;
/** Rows read between two turns of the event loop for other requests. */
const YIELD_EVERY = 1000;
/** The longest title kept (a transfer's title is 140 characters at most in Poland). */
const TITLE_MAX = 1000;

/** An incoming transfer of a statement. */
export interface StatementRow {
  line: number;
  bookedOn: string;
  /** whole grosze, above 0 */
  amount: number;
  title: string;
  counterparty: string;
  account: string;
  transactionId: string;
  /** what it is imported once by (ADR 045, Duplicates) */
  key: string;
}

export type StatementItem =
  | { kind: 'incoming'; row: StatementRow }
  | { kind: 'outgoing' | 'pending'; line: number }
  | { kind: 'error'; error: RowError };

const utf8Fits = (bytes: Uint8Array) => {
  try {
    // stream: a sequence cut at the end of the bytes is not an error
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
};

function decoderOf(encoding: Encoding): TextDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    // a Node.js built without full ICU knows UTF-8 only
    throw new HttpError(
      400,
      'validation',
      'This server cannot read windows-1250; save the file as UTF-8 and import it again',
      { csv: 'is not UTF-8' },
    );
  }
}

/**
 * The file's bytes as text (ADR 045, Encodings): UTF-8 after a BOM, else UTF-8 when the first
 * bytes beyond ASCII are valid UTF-8, else windows-1250 (Polish banks' exports). Told once, from
 * the first chunk holding such bytes: a Polish letter in windows-1250 is never a valid UTF-8
 * sequence with the bytes after it. `found` hears the encoding.
 */
export async function* decodeText(
  input: AsyncIterable<Buffer | string>,
  found: (encoding: Encoding) => void,
): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  let held: Buffer = Buffer.alloc(0);
  let first = true;
  const decide = (encoding: Encoding) => {
    found(encoding);
    return decoderOf(encoding);
  };
  for await (const chunk of input) {
    if (typeof chunk === 'string') {
      // a JSON body's text: decoded already
      decoder ??= decide('utf-8');
      yield chunk;
      continue;
    }
    if (decoder) {
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield text;
      continue;
    }
    const bytes = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
    held = Buffer.alloc(0);
    if (first) {
      if (bytes.length < 4) {
        held = bytes;
        continue;
      }
      first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        decoder = decide('utf-8');
        yield decoder.decode(bytes.subarray(3), { stream: true });
        continue;
      }
      if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
        throw new HttpError(
          400,
          'validation',
          'The file is UTF-16; save it as UTF-8 or windows-1250',
          {
            csv: 'is UTF-16',
          },
        );
      }
    }
    const beyond = bytes.findIndex((b) => b >= 0x80);
    if (beyond < 0) {
      yield bytes.toString('latin1'); // ASCII reads the same in both
      continue;
    }
    if (bytes.length - beyond < 4) {
      // not enough bytes yet to tell the first sequence
      held = bytes;
      continue;
    }
    const encoding = utf8Fits(bytes.subarray(beyond)) ? 'utf-8' : 'windows-1250';
    decoder = decide(encoding);
    yield decoder.decode(bytes, { stream: true });
  }
  if (!decoder) {
    const beyond = held.findIndex((b) => b >= 0x80);
    if (beyond < 0) {
      found('utf-8');
      if (held.length > 0) yield held.toString('latin1');
      return;
    }
    decoder = decide(utf8Fits(held.subarray(beyond)) ? 'utf-8' : 'windows-1250');
    yield decoder.decode(held, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** The offsets at which each line of `text` starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  const breaks = /\r\n|\n|\r/g;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) starts.push(m.index + m[0].length);
  return starts;
}

/** A statement opened: its layout and encoding, and its rows (read once). */
export interface Statement {
  layout: Layout;
  encoding: Encoding;
  items: () => AsyncGenerator<StatementItem>;
}

/**
 * Opens a statement (a JSON body's text, or an upload or spooled file as bytes): reads its first
 * 64 kB to find its table and mapping (findLayout), then hands its rows over one by one. A file
 * read without a mapping has no rows to hand (its preview asks for one).
 */
export async function openStatement(source: CsvSource, choice: LayoutChoice): Promise<Statement> {
  const input = openCsv(source);
  let encoding: Encoding = 'utf-8';
  const text = decodeText(input as AsyncIterable<Buffer | string>, (e) => {
    encoding = e;
  });
  const close = () => {
    input.destroy();
    void text.return(undefined);
  };
  let sniff = '';
  let ended = false;
  try {
    while (sniff.length < SNIFF_CHARS) {
      const next = await text.next();
      if (next.done) {
        ended = true;
        break;
      }
      sniff += next.value;
    }
  } catch (err) {
    close();
    throw err;
  }
  if (ended && sniff.trim() === '') {
    close();
    throw new HttpError(400, 'validation', 'The file is empty', { csv: 'the file is empty' });
  }
  const starts = lineStarts(sniff);
  // the last line may go on past what was read
  const whole = ended ? starts.length : Math.max(1, starts.length - 1);
  const lines = starts
    .slice(0, whole)
    .map((from, i) => sniff.slice(from, starts[i + 1] ?? sniff.length).replace(/[\r\n]+$/, ''));
  let layout: Layout;
  try {
    layout = findLayout(lines, choice);
  } catch (err) {
    close();
    throw err;
  }
  const mapping = layout.mapping;
  if (!mapping) close();
  return {
    layout,
    encoding,
    items: mapping
      ? () => rowsOf(sniff.slice(starts[layout.start] ?? 0), text, layout, mapping, input)
      : async function* () {},
  };
}

async function* rowsOf(
  head: string,
  text: AsyncGenerator<string>,
  layout: Layout,
  mapping: BankMapping,
  input: Readable,
): AsyncGenerator<StatementItem> {
  // the CSV library loads when a statement is first read, not at start-up
  const { parse } = await import('csv-parse');
  const parser = parse({
    delimiter: layout.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (;;) {
        const next = await text.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  rest.on('error', (err) => parser.destroy(err));
  rest.pipe(parser);
  const read = rowReader(layout, mapping);
  let skipHeader = layout.hasHeader;
  let n = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (skipHeader) {
        skipHeader = false;
        continue;
      }
      const item = read(record, layout.start + info.lines);
      if (item) yield item;
      if (++n % YIELD_EVERY === 0) await turn();
    }
  } catch (err) {
    throw readFailure(err, input);
  } finally {
    rest.unpipe(parser);
    rest.destroy();
    parser.destroy();
    input.destroy();
  }
}

/** The largest incoming transfer taken, in grosze (a payment's limit, docs/money.md). */
const MAX_GROSZE = MAX_AMOUNT * 100;

/**
 * What each record of the table is: a transfer in (with its duplicate key), out, not booked
 * yet (no booking date), refused, or no transfer at all (a summary or closing line: neither a
 * date nor an amount where the mapping says, or an amount with no date anywhere).
 */
function rowReader(layout: Layout, mapping: BankMapping) {
  const { indexes } = columnIndexes(mapping, layout.columns);
  const titleAt = indexes.title ?? 0;
  const seen = new Map<string, number>();
  const occurrence = (hash: string) => {
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return n;
  };
  return (cells: string[], line: number): StatementItem | null => {
    const cell = (at: number | undefined) => (at === undefined ? '' : (cells[at] ?? '').trim());
    if (cells.every((c) => c.trim() === '') || cell(0).startsWith('#')) return null;
    const dateText = cell(indexes.date);
    const amountText = cell(indexes.amount);
    const amount = parseAmount(amountText);
    const date = parseDate(dateText);
    if (amount === null && date === null) return null;
    if (amount === null) {
      return refused(line, 'amount', `is not an amount: "${amountText}"`, 'notNumber');
    }
    if (amount <= 0) return { kind: 'outgoing', line };
    // not booked yet: a date of its own elsewhere (ING's transaction date), no booking date;
    // without any date it is a closing line (ING's "Saldo końcowe")
    if (dateText === '')
      return cells.some((c) => parseDate(c) !== null) ? { kind: 'pending', line } : null;
    if (date === null) return refused(line, 'date', `is not a date: "${dateText}"`, 'format');
    if (amount > MAX_GROSZE) return refused(line, 'amount', 'is over 1000000.00', 'tooBig');
    // PKO BP's details run on in columns the header leaves unnamed
    const spill: string[] = [];
    for (let at = titleAt + 1; at < cells.length; at++) {
      if (at < layout.columns.length && layout.columns[at] !== '') break;
      spill.push(cells[at] ?? '');
    }
    const details = describe([cell(titleAt), ...spill]);
    const row = {
      line,
      bookedOn: date,
      amount,
      title: details.title.slice(0, TITLE_MAX),
      counterparty: (indexes.counterparty === undefined
        ? details.counterparty
        : cell(indexes.counterparty)
      ).slice(0, 500),
      account: plainCell(indexes.account === undefined ? details.account : cell(indexes.account)),
      transactionId: plainCell(cell(indexes.transactionId)).slice(0, 200),
    };
    return { kind: 'incoming', row: { ...row, key: dedupKeyOf(row, occurrence) } };
  };
}

function refused(
  line: number,
  field: 'amount' | 'date',
  message: string,
  code: 'notNumber' | 'format' | 'tooBig',
): StatementItem {
  const params: Record<string, number> = code === 'tooBig' ? { max: MAX_AMOUNT } : {};
  return { kind: 'error', error: rowError(line, { [field]: message }, [{ field, code, params }]) };
}
