import { setImmediate as turn } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import type { ImportPreview, ImportResult } from '@school/contract/imports';
import type { Db, Tx } from '../db/client.js';
import {
  currentActor,
  recordChange,
  recordChanges,
  rowChanges,
  type Actor,
} from '../db/history.js';
import type { ResourceTable } from '../db/resource.js';
import {
  rowChecker,
  rowError,
  type Lookups,
  type ParsedRow,
  type RowError,
  type RowRules,
} from './csv-check.js';
import { readCsv, type CsvSource } from './csv-parse.js';
import { HttpError } from './errors.js';
import type { Progress } from './import-jobs.js';
import { pluralForm } from './plural.js';

/**
 * What a list's CSV import needs to know (clients, students): one engine reads, checks,
 * matches, previews and writes every list's files the same way.
 */
export interface CsvImportSpec<F extends object> extends RowRules<F> {
  /** what a row is, in English messages ('client') */
  noun: string;
  /** the column every file must have (the record's required name) */
  required: string;
  /** the lookups of the file, keyed by the columns that name them */
  loadLookups: (db: Db) => Promise<Lookups>;
  /** per row, the id of the existing record it updates, or null: it creates one */
  match: (db: Db, rows: F[]) => Promise<(number | null)[]>;
  /** the columns of the preview's sample rows, and their values for a row */
  sample: { columns: readonly string[]; values: (fields: F) => Record<string, string> };
  /**
   * Writes one batch: rows to create, and rows to update with the fields the file gave;
   * answers the rows it created, as stored (their history entries).
   */
  write: (
    tx: Tx,
    batch: { create: F[]; update: { id: number; fields: Partial<F> }[] },
    userId: number,
  ) => Promise<{ id: number }[]>;
  /** the records' entity (as in the API path) and table, for the history (docs/history.md) */
  history: { entity: 'clients' | 'students'; table: ResourceTable };
}

/**
 * Rows checked, matched and written together (one INSERT of up to this many rows: far below
 * PostgreSQL's 65 535 parameters). Only one batch of parsed rows is held at a time.
 */
export const IMPORT_BATCH_ROWS = 250;
/** How many rows a preview shows. */
const SAMPLE_ROWS = 50;
/** "1 row has errors", "2 rows have errors": the refusal speaks English, like the API. */
const ROWS_HAVE = { one: 'row has', other: 'rows have' };

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

/** The engine of one list's import, from its description. */
export function csvImporter<F extends object>(spec: CsvImportSpec<F>) {
  const checkRow = rowChecker(spec);

  /**
   * Reads and checks every row, a batch at a time, holding only that batch: each row's
   * decision (skip, create, or the id of the record it updates) goes into a compact plan, and
   * only the errors, the records claimed so far (two rows matching one record are an error)
   * and the preview's sample are kept. Every match is made before anything is written, so rows
   * created by the import never match later rows. Nothing is written here.
   */
  async function analyse(db: Db, csv: CsvSource, batchRows: number, signal?: AbortSignal) {
    const lookups = await spec.loadLookups(db);
    const plan = new RowPlan();
    const errors: RowError[] = [];
    const claimed = new Map<number, number>(); // record id -> the line that updates it
    const sample: SampleRow[] = [];
    let create = 0;
    let update = 0;
    let batch: ParsedRow<F>[] = [];
    const settle = async () => {
      signal?.throwIfAborted();
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
    csv: CsvSource,
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
    csv: CsvSource,
    skipErrors: boolean,
    userId: number,
    progress: Progress,
    { batchRows = IMPORT_BATCH_ROWS, fileName, actor = currentActor() }: ImportOptions = {},
  ): Promise<ImportResult> {
    const { entity, table } = spec.history;
    // the rows of a batch's updated records as stored, before and after its write
    const rowsOf = async (tx: Tx, ids: number[]) =>
      ids.length === 0
        ? []
        : ((await tx.select().from(table).where(inArray(table.id, ids))) as { id: number }[]);
    const { signal } = progress;
    const { plan, errors, rows, create, update, lookups } = await analyse(
      db,
      csv,
      batchRows,
      signal,
    );
    progress.total(rows);
    if (errors.length > 0 && !skipErrors) {
      const haveErrors = `${errors.length} ${pluralForm('en', errors.length, ROWS_HAVE)} errors`;
      throw new HttpError(400, 'validation', `${haveErrors}; nothing was imported`, {
        csv: haveErrors,
      });
    }
    progress.advance(errors.length);
    await db.transaction(async (tx) => {
      let toCreate: F[] = [];
      let toUpdate: { id: number; fields: Partial<F> }[] = [];
      const write = async () => {
        signal?.throwIfAborted(); // the server is stopping: roll back
        // every record created or changed leaves its entry, one INSERT per batch (ADR 027)
        const ids = toUpdate.map((u) => u.id);
        const before = await rowsOf(tx, ids);
        const created = await spec.write(tx, { create: toCreate, update: toUpdate }, userId);
        const changes = rowChanges(entity, before, await rowsOf(tx, ids));
        await recordChanges(tx, [...rowChanges(entity, [], created), ...changes], actor);
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
      const totals = { created: create, updated: update, skipped: errors.length };
      const changes = { ...(fileName ? { fileName } : {}), ...totals };
      await recordChange(tx, { action: 'import', entity, entityId: null, changes }, actor);
    });
    return { created: create, updated: update, skipped: errors.length };
  }

  return { preview, run };
}

export interface ImportOptions {
  /** rows per batch (IMPORT_BATCH_ROWS) */
  batchRows?: number;
  /** the imported file's name, for the import's history entry */
  fileName?: string | undefined;
  /**
   * Who imports: a job outlives its request, so the route names the actor rather than leave
   * it to the request's context (ADR 027)
   */
  actor?: Actor | undefined;
}

export type CsvImporter = ReturnType<typeof csvImporter>;
