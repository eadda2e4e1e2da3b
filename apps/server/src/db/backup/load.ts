import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATION_LOCK } from '../migrate.js';
import {
  listForeignKeys,
  listTables,
  localMigrations,
  qualified,
  quoteIdent,
  type Migration,
} from './catalog.js';
import {
  BackupFileError,
  MANIFEST_ENTRY,
  RestoreRefused,
  type Manifest,
  type ManifestTable,
} from './format.js';
import { readEntries, verifyBackup } from './verify.js';

export interface RestoreOptions {
  /** replace a database that holds rows (everything in its schema `public` is dropped) */
  force?: boolean;
  /** a line of progress for the operator */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  /** the migrations newer than the backup, run after its data was loaded */
  newerMigrations: string[];
}

/** The backup's migrations must be this version's own, in the same order. */
function checkMigrations(manifest: Manifest, local: Migration[]): void {
  const newest = local.at(-1);
  if (!newest || manifest.migration.number > newest.idx) {
    throw new RestoreRefused(
      `the backup was made by a newer version of the server (migration ${manifest.migration.number}` +
        `, ${manifest.migration.tag}); this version knows migrations up to ${newest?.idx ?? -1}. ` +
        'Restore it with that version or a newer one.',
    );
  }
  // by number, not by place: a journal may skip a number (a migration merged from another line)
  const tagOf = new Map(local.map((m) => [m.idx, m.tag]));
  for (const entry of manifest.migration.journal) {
    if (tagOf.get(entry.idx) !== entry.tag) {
      throw new RestoreRefused(
        `the backup's migration ${entry.idx} is ${entry.tag}, this version's is ` +
          `${tagOf.get(entry.idx) ?? 'missing'}: it was made by another line of the server`,
      );
    }
  }
}

