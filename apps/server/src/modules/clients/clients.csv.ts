import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CLIENT_CSV_COLUMNS,
  clientCreate,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from '@school/contract/clients';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema/clients.js';
import { categories, languages, products, sources, stages } from '../../db/schema/lookups.js';
import { projects, users } from '../../db/schema/users.js';
import { HttpError } from '../../plugins/errors.js';
import type { Progress } from './clients.import-jobs.js';
import {
  changeStages,
  columnsBesideStage,
  filtersOf,
  newHashCode,
  columnsOf,
  type Tx,
  type ClientFields,
  type ClientFilters,
} from './clients.queries.js';

type Named = { id: number; name: string };

/** Lookups by id, for names in the export and for names in an imported file. */
async function loadLookups(db: Db) {
  const [stageRows, productRows, sourceRows, categoryRows, languageRows, projectRows, userRows] =
    await Promise.all([
      db.select({ id: stages.id, name: stages.name }).from(stages),
      db.select({ id: products.id, name: products.name }).from(products),
      db.select({ id: sources.id, name: sources.name }).from(sources),
      db.select({ id: categories.id, name: categories.name }).from(categories),
      db.select({ id: languages.id, name: languages.name }).from(languages),
      db.select({ id: projects.id, name: projects.name }).from(projects),
      db
        .select({
          id: users.id,
          name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
          login: users.login,
        })
        .from(users),
    ]);
  return {
    stage: stageRows,
    product: productRows,
    source: sourceRows,
    category: categoryRows,
    language: languageRows,
    project: projectRows,
    responsible: userRows as (Named & { login?: string })[],
  };
}
type Lookups = Awaited<ReturnType<typeof loadLookups>>;
type LookupField = keyof Lookups;
const LOOKUP_FIELDS: LookupField[] = [
  'stage',
  'product',
  'source',
  'category',
  'language',
  'project',
  'responsible',
];

const nameOf = (items: Named[], id: number | null) =>
  id === null ? '' : (items.find((i) => i.id === id)?.name ?? String(id));

/** Spreadsheets run cells that start with = + - @ as formulas; a leading ' keeps them text. */
const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** Clients per query of the export: it never holds more than one page of rows. */
const EXPORT_PAGE_ROWS = 1000;

type ClientRow = typeof clients.$inferSelect;

/** The clients as filtered, ordered by last name and id, a page at a time (keyset paging). */
async function* clientPages(db: Db, filters: ClientFilters, first: ClientRow[]) {
  let page = first;
  for (;;) {
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_ROWS) return;
    page = await exportPage(db, filters, last);
  }
}

const exportPage = (db: Db, filters: ClientFilters, after?: ClientRow) =>
  db
    .select()
    .from(clients)
    .where(
      and(
        filtersOf(filters),
        after && sql`(${clients.lastName}, ${clients.id}) > (${after.lastName}, ${after.id})`,
      ),
    )
    .orderBy(clients.lastName, clients.id)
    .limit(EXPORT_PAGE_ROWS);

/**
 * The client table as filtered, as CSV with lookup names (round-trips through the import),
 * streamed a page of rows at a time. The lookups and the first page are read before it
 * answers, so a failing database is still an error status rather than a cut-off file.
 */
