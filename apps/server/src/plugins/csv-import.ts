import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ImportPreview, ImportProblem, ImportResult } from '@school/contract/imports';
import type { Db, Tx } from '../db/client.js';
import { HttpError } from './errors.js';
import type { Progress } from './import-jobs.js';

/** A row of a lookup: found in a file by its name, its login (users) or its id. */
export type Named = { id: number; name: string; login?: string };
/** The lookups of a file, by the CSV column that names them. */
export type Lookups = Record<string, Named[]>;

/** A checked row of a file: its line, its fields as the contract parsed them, its empty cells. */
export interface ParsedRow<F> {
  line: number;
  fields: F;
  /** the fields whose cell held a value: an update sets only those (empty or absent: kept) */
  given: string[];
}

/**
 * What a list's CSV import needs to know (clients, students): one engine reads, checks,
 * matches, previews and writes every list's files the same way.
 */
export interface CsvImportSpec<F extends object> {
  /** the headers the import understands ('id' is read by the export only) */
  columns: readonly string[];
  /** what a row is, in English messages ('client') */
  noun: string;
  /** the column every file must have (the record's required name) */
  required: string;
  /** the contract field a column fills where the names differ (responsible -> responsibleId) */
  fieldOf?: Readonly<Record<string, string>>;
  /** the columns holding yes/no values (1/0, true/false, yes/no, tak/nie, так/ні) */
  flags?: readonly string[];
  /** the lookups of the file, keyed by the columns that name them */
  loadLookups: (db: Db) => Promise<Lookups>;
  /** the contract's create schema: a row must pass it */
  schema: z.ZodType<F>;
  /** per row, the id of the existing record it updates, or null: it creates one */
  match: (db: Db, rows: F[]) => Promise<(number | null)[]>;
  /** the columns of the preview's sample rows, and their values for a row */
  sample: { columns: readonly string[]; values: (fields: F) => Record<string, string> };
  /** writes one batch: rows to create, and rows to update with the fields the file gave */
  write: (
    tx: Tx,
    batch: { create: F[]; update: { id: number; fields: Partial<F> }[] },
    userId: number,
  ) => Promise<void>;
}

/** Rows read, checked or written between two turns of the event loop for other requests. */
const YIELD_EVERY = 1000;
/** The file is fed to the parser in slices of this many characters. */
const SLICE = 64 * 1024;
/**
 * Rows checked, matched and written together (one INSERT of up to this many rows: far below
 * PostgreSQL's 65 535 parameters). Only one batch of parsed rows is held at a time.
 */
export const IMPORT_BATCH_ROWS = 1000;
/** How many rows a preview shows. */
const SAMPLE_ROWS = 50;

type RowError = ImportPreview['errors'][number];
type SampleRow = ImportPreview['sample'][number];

/** What the check decided for a row: skip it (an error), create a record, or update record N. */
const SKIP = -1;
const CREATE = 0;

/** One decision per row of the file, 4 bytes each (a record id, CREATE or SKIP). */
class RowPlan {
  private items = new Int32Array(1024);
  length = 0;

  push(action: number) {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = action;
  }

  set(index: number, action: number) {
    this.items[index] = action;
  }

  get(index: number) {
    return this.items[index] ?? SKIP;
  }
}

function* slices(csv: string) {
  for (let i = 0; i < csv.length; i += SLICE) yield csv.slice(i, i + SLICE);
}

/**
 * The file's records, one at a time: parsed as a stream, with a turn of the event loop every
 * YIELD_EVERY records, so other requests are answered while a large file is read.
 */
