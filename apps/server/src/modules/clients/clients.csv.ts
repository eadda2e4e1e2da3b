import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { CLIENT_CSV_COLUMNS, clientCreate, type ImportPreview } from '@school/contract/clients';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema/clients.js';
import { categories, languages, products, sources, stages } from '../../db/schema/lookups.js';
import { projects, users } from '../../db/schema/users.js';
import { HttpError } from '../../plugins/errors.js';
import {
  filtersOf,
  newHashCode,
  columnsOf,
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

interface ParsedRow {
  line: number;
  fields: ClientFields & { firstName: string };
  /** the columns whose cell was empty: an update leaves those fields as they are */
  blank: string[];
}

function parseCsv(csv: string): Record<string, string>[] {
  try {
    return parse<Record<string, string>>(csv, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: false,
    });
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

/** Reads and checks every row; nothing is written here. */
async function analyse(db: Db, csv: string) {
  const records = parseCsv(csv);
  if (records.length === 0)
    throw new HttpError(400, 'validation', 'The file has no rows', { csv: 'has no rows' });
  const headers = Object.keys(records[0] ?? {});
  if (!headers.includes('firstName')) {
    throw new HttpError(400, 'validation', 'The file has no firstName column', {
      csv: 'has no firstName column',
    });
  }
  const lookups = await loadLookups(db);
  const valid: ParsedRow[] = [];
  const errors: ImportPreview['errors'] = [];
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const fieldErrors: Record<string, string> = {};
    const input: Record<string, unknown> = {};
    const blank: string[] = [];
    for (const [key, raw] of Object.entries(record)) {
      const value = raw.replace(/^'(?=[=+\-@])/, '');
      if (key === 'id' || !(CLIENT_CSV_COLUMNS as readonly string[]).includes(key)) continue;
      if (value === '') blank.push(key === 'responsible' ? 'responsibleId' : key);
      if ((LOOKUP_FIELDS as string[]).includes(key)) {
        const id = resolveLookup(lookups[key as LookupField], value);
        if (id === 'unknown') fieldErrors[key] = `no such ${key}: ${value}`;
        else input[key === 'responsible' ? 'responsibleId' : key] = id;
      } else {
        input[key] = value;
      }
    }
    const parsed = clientCreate.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        fieldErrors[String(issue.path[0] ?? 'row')] ??= issue.message;
    }
    if (Object.keys(fieldErrors).length > 0 || !parsed.success) {
      errors.push({
        line,
        message: Object.entries(fieldErrors)
          .map(([k, v]) => `${k} ${v}`)
          .join('; '),
        fields: fieldErrors,
      });
      return;
    }
    valid.push({ line, fields: parsed.data, blank });
  });

  // match existing clients by e-mail (any case) or by the digits of the phone number
  const emails = [
    ...new Set(valid.map((r) => r.fields.email?.toLowerCase() ?? '').filter(Boolean)),
  ];
  const tels = [
    ...new Set(valid.map((r) => digits(r.fields.tel ?? '')).filter((t) => t.length >= 5)),
  ];
  const existing =
    emails.length + tels.length === 0
      ? []
      : await db
          .select({ id: clients.id, email: clients.email, tel: clients.tel })
          .from(clients)
          .where(
            or(
              emails.length ? inArray(sql`lower(${clients.email})`, emails) : undefined,
              tels.length
                ? inArray(sql`regexp_replace(${clients.tel}, '\\D', '', 'g')`, tels)
                : undefined,
            ),
          );
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
      errors.push({ line: row.line, message, fields: { row: message } });
      continue;
    }
    if (matchedId !== null) claimed.set(matchedId, row.line);
    planned.push({ ...row, matchedId });
  }
  errors.sort((a, b) => a.line - b.line);
  return { planned, errors };
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

/** Creates and updates in one transaction: all of it lands, or (on any failure) none of it. */
export async function runImport(db: Db, csv: string, skipErrors: boolean) {
  const { planned, errors } = await analyse(db, csv);
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
  const toCreate = planned.filter((p) => p.matchedId === null);
  const toUpdate = planned.filter((p) => p.matchedId !== null);
  await db.transaction(async (tx) => {
    for (let i = 0; i < toCreate.length; i += 1000) {
      await tx.insert(clients).values(
        toCreate.slice(i, i + 1000).map((p) => ({
          ...columnsOf(p.fields),
          firstName: p.fields.firstName,
          hashCode: newHashCode(),
        })),
      );
    }
    for (const p of toUpdate) {
      const fields: ClientFields = { ...p.fields };
      for (const key of p.blank) delete fields[key as keyof ClientFields];
      // a stage changed by the file counts as a stage change on the board
      const stamp =
        fields.stage === undefined
          ? {}
          : {
              stageChangedAt: sql`case when ${clients.stageId} is distinct from ${fields.stage}
                then now() else ${clients.stageChangedAt} end`,
            };
      await tx
        .update(clients)
        .set({ ...columnsOf(fields), ...stamp })
        .where(eq(clients.id, p.matchedId as number));
    }
  });
  return { created: toCreate.length, updated: toUpdate.length, skipped: errors.length };
}
