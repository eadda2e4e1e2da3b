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
 * The file's records, one at a time: parsed as a stream, with a turn of the event loop every
 * YIELD_EVERY records, so other requests are answered while a large file is read.
 */
export async function* readCsv(csv: string): AsyncGenerator<Record<string, string>> {
  // the CSV libraries load when a file is first imported, not at start-up
  const { parse } = await import('csv-parse');
  const parser = parse({
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: false,
  });
  Readable.from(slices(csv)).pipe(parser);
  let n = 0;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      yield record;
      if (++n % YIELD_EVERY === 0) await turn();
    }
  } catch (err) {
    throw new HttpError(400, 'validation', `The file is not valid CSV: ${(err as Error).message}`, {
      csv: 'is not valid CSV',
    });
  } finally {
    parser.destroy();
  }
}