export async function exportClientsCsv(db: Db, filters: ClientFilters): Promise<Readable> {
  const [lookups, first] = await Promise.all([loadLookups(db), exportPage(db, filters)]);
  // the CSV libraries load when a file is first exported or imported, not at start-up
  const { stringify } = await import('csv-stringify/sync');
  const recordOf = (c: ClientRow) =>
    [
      String(c.id),
      c.firstName,
      c.lastName,
      c.email,
      c.tel,
      c.price ?? '',
      c.probability === null ? '' : String(c.probability),
      c.dLastContact ?? '',
      nameOf(lookups.stage, c.stageId),
      nameOf(lookups.product, c.productId),
      nameOf(lookups.source, c.sourceId),
      nameOf(lookups.category, c.categoryId),
      nameOf(lookups.language, c.languageId),
      nameOf(lookups.project, c.projectId),
      nameOf(lookups.responsible, c.responsibleId),
      c.dateBirth ?? '',
      c.position,
      c.address,
      c.age === null ? '' : String(c.age),
      c.facebook,
      c.telegramUsername,
      c.timezone,
    ].map(safeCell);
  const columns = [...CLIENT_CSV_COLUMNS];
  async function* chunks() {
    yield stringify([], { header: true, columns, bom: true });
    for await (const page of clientPages(db, filters, first)) {
      yield stringify(page.map(recordOf), { columns });
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

const digits = (tel: string) => tel.replace(/\D/g, '');

/** Rows read, checked or written between two turns of the event loop for other requests. */
const YIELD_EVERY = 1000;
/** The file is fed to the parser in slices of this many characters. */
const SLICE = 64 * 1024;
/**
 * Rows checked, matched and written together (one INSERT of up to this many rows, 22 columns:
 * far below PostgreSQL's 65 535 parameters). Only one batch of parsed rows is held at a time.
 */
export const IMPORT_BATCH_ROWS = 1000;
/** How many rows a preview shows. */
const SAMPLE_ROWS = 50;

interface ParsedRow {
  line: number;
  fields: ClientFields & { firstName: string };
  /** the columns whose cell was empty: an update leaves those fields as they are */
  blank: string[];
}

type RowError = ImportPreview['errors'][number];
type Problem = ImportProblem;

/** What the check decided for a row: skip it (an error), create a client, or update client N. */
const SKIP = -1;
const CREATE = 0;

/** One decision per row of the file, 4 bytes each (a client id, CREATE or SKIP). */
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

function resolveLookup(
  items: (Named & { login?: string })[],
  value: string,
): number | null | 'unknown' {
  if (value === '') return null;
  if (/^\d+$/.test(value) && items.some((i) => i.id === Number(value))) return Number(value);
  const lower = value.toLowerCase();
  const found = items.find(
    (i) => i.name.toLowerCase() === lower || i.login?.toLowerCase() === lower,
  );
  return found ? found.id : 'unknown';
}

/** The CSV column a field of the contract comes from. */
const columnOf = (field: string) => (field === 'responsibleId' ? 'responsible' : field);

/** A refused cell as data the web app translates (contract IMPORT_PROBLEM_CODES). */
function problemOf(issue: z.core.$ZodIssue): Problem {
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

const rowError = (line: number, fields: Record<string, string>, problems: Problem[]) => ({
  line,
  message: Object.entries(fields)
    .map(([k, v]) => (k === 'row' ? v : `${k} ${v}`))
    .join('; '),
  fields,
  problems,
});

/** Checks one record of the file against the contract; lookup names become ids. */
function checkRow(record: Record<string, string>, line: number, lookups: Lookups) {
  const fieldErrors: Record<string, string> = {};
  const problems: Problem[] = [];
  const input: Record<string, unknown> = {};
  const blank: string[] = [];
  for (const [key, raw] of Object.entries(record)) {
    const value = raw.replace(/^'(?=[=+\-@])/, '');
    if (key === 'id' || !(CLIENT_CSV_COLUMNS as readonly string[]).includes(key)) continue;
    if (value === '') blank.push(key === 'responsible' ? 'responsibleId' : key);
    if ((LOOKUP_FIELDS as string[]).includes(key)) {
      const id = resolveLookup(lookups[key as LookupField], value);
      if (id === 'unknown') {
        fieldErrors[key] = `no such ${key}: ${value}`;
        problems.push({ field: key, code: 'unknown', params: { value } });
      } else input[key === 'responsible' ? 'responsibleId' : key] = id;
    } else {
      input[key] = value;
    }
  }
  const parsed = clientCreate.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const problem = problemOf(issue);
      if (problem.field in fieldErrors) continue;
      fieldErrors[problem.field] = issue.message;
      problems.push(problem);
    }
  }
  if (!parsed.success || problems.length > 0) return rowError(line, fieldErrors, problems);
  return { line, fields: parsed.data, blank };
}

/**
 * Clients matching any of the e-mails (any case) or phone digits: one array parameter each,
 * each value looked up by its index (`offset 0` keeps the planner from trading a thousand
 * index lookups for a scan of the whole table that computes every key).
 */
async function findExisting(db: Db, emails: string[], tels: string[]) {
  const lookup = async (values: string[], key: SQL) => {
    if (values.length === 0) return [];
    const { rows } = await db.execute<{ id: number; email: string; tel: string }>(sql`
      select c.id, c.email, c.tel from unnest(${sql.param(values)}::text[]) as k(v)
      cross join lateral (select ${clients.id}, ${clients.email}, ${clients.tel} from ${clients}
        where ${key} = k.v offset 0) as c`);
    return rows;
  };
  const [byEmail, byTel] = await Promise.all([
    lookup(emails, sql`lower(${clients.email})`),
    lookup(tels, sql`regexp_replace(${clients.tel}, '\\D', '', 'g')`),
  ]);
  return [...byEmail, ...byTel];
}

/** For each row, the existing client it matches by e-mail (any case) or phone digits, or null. */
async function matchExisting(db: Db, rows: ParsedRow[]) {
  const emails = [...new Set(rows.map((r) => r.fields.email?.toLowerCase() ?? '').filter(Boolean))];
  const tels = [
    ...new Set(rows.map((r) => digits(r.fields.tel ?? '')).filter((t) => t.length >= 5)),
  ];
  const existing = await findExisting(db, emails, tels);
  const byEmail = new Map(
    existing.filter((e) => e.email).map((e) => [e.email.toLowerCase(), e.id]),
  );
  const byTel = new Map(
    existing.filter((e) => digits(e.tel).length >= 5).map((e) => [digits(e.tel), e.id]),
  );
  return rows.map(
    (row) =>
      byEmail.get(row.fields.email?.toLowerCase() ?? '') ??
      byTel.get(digits(row.fields.tel ?? '')) ??
      null,
  );
}

type SampleRow = ImportPreview['sample'][number];

/**
 * Reads and checks every row, a batch at a time, holding only that batch: each row's decision
 * (skip, create, or the id of the client it updates) goes into a compact plan, and only the
 * errors, the clients claimed so far (two rows matching one client are an error) and the
 * preview's sample are kept. Every lookup is made before anything is written, so rows created by
 * the import never match later rows. Nothing is written here.
 */
async function analyse(db: Db, csv: string, batchRows: number) {
  const lookups = await loadLookups(db);
  const plan = new RowPlan();
  const errors: RowError[] = [];
  const claimed = new Map<number, number>(); // client id -> the line that updates it
  const sample: SampleRow[] = [];
  let create = 0;
  let update = 0;
  let batch: ParsedRow[] = [];
  const settle = async () => {
    const matched = await matchExisting(db, batch);
    batch.forEach((row, i) => {
      const matchedId = matched[i] ?? null;
      const earlier = matchedId === null ? undefined : claimed.get(matchedId);
      if (earlier !== undefined) {
        const message = `matches the same client as line ${earlier}`;
        errors.push(
          rowError(row.line, { row: message }, [
            { field: 'row', code: 'sameClient', params: { line: earlier } },
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
          firstName: row.fields.firstName,
          lastName: row.fields.lastName ?? '',
          email: row.fields.email ?? '',
          tel: row.fields.tel ?? '',
        });
      }
    });
    batch = [];
  };
  for await (const record of readCsv(csv)) {
    if (plan.length === 0 && !Object.keys(record).includes('firstName')) {
      throw new HttpError(400, 'validation', 'The file has no firstName column', {
        csv: 'has no firstName column',
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

export interface ImportOptions {
  /** rows per batch (IMPORT_BATCH_ROWS) */
  batchRows?: number;
}

export async function previewImport(
  db: Db,
  csv: string,
  { batchRows = IMPORT_BATCH_ROWS }: ImportOptions = {},
): Promise<ImportPreview> {
  const { create, update, errors, sample } = await analyse(db, csv, batchRows);
  return { create, update, errors, sample };
}

type ClientColumns = NonNullable<ReturnType<typeof columnsBesideStage>>;

/**
 * Updates many clients in one statement, each with its own columns (a column left undefined
 * keeps its value): the rows go as one jsonb parameter, read with jsonb_array_elements.
 */
async function updateMany(tx: Tx, rows: { id: number; columns: ClientColumns }[]) {
  if (rows.length === 0) return;
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.columns)))] as (keyof ClientColumns &
    keyof typeof clients.$inferSelect)[];
  const sets = names.map((name) => {
    const column = clients[name];
    const value = sql.raw(`(r.j->>'${name}')::${column.getSQLType()}`);
    return sql`${sql.identifier(column.name)} = case when r.j ? ${name} then ${value} else c.${sql.identifier(column.name)} end`;
  });
  const json = rows.map(({ id, columns }) => ({ ...columns, id }));
  await tx.execute(sql`update ${clients} as c set ${sql.join(sets, sql`, `)}
    from jsonb_array_elements(${sql.param(JSON.stringify(json))}::jsonb) as r(j)
    where c.id = (r.j->>'id')::int`);
}

/** Writes one batch of rows: creates with one INSERT, updates as the pipeline and a PUT do. */
async function writeBatch(
  tx: Tx,
  toCreate: ParsedRow[],
  toUpdate: { row: ParsedRow; id: number }[],
  userId: number,
) {
  if (toCreate.length > 0) {
    await tx.insert(clients).values(
      toCreate.map((row) => ({
        ...columnsOf(row.fields),
        firstName: row.fields.firstName,
        hashCode: newHashCode(),
      })),
    );
  }
  const updates = toUpdate.map(({ row, id }) => {
    const fields: ClientFields = { ...row.fields };
    for (const key of row.blank) delete fields[key as keyof ClientFields];
    return { id, fields };
  });
  await changeStages(
    tx,
    updates.flatMap(({ id, fields }) =>
      fields.stage === undefined ? [] : [{ clientId: id, stage: fields.stage }],
    ),
    userId,
  );
  await updateMany(
    tx,
    updates.flatMap(({ id, fields }) => {
      const columns = columnsBesideStage(fields);
      return columns ? [{ id, columns }] : [];
    }),
  );
}

/**
 * Creates and updates in one transaction: all of it lands, or (on any failure) none of it.
 * The file is read twice, holding one batch of rows at a time: first checked and matched
 * (analyse), then read again and written batch by batch with a turn of the event loop between
 * them. A stage set by the file is changed as the pipeline changes it (changeStages: stamped
 * and logged as `userId`'s move).
 */
export async function runImport(
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
      {
        csv: `${errors.length} rows have errors`,
      },
    );
  }
  progress.advance(errors.length);
  await db.transaction(async (tx) => {
    let toCreate: ParsedRow[] = [];
    let toUpdate: { row: ParsedRow; id: number }[] = [];
    const write = async () => {
      await writeBatch(tx, toCreate, toUpdate, userId);
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
      if (action === CREATE) toCreate.push(row);
      else toUpdate.push({ row, id: action });
      if (toCreate.length + toUpdate.length >= batchRows) await write();
    }
    if (toCreate.length + toUpdate.length > 0) await write();
  });
  return { created: create, updated: update, skipped: errors.length };
}
