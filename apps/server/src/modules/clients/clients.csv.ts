import type { Readable } from 'node:stream';
import { and, sql, type SQL } from 'drizzle-orm';
import { CLIENT_CSV_COLUMNS, clientCreate } from '@school/contract/clients';
import { optionalId } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema/clients.js';
import { categories, languages, products, sources, stages } from '../../db/schema/lookups.js';
import { projects, users } from '../../db/schema/users.js';
import { updateMany } from '../../db/update-many.js';
import type { Named } from '../../plugins/csv-check.js';
import { csvStream, nameOf } from '../../plugins/csv-export.js';
import { csvImporter } from '../../plugins/csv-import.js';
import { filtersOf, type ClientFilters } from './clients.queries.js';
import {
  changeStages,
  columnsBesideStage,
  columnsOf,
  firstStageId,
  type ClientFields,
} from './clients.writes.js';
import { newHashCode } from '../students/students.shared.js';

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
    responsible: userRows as Named[],
  };
}
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
  const recordOf = (c: ClientRow) => [
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
  ];
  return csvStream(CLIENT_CSV_COLUMNS, clientPages(db, filters, first), recordOf);
}

const digits = (tel: string) => tel.replace(/\D/g, '');

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
async function matchExisting(db: Db, rows: ClientFields[]) {
  const emails = [...new Set(rows.map((r) => r.email?.toLowerCase() ?? '').filter(Boolean))];
  const tels = [...new Set(rows.map((r) => digits(r.tel ?? '')).filter((t) => t.length >= 5))];
  const existing = await findExisting(db, emails, tels);
  const byEmail = new Map(
    existing.filter((e) => e.email).map((e) => [e.email.toLowerCase(), e.id]),
  );
  const byTel = new Map(
    existing.filter((e) => digits(e.tel).length >= 5).map((e) => [digits(e.tel), e.id]),
  );
  return rows.map(
    (row) =>
      byEmail.get(row.email?.toLowerCase() ?? '') ?? byTel.get(digits(row.tel ?? '')) ?? null,
  );
}

/**
 * The clients' import (ADR 012): a row updates the client it matches by e-mail (any case) or
 * phone digits, else creates one. A stage set by the file is changed as the pipeline changes it
 * (changeStages: stamped and logged as the importing user's move).
 */
export const clientsImporter = csvImporter<ClientFields & { firstName: string }>({
  columns: CLIENT_CSV_COLUMNS,
  noun: 'client',
  required: 'firstName',
  fieldOf: { responsible: 'responsibleId' },
  loadLookups,
  // an empty stage cell keeps a matched client's stage and gives a new one the first stage
  schema: clientCreate.extend({ stage: optionalId.optional() }),
  match: matchExisting,
  sample: {
    columns: ['firstName', 'lastName', 'email', 'tel'],
    values: (c) => ({
      firstName: c.firstName,
      lastName: c.lastName ?? '',
      email: c.email ?? '',
      tel: c.tel ?? '',
    }),
  },
  history: { entity: 'clients', table: clients },
  async write(tx, batch, userId) {
    const first = batch.create.some((f) => (f.stage ?? null) === null)
      ? await firstStageId(tx)
      : null;
    const created =
      batch.create.length === 0
        ? []
        : await tx
            .insert(clients)
            .values(
              batch.create.map((fields) => ({
                ...columnsOf(fields),
                stageId: fields.stage ?? first,
                firstName: fields.firstName,
                hashCode: newHashCode(),
              })),
            )
            .returning();
    await changeStages(
      tx,
      batch.update.flatMap(({ id, fields }) =>
        fields.stage === undefined ? [] : [{ clientId: id, stage: fields.stage }],
      ),
      userId,
    );
    await updateMany(
      tx,
      clients,
      batch.update.flatMap(({ id, fields }) => {
        const columns = columnsBesideStage(fields);
        return columns ? [{ id, columns }] : [];
      }),
    );
    return created;
  },
});
