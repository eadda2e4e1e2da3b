import { Readable } from 'node:stream';
import type { Named } from './csv-check.js';

/**
 * Spreadsheets run cells that start with = + - @ as formulas; a leading ' keeps them text. A
 * plain negative number (a balance of -20.00) is no formula and stays a number.
 */
export const safeCell = (v: string) =>
  /^[=+\-@\t\r]/.test(v) && !/^-\d+(\.\d+)?$/.test(v) ? `'${v}` : v;

/** A lookup's name by id, for the export ('' for none; the id itself when it is gone). */
export const nameOf = (items: Named[], id: number | null) =>
  id === null ? '' : (items.find((i) => i.id === id)?.name ?? String(id));

/**
 * A CSV file streamed a page of rows at a time: the header, then each page's records. The
 * first page is read by the caller before it answers, so a failing database is still an error
 * status rather than a cut-off file.
 */
export async function csvStream<R>(
  columns: readonly string[],
  pages: AsyncIterable<R[]>,
  recordOf: (row: R) => string[],
): Promise<Readable> {
  const { stringify } = await import('csv-stringify/sync');
  const header = [...columns];
  async function* chunks() {
    yield stringify([], { header: true, columns: header, bom: true });
    for await (const page of pages) {
      yield stringify(
        page.map((row) => recordOf(row).map(safeCell)),
        { columns: header },
      );
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