async function* readCsv(csv: string): AsyncGenerator<Record<string, string>> {
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

/** A lookup cell: empty is none, else an id, a name or a login (any case). */
function resolveLookup(items: Named[], value: string): number | null | 'unknown' {
  if (value === '') return null;
  if (/^\d+$/.test(value) && items.some((i) => i.id === Number(value))) return Number(value);
  const lower = value.toLowerCase();
  const found = items.find(
    (i) => i.name.toLowerCase() === lower || i.login?.toLowerCase() === lower,
  );
  return found ? found.id : 'unknown';
}

const YES = new Set(['1', 'true', 'yes', 'y', 'tak', 'так']);
const NO = new Set(['0', 'false', 'no', 'n', 'nie', 'ні']);

/** A yes/no cell: true, false, or the text itself (the schema refuses it as not a flag). */
function flagOf(value: string): boolean | string {
  const lower = value.toLowerCase();
  if (YES.has(lower)) return true;
  if (NO.has(lower)) return false;
  return value;
}

/** A refused cell as data the web app translates (contract IMPORT_PROBLEM_CODES). */
function problemOf(issue: z.core.$ZodIssue, columnOf: (field: string) => string): ImportProblem {
  const field = columnOf(String(issue.path[0] ?? 'row'));
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? { field, code: 'required', params: {} }
        : { field, code: 'tooSmall', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return {
        field,
        code: issue.origin === 'string' ? 'tooLong' : 'tooBig',
        params: { max: Number(issue.maximum) },
      };
    case 'invalid_type':
      if (issue.expected === 'int') return { field, code: 'notWholeNumber', params: {} };
      return { field, code: issue.expected === 'number' ? 'notNumber' : 'invalid', params: {} };
    case 'invalid_format':
    case 'invalid_union':
    case 'not_multiple_of':
      return { field, code: 'format', params: {} };
    default:
      return { field, code: 'invalid', params: {} };
  }
}

const rowError = (
  line: number,
  fields: Record<string, string>,
  problems: ImportProblem[],
): RowError => ({
  line,
  message: Object.entries(fields)
    .map(([k, v]) => (k === 'row' ? v : `${k} ${v}`))
    .join('; '),
  fields,
  problems,
});

/** The engine of one list's import, from its description. */
export function csvImporter<F extends object>(spec: CsvImportSpec<F>) {
  const fieldOf = (column: string) => spec.fieldOf?.[column] ?? column;
  const columnOf = (field: string) =>
    Object.entries(spec.fieldOf ?? {}).find(([, f]) => f === field)?.[0] ?? field;
  const known = new Set(spec.columns.filter((c) => c !== 'id'));
  const flags = new Set(spec.flags ?? []);

  /** Checks one record of the file against the contract; lookup names become ids. */
  function checkRow(
    record: Record<string, string>,
    line: number,
    lookups: Lookups,
  ): ParsedRow<F> | RowError {
    const fieldErrors: Record<string, string> = {};
    const problems: ImportProblem[] = [];
    const input: Record<string, unknown> = {};
    const given: string[] = [];
    for (const [column, raw] of Object.entries(record)) {
      if (!known.has(column)) continue;
      // the export's leading ' keeps a formula-like cell text in spreadsheets
      const value = raw.replace(/^'(?=[=+\-@])/, '');
      const field = fieldOf(column);
      const items = lookups[column];
      if (value !== '') given.push(field);
      if (items) {
        const id = resolveLookup(items, value);
        if (id === 'unknown') {
          fieldErrors[column] = `no such ${column}: ${value}`;
          problems.push({ field: column, code: 'unknown', params: { value } });
        } else input[field] = id;
      } else if (flags.has(column)) {
        if (value !== '') input[field] = flagOf(value);
      } else {
        input[field] = value;
      }
    }
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const problem = problemOf(issue, columnOf);
        if (problem.field in fieldErrors) continue;
        fieldErrors[problem.field] = issue.message;
        problems.push(problem);
      }
    }
    if (!parsed.success || problems.length > 0) return rowError(line, fieldErrors, problems);
    return { line, fields: parsed.data, given };
  }

  /**
   * Reads and checks every row, a batch at a time, holding only that batch: each row's
   * decision (skip, create, or the id of the record it updates) goes into a compact plan, and
   * only the errors, the records claimed so far (two rows matching one record are an error)
   * and the preview's sample are kept. Every match is made before anything is written, so rows
   * created by the import never match later rows. Nothing is written here.
   */
  async function analyse(db: Db, csv: string, batchRows: number) {
    const lookups = await spec.loadLookups(db);
    const plan = new RowPlan();
    const errors: RowError[] = [];
    const claimed = new Map<number, number>(); // record id -> the line that updates it
    const sample: SampleRow[] = [];
    let create = 0;
    let update = 0;
    let batch: ParsedRow<F>[] = [];
    const settle = async () => {
      const matched = await spec.match(
        db,
        batch.map((row) => row.fields),
      );
      batch.forEach((row, i) => {
        const matchedId = matched[i] ?? null;
        const earlier = matchedId === null ? undefined : claimed.get(matchedId);
        if (earlier !== undefined) {
          const message = `matches the same ${spec.noun} as line ${earlier}`;
          errors.push(
            rowError(row.line, { row: message }, [
              { field: 'row', code: 'sameRecord', params: { line: earlier } },
            ]),
          );
          plan.set(row.line - 2, SKIP);
          return;
        }
        if (matchedId === null) create++;
        else {
          claimed.set(matchedId, row.line);
          update++;
        }
        plan.set(row.line - 2, matchedId ?? CREATE);
        if (sample.length < SAMPLE_ROWS) {
          sample.push({
            line: row.line,
            action: matchedId === null ? 'create' : 'update',
            matchedId,
            values: spec.sample.values(row.fields),
          });
        }
      });
      batch = [];
    };
    for await (const record of readCsv(csv)) {
      if (plan.length === 0 && !Object.keys(record).includes(spec.required)) {
        throw new HttpError(400, 'validation', `The file has no ${spec.required} column`, {
          csv: `has no ${spec.required} column`,
        });
      }
      const checked = checkRow(record, plan.length + 2, lookups); // the header is line 1
      if ('problems' in checked) {
        errors.push(checked);
        plan.push(SKIP);
      } else {
        plan.push(CREATE);
        batch.push(checked);
        if (batch.length >= batchRows) await settle();
      }
    }
    if (plan.length === 0)
      throw new HttpError(400, 'validation', 'The file has no rows', { csv: 'has no rows' });
    if (batch.length > 0) await settle();
    errors.sort((a, b) => a.line - b.line);
    return { plan, errors, rows: plan.length, create, update, sample, lookups };
  }

  /** What an import of the file would do; writes nothing. */
  async function preview(
    db: Db,
    csv: string,
    { batchRows = IMPORT_BATCH_ROWS }: ImportOptions = {},
  ): Promise<ImportPreview> {
    const { create, update, errors, sample } = await analyse(db, csv, batchRows);
    return { create, update, errors, columns: [...spec.sample.columns], sample };
  }

  /**
   * Creates and updates in one transaction: all of it lands, or (on any failure) none of it.
   * The file is read twice, holding one batch of rows at a time: first checked and matched
   * (analyse), then read again and written batch by batch with a turn of the event loop
   * between them.
   */
  async function run(
    db: Db,
    csv: string,
    skipErrors: boolean,
    userId: number,
    progress: Progress,
    { batchRows = IMPORT_BATCH_ROWS }: ImportOptions = {},
  ): Promise<ImportResult> {
    const { plan, errors, rows, create, update, lookups } = await analyse(db, csv, batchRows);
    progress.total(rows);
    if (errors.length > 0 && !skipErrors) {
      throw new HttpError(
        400,
        'validation',
        `${errors.length} rows have errors; nothing was imported`,
        { csv: `${errors.length} rows have errors` },
      );
    }
    progress.advance(errors.length);
    await db.transaction(async (tx) => {
      let toCreate: F[] = [];
      let toUpdate: { id: number; fields: Partial<F> }[] = [];
      const write = async () => {
        await spec.write(tx, { create: toCreate, update: toUpdate }, userId);
        progress.advance(toCreate.length + toUpdate.length);
        toCreate = [];
        toUpdate = [];
        await turn();
      };
      let index = 0;
      for await (const record of readCsv(csv)) {
        const action = plan.get(index++);
        if (action === SKIP) continue;
        const row = checkRow(record, index + 1, lookups);
        // the same text and lookups check the same way twice
        if ('problems' in row) throw new Error(`line ${row.line} changed between two readings`);
        if (action === CREATE) toCreate.push(row.fields);
        else {
          const all = row.fields as Record<string, unknown>;
          const fields = Object.fromEntries(row.given.map((key) => [key, all[key]]));
          toUpdate.push({ id: action, fields: fields as Partial<F> });
        }
        if (toCreate.length + toUpdate.length >= batchRows) await write();
      }
      if (toCreate.length + toUpdate.length > 0) await write();
    });
    return { created: create, updated: update, skipped: errors.length };
  }

  return { preview, run };
}

