import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { HttpError } from './errors.js';

/** Rows read, checked or written between two turns of the event loop for other requests. */
const YIELD_EVERY = 1000;
/** The file is fed to the parser in slices of this many characters. */
const SLICE = 64 * 1024;

function* slices(csv: string) {
  for (let i = 0; i < csv.length; i += SLICE) yield csv.slice(i, i + SLICE);
}

/**
 * An imported file: its text (a JSON request's `csv`), or a function that opens its bytes as a
 * stream (an upload as it arrives, or the temporary file it was spooled to), UTF-8. Opened
 * once for each reading.
 */
export type CsvSource = string | (() => Readable);

/** The file's bytes or text as a stream, read by the parser as it arrives. */
export const openCsv = (source: CsvSource): Readable =>
  typeof source === 'string' ? Readable.from(slices(source)) : source();

/**
 * What a reading of `input` that failed with `err` answers: its own HttpError, the upload's
 * failure (cut off, over its size), else 400: the file is not valid CSV.
 */
export function readFailure(err: unknown, input: Readable): unknown {
  if (err instanceof HttpError) return err;
  if (input.errored) return input.errored;
  return new HttpError(400, 'validation', `The file is not valid CSV: ${(err as Error).message}`, {
    csv: 'is not valid CSV',
  });
}

/**
 * The file's records, one at a time: parsed as a stream, with a turn of the event loop every
 * YIELD_EVERY records, so other requests are answered while a large file is read.
 */
export async function* readCsv(source: CsvSource): AsyncGenerator<Record<string, string>> {
  // the CSV libraries load when a file is first imported, not at start-up
  const { parse } = await import('csv-parse');
  const parser = parse({
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: false,
  });
  const input = openCsv(source);
  // a stream that fails (an upload cut off, over its size) fails the parse with its error
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let n = 0;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      yield record;
      if (++n % YIELD_EVERY === 0) await turn();
    }
  } catch (err) {
    throw readFailure(err, input);
  } finally {
    // a reading that stops early closes its file (an upload is read through a stream of its own)
    input.unpipe(parser);
    input.destroy();
    parser.destroy();
  }
}
