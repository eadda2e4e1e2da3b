import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../migrate.js';

/**
 * What a backup holds (ADR 028): every table of the app's schema `public` and drizzle's
 * migrations table in `drizzle`. Another schema (a job queue's, say) is left out.
 */
export const BACKUP_SCHEMAS = ['public', 'drizzle'] as const;

export interface TableInfo {
  schema: string;
  name: string;
  /** the stored columns in table order (generated ones are computed again, not copied) */
  columns: { name: string; type: string }[];
}

export interface SequenceInfo {
  schema: string;
  name: string;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

/**
 * The tables of the backed-up schemas, each after the tables its foreign keys point at, so
 * loading them in this order satisfies every key (a table pointing at itself is loaded in one
 * COPY, whose keys are checked at its end). In a cycle of keys between tables, the keys that
 * point at a later table are deferred by the restore.
 */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ oid: number; schema: string; name: string }>(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind = 'r' AND NOT c.relispartition
      ORDER BY n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  const { rows: columns } = await client.query<{ oid: number; name: string; type: string }>(
    `SELECT a.attrelid::int AS oid, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      ORDER BY a.attrelid, a.attnum`,
    [tables.map((t) => t.oid)],
  );
  const { rows: keys } = await client.query<{ from: number; to: number }>(
    `SELECT conrelid::int AS "from", confrelid::int AS "to" FROM pg_constraint
      WHERE contype = 'f' AND conrelid = ANY($1::oid[]) AND conrelid <> confrelid`,
    [tables.map((t) => t.oid)],
  );
  const needs = new Map<number, Set<number>>(tables.map((t) => [t.oid, new Set<number>()]));
  for (const key of keys) if (needs.has(key.to)) needs.get(key.from)?.add(key.to);
  const ordered: typeof tables = [];
  const placed = new Set<number>();
  const waitingOn = (t: (typeof tables)[number]) =>
    [...(needs.get(t.oid) ?? [])].filter((o) => !placed.has(o)).length;
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => waitingOn(t) === 0);
    // a cycle of keys (users and projects point at each other): the table waiting on the
    // fewest goes next; the restore defers the keys that point forward (load.ts)
    const next =
      ready.length > 0
        ? ready
        : [remaining.reduce((best, t) => (waitingOn(t) < waitingOn(best) ? t : best))];
    for (const t of next) {
      ordered.push(t);
      placed.add(t.oid);
    }
    remaining = remaining.filter((t) => !placed.has(t.oid));
  }
  return ordered.map((t) => ({
    schema: t.schema,
    name: t.name,
    columns: columns.filter((c) => c.oid === t.oid).map(({ name, type }) => ({ name, type })),
  }));
}

export async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<SequenceInfo>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind = 'S'
      ORDER BY n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return rows;
}

export interface Migration {
  idx: number;
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The committed migrations of this version, in order (drizzle's journal and files). */
export function localMigrations(folder = migrationsFolder): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    idx: entry.idx,
    tag: entry.tag,
    when: entry.when,
    hash: files[i]?.hash ?? '',
    statements: files[i]?.sql ?? [],
  }));
}

/**
 * The number of the newest migration applied to the database (its journal index), read from
 * drizzle's migrations table; undefined when the database has none. A migration this version
 * does not know (the database was migrated by a newer one) is an error.
 */
export async function appliedMigration(
  client: pg.ClientBase,
  migrations: Migration[],
): Promise<Migration | undefined> {
  const { rows: exists } = await client.query(
    `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'drizzle' AND c.relname = '__drizzle_migrations'`,
  );
  if (exists.length === 0) return undefined;
  const { rows } = await client.query<{ created_at: string | null }>(
    'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC NULLS LAST LIMIT 1',
  );
  const last = rows[0]?.created_at;
  if (last === undefined || last === null) return undefined;
  const found = migrations.find((m) => m.when === Number(last));
  if (!found) {
    throw new Error(
      'the database was migrated by a newer version of the server (an unknown migration); ' +
        'back it up or restore it with that version',
    );
  }
  return found;
}

export interface ForeignKey {
  schema: string;
  table: string;
  name: string;
  references: { schema: string; name: string };
  deferrable: boolean;
  deferred: boolean;
}

/** The foreign keys between different tables of the backed-up schemas. */
export async function listForeignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<{
    schema: string;
    table: string;
    name: string;
    refSchema: string;
    refTable: string;
    deferrable: boolean;
    deferred: boolean;
  }>(
    `SELECT n.nspname AS schema, c.relname AS table, k.conname AS name,
            rn.nspname AS "refSchema", r.relname AS "refTable",
            k.condeferrable AS deferrable, k.condeferred AS deferred
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class r ON r.oid = k.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
      WHERE k.contype = 'f' AND n.nspname = ANY($1) AND k.conrelid <> k.confrelid`,
    [BACKUP_SCHEMAS],
  );
  return rows.map((r) => ({
    schema: r.schema,
    table: r.table,
    name: r.name,
    references: { schema: r.refSchema, name: r.refTable },
    deferrable: r.deferrable,
    deferred: r.deferred,
  }));
}