export interface ImportOptions {
  /** rows per batch (IMPORT_BATCH_ROWS) */
  batchRows?: number;
}

export type CsvImporter = ReturnType<typeof csvImporter>;

/**
 * Updates many rows of `table` in one statement, each with its own columns (a column left
 * undefined keeps its value): the rows go as one jsonb parameter, read with
 * jsonb_array_elements.
 */
export async function updateMany<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  rows: { id: number; columns: Partial<T['$inferSelect']> }[],
) {
  if (rows.length === 0) return;
  const columns = table as unknown as Record<string, PgColumn>;
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.columns)))].filter((name) =>
    rows.some((r) => (r.columns as Record<string, unknown>)[name] !== undefined),
  );
  if (names.length === 0) return;
  const sets = names.map((name) => {
    const column = columns[name];
    if (!column) throw new Error(`no column ${name}`);
    const value = sql.raw(`(r.j->>'${name}')::${column.getSQLType()}`);
    return sql`${sql.identifier(column.name)} = case when r.j ? ${name} then ${value} else c.${sql.identifier(column.name)} end`;
  });
  const json = rows.map(({ id, columns }) => ({ ...columns, id }));
  await tx.execute(sql`update ${table} as c set ${sql.join(sets, sql`, `)}
    from jsonb_array_elements(${sql.param(JSON.stringify(json))}::jsonb) as r(j)
    where c.id = (r.j->>'id')::int`);
}

/** Spreadsheets run cells that start with = + - @ as formulas; a leading ' keeps them text. */
export const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

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