/** Other sessions on the database: a server still running on it. */
async function otherSessions(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND backend_type = 'client backend'`,
  );
  return rows[0]?.n ?? 0;
}

/** The tables of schema public that hold at least one row. */
async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const out: string[] = [];
  for (const table of await listTables(client)) {
    if (table.schema !== 'public') continue;
    const { rows } = await client.query(`SELECT 1 FROM ${qualified(table)} LIMIT 1`);
    if (rows.length > 0) out.push(table.name);
  }
  return out;
}

/**
 * Drops what the migrations make (ADR 028): every table, view, sequence, routine and type of
 * schema public that no extension owns, and drizzle's migrations schema. The schema public
 * itself, its owner and grants stay.
 */
async function dropAppObjects(client: pg.ClientBase): Promise<void> {
  const notFromExtension = (oid: string, catalog: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.classid = '${catalog}'::regclass AND d.deptype = 'e')`;
  const { rows: relations } = await client.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND ${notFromExtension('c.oid', 'pg_class')}`,
  );
  const statement: Record<string, string> = {
    r: 'TABLE',
    p: 'TABLE',
    f: 'FOREIGN TABLE',
    v: 'VIEW',
    m: 'MATERIALIZED VIEW',
    S: 'SEQUENCE',
  };
  // tables first: their sequences and views go with them (CASCADE); the rest IF EXISTS
  const order = ['r', 'p', 'f', 'm', 'v', 'S'];
  relations.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const { name, kind } of relations) {
    await client.query(`DROP ${statement[kind]} IF EXISTS public.${quoteIdent(name)} CASCADE`);
  }
  const { rows: routines } = await client.query<{ sig: string }>(
    `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND ${notFromExtension('p.oid', 'pg_proc')}`,
  );
  for (const { sig } of routines) await client.query(`DROP ROUTINE IF EXISTS ${sig} CASCADE`);
  const { rows: types } = await client.query<{ name: string }>(
    `SELECT t.oid::regtype::text AS name FROM pg_type t
      WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'c', 'r', 'm')
        AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
        AND ${notFromExtension('t.oid', 'pg_type')}`,
  );
  for (const { name } of types) await client.query(`DROP TYPE IF EXISTS ${name} CASCADE`);
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
}

async function runMigration(client: pg.ClientBase, migration: Migration): Promise<void> {
  for (const statement of migration.statements) await client.query(statement);
}

/**
 * Restores a backup (ADR 028, docs/restore.md). The whole file is checked first; then, in ONE
 * transaction: what the migrations made is dropped, the schema is made again by this version's
 * migrations up to the backup's, every table is emptied (the migrations' seed rows) and loaded
 * with COPY ... FROM STDIN (user triggers off: the backup already holds what they keep), every
 * sequence is set to its value, and the migrations newer than the backup run over the data.
 * A failure anywhere rolls everything back and leaves the database as it was.
 */
export async function restoreBackup(
  client: pg.ClientBase,
  file: string,
  { force = false, log = () => undefined }: RestoreOptions = {},
): Promise<RestoreResult> {
  log(`checking ${file}`);
  const manifest = await verifyBackup(file);
  const local = localMigrations();
  checkMigrations(manifest, local);
  const others = await otherSessions(client);
  if (others > 0) {
    throw new RestoreRefused(
      `${others} other connection(s) use this database: stop the server (every instance) ` +
        'before restoring',
    );
  }
  const filled = await tablesWithRows(client);
  if (filled.length > 0 && !force) {
    throw new RestoreRefused(
      `the database already holds data (${filled.length} table(s) with rows, such as ` +
        `${filled.slice(0, 3).join(', ')}); restoring replaces all of it. ` +
        'Run again with --force to empty it and restore.',
    );
  }

  const backupNumber = manifest.migration.number;
  const byEntry = new Map<string, { table: ManifestTable; index: number }>();
  for (const table of manifest.tables) {
    table.parts.forEach((part, index) => byEntry.set(part.entry, { table, index }));
  }
  let rows = 0;
  await client.query('BEGIN');
  let copying: { destroy: () => void } | undefined;
  let done: Promise<void> | undefined;
  try {
    await client.query('SET LOCAL statement_timeout = 0');
    // a server starting meanwhile waits for the restore before it migrates
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    if (filled.length > 0) log(`emptying the database (--force): ${filled.length} table(s)`);
    await dropAppObjects(client);
    log(`making the schema: migrations up to ${backupNumber} (${manifest.migration.tag})`);
    await client.query('CREATE SCHEMA drizzle');
    await client.query(
      'CREATE TABLE drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    for (const migration of local) {
      if (migration.idx <= backupNumber) await runMigration(client, migration);
    }
    const tables = await listTables(client);
    for (const table of manifest.tables) {
      const here = tables.find((t) => t.schema === table.schema && t.name === table.name);
      const names = (cols: { name: string }[]) => cols.map((c) => c.name).join(',');
      if (!here || names(here.columns) !== names(table.columns)) {
        throw new RestoreRefused(
          `the table ${table.schema}.${table.name} of the backup does not match the schema its ` +
            'migrations make here; nothing was restored',
        );
      }
    }
    for (const table of tables) {
      await client.query(`ALTER TABLE ${qualified(table)} DISABLE TRIGGER USER`);
    }
    if (tables.length > 0) {
      await client.query(`TRUNCATE ${tables.map((t) => qualified(t)).join(', ')}`);
    }
    // a key pointing at a table loaded later (a cycle: users and projects) is checked at the
    // end of the load instead of row by row
    const position = (t: { schema: string; name: string }) =>
      manifest.tables.findIndex((m) => m.schema === t.schema && m.name === t.name);
    const forward = (await listForeignKeys(client)).filter(
      (k) => position({ schema: k.schema, name: k.table }) <= position(k.references),
    );
    const alterKey = (k: (typeof forward)[number], how: string) =>
      client.query(
        `ALTER TABLE ${qualified({ schema: k.schema, name: k.table })} ` +
          `ALTER CONSTRAINT ${quoteIdent(k.name)} ${how}`,
      );
    for (const key of forward) await alterKey(key, 'DEFERRABLE INITIALLY DEFERRED');

    let copy: ReturnType<typeof copyFrom> | undefined;
    await readEntries(file, async (name, entry) => {
      if (name === MANIFEST_ENTRY) {
        for await (const chunk of entry) void chunk;
        return;
      }
      const found = byEntry.get(name);
      if (!found) throw new BackupFileError(`${file} changed while it was restored (${name})`);
      const { table, index } = found;
      const part = table.parts[index];
      if (index === 0) {
        const columns = table.columns.map((c) => quoteIdent(c.name)).join(', ');
        copy = client.query(copyFrom(`COPY ${qualified(table)} (${columns}) FROM STDIN`));
        copying = copy;
        done = finished(copy);
        done.catch(() => undefined); // awaited below
      }
      if (!copy || !done) throw new BackupFileError(`${file}: ${name} comes out of order`);
      const hash = createHash('sha256');
      for await (const chunk of entry) {
        hash.update(chunk);
        if (!copy.write(chunk)) await Promise.race([once(copy, 'drain'), done]);
      }
      if (hash.digest('hex') !== part?.sha256) {
        throw new BackupFileError(`${file} changed while it was restored (${name})`);
      }
      if (index === table.parts.length - 1) {
        copy.end();
        await done;
        copying = undefined;
        rows += copy.rowCount;
        log(`  ${table.schema}.${table.name}: ${copy.rowCount} rows`);
      }
    });

    if (forward.length > 0) {
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
      for (const key of forward) {
        await alterKey(
          key,
          key.deferrable
            ? `DEFERRABLE INITIALLY ${key.deferred ? 'DEFERRED' : 'IMMEDIATE'}`
            : 'NOT DEFERRABLE',
        );
      }
    }
    for (const seq of manifest.sequences) {
      await client.query(
        `SELECT setval(to_regclass($1), $2::bigint, $3) WHERE to_regclass($1) IS NOT NULL`,
        [qualified(seq), seq.value, seq.isCalled],
      );
    }
    for (const table of tables) {
      await client.query(`ALTER TABLE ${qualified(table)} ENABLE TRIGGER USER`);
    }
    const newer = local.filter((m) => m.idx > backupNumber);
    for (const migration of newer) {
      log(`running the newer migration ${migration.tag}`);
      await runMigration(client, migration);
      await client.query(
        'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
        [migration.hash, migration.when],
      );
    }
    await client.query('COMMIT');
    return { manifest, rows, newerMigrations: newer.map((m) => m.tag) };
  } catch (err) {
    // a COPY cut short is failed on the server first (CopyFail), then all is rolled back
    if (copying) {
      copying.destroy();
      await done?.catch(() => undefined);
    }
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
