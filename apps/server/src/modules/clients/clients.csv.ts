import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { or, sql } from 'drizzle-orm';
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

/** The client table as filtered, as CSV with lookup names (round-trips through the import). */
export async function exportClientsCsv(db: Db, filters: ClientFilters): Promise<string> {
  const [lookups, rows] = await Promise.all([
    loadLookups(db),
    db.select().from(clients).where(filtersOf(filters)).orderBy(clients.lastName, clients.id),
  ]);
  const records = rows.map((c) =>
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
    ].map(safeCell),
  );
  return stringify(records, { header: true, columns: [...CLIENT_CSV_COLUMNS], bom: true });
}

const digits = (tel: string) => tel.replace(/\D/g, '');

/** Rows read, checked or written between two turns of the event loop for other requests. */
const YIELD_EVERY = 1000;
/** The file is fed to the parser in slices of this many characters. */
const SLICE = 64 * 1024;
/** Rows per INSERT (22 columns: far below PostgreSQL's 65 535 parameters). */
const INSERT_BATCH = 1000;

interface ParsedRow {
  line: number;
  fields: ClientFields & { firstName: string };
  /** the columns whose cell was empty: an update leaves those fields as they are */
  blank: string[];
}

type RowError = ImportPreview['errors'][number];
type Problem = ImportProblem;

function* slices(csv: string) {
  for (let i = 0; i < csv.length; i += SLICE) yield csv.slice(i, i + SLICE);
}

/**
 * The file's records, one at a time: parsed as a stream, with a turn of the event loop every
 * YIELD_EVERY records, so other requests are answered while a large file is read.
 */
async function* readCsv(csv: string): AsyncGenerator<Record<string, string>> {
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

/** Clients matching any of the e-mails (any case) or phone digits: one array parameter each. */
async function findExisting(db: Db, emails: string[], tels: string[]) {
  if (emails.length + tels.length === 0) return [];
  return db
    .select({ id: clients.id, email: clients.email, tel: clients.tel })
    .from(clients)
    .where(
      or(
        sql`lower(${clients.email}) = any(${sql.param(emails)}::text[])`,
        sql`regexp_replace(${clients.tel}, '\\D', '', 'g') = any(${sql.param(tels)}::text[])`,
      ),
    );
}

/** Reads and checks every row; nothing is written here. */
async function analyse(db: Db, csv: string) {
  const lookups = await loadLookups(db);
  const valid: ParsedRow[] = [];
  const errors: RowError[] = [];
  let rows = 0;
  for await (const record of readCsv(csv)) {
    if (rows === 0 && !Object.keys(record).includes('firstName')) {
      throw new HttpError(400, 'validation', 'The file has no firstName column', {
        csv: 'has no firstName column',
      });
    }
    rows++;
    const checked = checkRow(record, rows + 1, lookups); // the header is line 1
    if ('problems' in checked) errors.push(checked);
    else valid.push(checked);
  }
  if (rows === 0)
    throw new HttpError(400, 'validation', 'The file has no rows', { csv: 'has no rows' });

  // match existing clients by e-mail (any case) or by the digits of the phone number
  const emails = [
    ...new Set(valid.map((r) => r.fields.email?.toLowerCase() ?? '').filter(Boolean)),
  ];
  const tels = [
    ...new Set(valid.map((r) => digits(r.fields.tel ?? '')).filter((t) => t.length >= 5)),
  ];
  const existing = await findExisting(db, emails, tels);
  const byEmail = new Map(
    existing.filter((e) => e.email).map((e) => [e.email.toLowerCase(), e.id]),
  );
  const byTel = new Map(
    existing.filter((e) => digits(e.tel).length >= 5).map((e) => [digits(e.tel), e.id]),
  );
  const planned: (ParsedRow & { matchedId: number | null })[] = [];
  const claimed = new Map<number, number>();
  for (const row of valid) {
    const matchedId =
      byEmail.get(row.fields.email?.toLowerCase() ?? '') ??
      byTel.get(digits(row.fields.tel ?? '')) ??
      null;
    const earlier = matchedId === null ? undefined : claimed.get(matchedId);
    if (earlier !== undefined) {
      const message = `matches the same client as line ${earlier}`;
      errors.push(
        rowError(row.line, { row: message }, [
          { field: 'row', code: 'sameClient', params: { line: earlier } },
        ]),
      );
      continue;
    }
    if (matchedId !== null) claimed.set(matchedId, row.line);
    planned.push({ ...row, matchedId });
  }
  errors.sort((a, b) => a.line - b.line);
  return { planned, errors, rows };
}

export async function previewImport(db: Db, csv: string): Promise<ImportPreview> {
  const { planned, errors } = await analyse(db, csv);
  return {
    create: planned.filter((p) => p.matchedId === null).length,
    update: planned.filter((p) => p.matchedId !== null).length,
    errors,
    sample: planned.slice(0, 50).map((p) => ({
      line: p.line,
      action: p.matchedId === null ? ('create' as const) : ('update' as const),
      matchedId: p.matchedId,
      firstName: p.fields.firstName,
      lastName: p.fields.lastName ?? '',
      email: p.fields.email ?? '',
      tel: p.fields.tel ?? '',
    })),
  };
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

/**
 * Creates and updates in one transaction: all of it lands, or (on any failure) none of it.
 * Writes in batches with a turn of the event loop between them; a stage set by the file is
 * changed as the pipeline changes it (changeStages: stamped and logged as `userId`'s move).
 */
export async function runImport(
  db: Db,
  csv: string,
  skipErrors: boolean,
  userId: number,
  progress: Progress,
): Promise<ImportResult> {
  const { planned, errors, rows } = await analyse(db, csv);
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
  const toCreate = planned.filter((p) => p.matchedId === null);
  const toUpdate = planned.filter((p) => p.matchedId !== null);
  await db.transaction(async (tx) => {
    for (let i = 0; i < toCreate.length; i += INSERT_BATCH) {
      const batch = toCreate.slice(i, i + INSERT_BATCH);
      await tx.insert(clients).values(
        batch.map((p) => ({
          ...columnsOf(p.fields),
          firstName: p.fields.firstName,
          hashCode: newHashCode(),
        })),
      );
      progress.advance(batch.length);
      await turn();
    }
    for (let i = 0; i < toUpdate.length; i += INSERT_BATCH) {
      const batch = toUpdate.slice(i, i + INSERT_BATCH);
      const fieldsOf = (p: (typeof batch)[number]) => {
        const fields: ClientFields = { ...p.fields };
        for (const key of p.blank) delete fields[key as keyof ClientFields];
        return fields;
      };
      const changes = batch.flatMap((p) => {
        const stage = fieldsOf(p).stage;
        return stage === undefined ? [] : [{ clientId: p.matchedId as number, stage }];
      });
      await changeStages(tx, changes, userId);
      await updateMany(
        tx,
        batch.flatMap((p) => {
          const columns = columnsBesideStage(fieldsOf(p));
          return columns ? [{ id: p.matchedId as number, columns }] : [];
        }),
      );
      progress.advance(batch.length);
      await turn();
    }
  });
  return { created: toCreate.length, updated: toUpdate.length, skipped: errors.length };
}
