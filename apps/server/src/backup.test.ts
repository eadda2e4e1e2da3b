import { createGzip, gunzipSync } from 'node:zlib';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, withDatabase } from '../test/databases.js';
import { createDatabase } from './db/client.js';
import { listTables, localMigrations, qualified } from './db/backup/catalog.js';
import { BackupFileError, RestoreRefused, type Manifest } from './db/backup/format.js';
import { restoreBackup } from './db/backup/load.js';
import { backupDatabase } from './db/backup/run.js';
import { loadDemoData } from './demo/demo.js';

/**
 * Backup and restore (ADR 028, docs/restore.md): a backup taken while writes run holds exactly
 * the database as of its snapshot, every table row by row and every sequence; a restore refuses
 * a database with rows unless forced, and a damaged file before writing anything; an older
 * backup gets the newer migrations after its data is loaded.
 */

const adminUrl = inject('adminDatabaseUrl');
const drops: (() => Promise<unknown>)[] = [];
let dir: string;

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated database (a copy of the tests' template). */
async function migratedDatabase(): Promise<string> {
  const db = await createTestDatabase(adminUrl, inject('templateDatabase'));
  drops.push(db.drop);
  return db.url;
}

let emptyCounter = 0;
/** A database with nothing in it, as a new server would have. */
async function emptyDatabase(): Promise<string> {
  const name = `school_restore_${process.pid}_${++emptyCounter}_${Date.now().toString(36)}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  drops.push(() =>
    withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  );
  return withDatabase(adminUrl, name);
}

/** Every table's rows as sorted JSON text, as seen by `client`. */
async function contents(client: pg.ClientBase): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const table of await listTables(client)) {
    const { rows } = await client.query<{ r: string }>(
      `SELECT row_to_json(t)::text AS r FROM ${qualified(table)} t`,
    );
    out.set(`${table.schema}.${table.name}`, rows.map((r) => r.r).sort());
  }
  return out;
}

async function sequences(client: pg.ClientBase, manifest: Manifest) {
  const out: Record<string, string> = {};
  for (const seq of manifest.sequences) {
    const { rows } = await client.query<{ v: string; c: boolean }>(
      `SELECT last_value::text AS v, is_called AS c FROM ${qualified(seq)}`,
    );
    out[`${seq.schema}.${seq.name}`] = `${rows[0]?.v}/${String(rows[0]?.c)}`;
  }
  return out;
}

/** Fills the tables the demo school leaves empty, so that every table has rows. */
async function fillTheRest(client: pg.ClientBase): Promise<void> {
  await client.query(`INSERT INTO app_secrets (name, value) VALUES ('test', '\\x0102')`);
  await client.query('INSERT INTO bot_updates (update_id) VALUES (41), (42)');
  await client.query(
    `INSERT INTO bot_users (telegram_id, chat_id, student_id, first_name)
     SELECT 5001, 5001, id, 'Tg' FROM students ORDER BY id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO bot_broadcasts (lesson_id, student_id)
     SELECT l.id, s.id FROM lessons l, students s ORDER BY l.id, s.id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO payment_reminders (student_id, day, amount, currency, chat_id, message_id, sent_at)
     SELECT id, current_date, 13000, 'PLN', 5001, 7, now() FROM students ORDER BY id LIMIT 1`,
  );
  await client.query(`INSERT INTO login_failures (login, ip) VALUES ('who', '10.0.0.1')`);
  await client.query(
    `INSERT INTO history (user_id, user_name, action, entity, entity_id, changes)
     SELECT id, 'Admin', 'update', 'users', id, '{"firstName": ["A", "B"]}' FROM users
     ORDER BY id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO student_page_views (student_id, day)
     SELECT id, current_date FROM students ORDER BY id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO import_jobs (id, list, user_id, state, result)
     SELECT gen_random_uuid(), 'clients', id, 'done', '{"created": 1}' FROM users
     ORDER BY id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO backup_jobs (id, trigger, state, error)
     VALUES (gen_random_uuid(), 'request', 'failed', 'an earlier backup failed')`,
  );
  // the money ledger's tables (docs/money.md): a payment, an adjustment, their entries and the
  // derived rows a recomputation keeps
  await client.query(
    `WITH s AS (SELECT id FROM students ORDER BY id LIMIT 1),
      p AS (INSERT INTO payments (student_id, amount, date, method)
        SELECT id, 1000, current_date, 'cash' FROM s RETURNING id, student_id),
      a AS (INSERT INTO adjustments (student_id, amount, date, reason)
        SELECT id, -500, current_date, 'credit' FROM s RETURNING id, student_id)
     INSERT INTO ledger_entries (student_id, kind, at, date, amount, payment_id, adjustment_id)
     SELECT student_id, 'payment', now(), current_date, -1000, id, null FROM p
     UNION ALL SELECT student_id, 'adjustment', now(), current_date, -500, null, id FROM a`,
  );
  await client.query(
    // the demo school may have made this account already (its lessons ticked paid)
    `INSERT INTO accounts (student_id, credit, balance)
     SELECT id, 1500, -1500 FROM students ORDER BY id LIMIT 1
     ON CONFLICT (student_id) DO NOTHING`,
  );
  await client.query(
    `INSERT INTO coverage (student_id, event_id, payment_id, amount)
     SELECT e.student_id, e.id, p.id, 1 FROM events e JOIN payments p ON true
     ORDER BY e.id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO open_charges (student_id, event_id, date, amount)
     SELECT student_id, id, current_date, 1 FROM events ORDER BY id LIMIT 1`,
  );
  // teachers' pay (docs/money.md, Teachers' pay): a rate, an approved run and its line
  await client.query(
    `WITH t AS (SELECT id FROM users ORDER BY id LIMIT 1),
      r AS (INSERT INTO pay_rates (teacher_id, kind, value, "from")
        SELECT id, 'hour', 5000, DATE '2020-01-01' FROM t RETURNING id, teacher_id),
      run AS (INSERT INTO pay_runs (teacher_id, month, lessons, hours, amount)
        SELECT teacher_id, '2020-01', 1, 1, 5000 FROM r RETURNING id)
     INSERT INTO pay_lines (run_id, lesson_id, date, start, "end", hours, kind, rate_id, rate, amount)
     SELECT run.id, l.id, l.date, '10:00', '11:00', 1, 'hour', r.id, 5000, 5000
     FROM run, r, (SELECT id, date FROM lessons ORDER BY id LIMIT 1) l`,
  );
  // invoices (docs/money.md, Invoices): a counter of the series and an invoice
  await client.query(`INSERT INTO invoice_counters (series, year, last) VALUES ('FV', 2020, 1)`);
  await client.query(
    `INSERT INTO invoices (series, year, seq, number, student_id, month, total, issue_date, document)
     SELECT 'FV', 2020, 1, 'FV/2020/0001', id, '2020-01', 1000, DATE '2020-02-01', '{"lines": []}'
     FROM students ORDER BY id LIMIT 1`,
  );
  // bank statement import (docs/money.md, Bank statements): a transfer for review and a mapping
  await client.query(
    `INSERT INTO bank_rows (dedup_key, bank, booked_on, amount, title, status, suggested_student_id)
     SELECT 'tx:backup-1', 'ing', DATE '2026-03-02', 12000, 'lekcje', 'unmatched', id
     FROM students ORDER BY id LIMIT 1`,
  );
  await client.query(
    `INSERT INTO bank_mappings (key, columns, mapping)
     VALUES ('backup', ARRAY['Data', 'Kwota', 'Tytuł'],
       '{"date": "Data", "amount": "Kwota", "title": "Tytuł"}')`,
  );
  await client.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT id, '\\xabcd', now() + interval '1 day' FROM users ORDER BY id LIMIT 1`,
  );
}

let source: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'school-backups-'));
  source = await migratedDatabase();
  const database = createDatabase(source);
  try {
    expect(await loadDemoData(database.db)).toBe(true);
  } finally {
    await database.pool.end();
  }
  await withClient(source, fillTheRest);
});

afterAll(async () => {
  for (const drop of drops) await drop().catch(() => undefined);
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a backup taken while writes run', () => {
  let file: string;
  let manifest: Manifest;
  let atSnapshot: Map<string, string[]>;
  let restored: string;

  beforeAll(async () => {
    await withClient(source, async (c) => {
      const { rows } = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (${(await listTables(c))
          .map((t) => `SELECT 1 FROM ${qualified(t)} HAVING count(*) = 0`)
          .join(' UNION ALL ')}) x`,
      );
      expect(rows[0]?.n, 'tables without rows').toBe(0);
    });

    // the writer: each transaction adds three clients of one batch and moves a stage's name
    let stop = false;
    let batches = 0;
    const writer = withClient(source, async (c) => {
      while (!stop) {
        const batch = ++batches;
        await c.query('BEGIN');
        await c.query(
          `INSERT INTO clients (first_name, hash_code, stage_id)
           SELECT 'batch ' || $1::int, md5(random()::text), (SELECT min(id) FROM stages)
           FROM generate_series(1, 3)`,
          [batch],
        );
        await c.query(
          `UPDATE stages SET name = 'batch ' || $1::int WHERE id = (SELECT min(id) FROM stages)`,
          [batch],
        );
        await c.query('COMMIT');
      }
    });
    const committed = async (n: number) => {
      const until = batches + n;
      await vi.waitFor(() => expect(batches).toBeGreaterThanOrEqual(until), {
        timeout: 30_000,
        interval: 5,
      });
    };
    await committed(20);
    const written = await backupDatabase(source, dir, {
      partBytes: 4096, // bigger tables in several tar entries, as 1 MiB parts would be
      // a second session on the very snapshot of the backup reads what it must hold
      onSnapshot: async (client) => {
        const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
        atSnapshot = await withClient(source, async (reader) => {
          await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
          await reader.query(`SET TRANSACTION SNAPSHOT '${rows[0]?.id ?? ''}'`);
          const seen = await contents(reader);
          await reader.query('COMMIT');
          return seen;
        });
        await committed(5); // writes go on while the backup reads
      },
    });
    await committed(5);
    stop = true;
    await writer;
    file = written.file;
    manifest = written.manifest;
    // named by its time and the newest migration's number
    const newest = String(localMigrations().at(-1)?.idx).padStart(4, '0');
    expect(written.name).toMatch(
      new RegExp(`^backup-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ-m${newest}\\.tar\\.gz$`),
    );
    const clients = manifest.tables.find((t) => t.name === 'clients');
    expect(clients?.parts.length).toBeGreaterThan(1);

    restored = await emptyDatabase();
    await withClient(restored, (c) => restoreBackup(c, file));
  }, 120_000);

  it('holds the state at its snapshot, not the writes after it', async () => {
    const now = await withClient(source, contents);
    expect(now.get('public.clients')?.length).toBeGreaterThan(
      atSnapshot.get('public.clients')?.length ?? 0,
    );
    expect(manifest.tables.map((t) => `${t.schema}.${t.name}`).sort()).toEqual(
      [...atSnapshot.keys()].sort(),
    );
  });

  it('restores into an empty database every table row by row, and the sequences', async () => {
    const back = await withClient(restored, contents);
    expect([...back.keys()].sort()).toEqual([...atSnapshot.keys()].sort());
    for (const [table, rows] of atSnapshot) {
      expect(back.get(table), table).toEqual(rows);
    }
    const clients = back.get('public.clients') ?? [];
    const perBatch = new Map<string, number>();
    for (const row of clients) {
      const name = (JSON.parse(row) as { first_name: string }).first_name;
      if (name.startsWith('batch ')) perBatch.set(name, (perBatch.get(name) ?? 0) + 1);
    }
    expect(
      [...perBatch.values()].every((n) => n === 3),
      'a write whole or absent',
    ).toBe(true);
    const stage = await withClient(restored, (c) =>
      c.query<{ name: string }>('SELECT name FROM stages ORDER BY id LIMIT 1'),
    );
    expect(perBatch.has(stage.rows[0]?.name ?? '')).toBe(true);

    const expected = Object.fromEntries(
      manifest.sequences.map((s) => [`${s.schema}.${s.name}`, `${s.value}/${String(s.isCalled)}`]),
    );
    expect(await withClient(restored, (c) => sequences(c, manifest))).toEqual(expected);
    // a new record gets a fresh id
    await withClient(restored, async (c) => {
      const { rows } = await c.query<{ id: number }>(
        `INSERT INTO clients (first_name, hash_code) VALUES ('after', 'h') RETURNING id`,
      );
      const max = Math.max(...clients.map((r) => (JSON.parse(r) as { id: number }).id));
      expect(rows[0]?.id).toBeGreaterThan(max);
      await c.query(`DELETE FROM clients WHERE first_name = 'after'`);
    });
  });

  it('refuses a database that has rows without --force, and replaces it with', async () => {
    const target = await migratedDatabase();
    await withClient(target, (c) =>
      c.query(`INSERT INTO clients (first_name, hash_code) VALUES ('kept', 'k')`),
    );
    const refused = withClient(target, (c) => restoreBackup(c, file));
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(/--force/);
    const kept = await withClient(target, (c) =>
      c.query(`SELECT 1 FROM clients WHERE first_name = 'kept'`),
    );
    expect(kept.rows).toHaveLength(1);

    await withClient(target, (c) => restoreBackup(c, file, { force: true }));
    const back = await withClient(target, contents);
    for (const [table, rows] of atSnapshot) expect(back.get(table), table).toEqual(rows);
  });

  it('refuses a truncated or corrupted file before writing anything', async () => {
    const bytes = await fs.readFile(file);
    const truncated = path.join(dir, 'truncated.tar.gz');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const corrupted = path.join(dir, 'corrupted.tar.gz');
    const flipped = Buffer.from(bytes);
    for (let i = 0; i < 16; i++) {
      const at = Math.floor(bytes.length / 2) + i * 7;
      flipped[at] = (flipped[at] ?? 0) ^ 0xff;
    }
    await fs.writeFile(corrupted, flipped);
    // a well-formed archive whose table data no longer matches its manifest's checksum
    const tampered = path.join(dir, 'tampered.tar.gz');
    await repack(file, tampered, (name, data) =>
      name.includes('public.users.') ? Buffer.from(data.toString().replace('a', 'b')) : data,
    );

    for (const [bad, why] of [
      [truncated, /truncated|ends too early/],
      [corrupted, /not a complete backup/],
      [tampered, /fails its checksum/],
      [path.join(dir, 'missing.tar.gz'), /no such file/],
    ] as const) {
      const target = await emptyDatabase();
      const attempt = withClient(target, (c) => restoreBackup(c, bad));
      await expect(attempt, bad).rejects.toThrow(BackupFileError);
      await expect(attempt, bad).rejects.toThrow(why);
      const tables = await withClient(target, listTables);
      expect(tables, `${bad} wrote nothing`).toEqual([]);
    }
  });
});

/** Rewrites a backup's tar entries through `change` (a test of the checksums). */
async function repack(from: string, to: string, change: (name: string, data: Buffer) => Buffer) {
  const extract = tar.extract();
  const pack = tar.pack();
  const out = (await fs.open(to, 'w')).createWriteStream();
  const done = new Promise<void>((resolve, reject) => {
    pack
      .pipe(createGzip())
      .pipe(out)
      .on('finish', () => resolve())
      .on('error', reject);
  });
  extract.end(gunzipSync(await fs.readFile(from)));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    const data = change(entry.header.name, Buffer.concat(chunks));
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.header.name, size: data.length }, data, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  }
  pack.finalize();
  await done;
}

describe('a backup of an older schema', () => {
  it('is restored at its migration, then the newer migrations run over its data', async () => {
    // a database as version 0012 left it: an admin is a user with is_admin
    const older = await emptyDatabase();
    const migrations = localMigrations();
    await withClient(older, async (c) => {
      await c.query('CREATE SCHEMA drizzle');
      await c.query(
        'CREATE TABLE drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
      );
      for (const m of migrations.filter((m) => m.idx <= 12)) {
        for (const statement of m.statements) await c.query(statement);
        await c.query(
          'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
          [m.hash, m.when],
        );
      }
      await c.query(
        `INSERT INTO users (login, password_hash, first_name, last_name, is_admin)
         VALUES ('old.admin', 'x', 'Old', 'Admin', true), ('old.staff', 'x', 'Old', 'Staff', false)`,
      );
    });
    const written = await backupDatabase(older, dir);
    expect(written.name).toMatch(/-m0012\.tar\.gz$/);
    expect(written.manifest.migration.number).toBe(12);

    const target = await emptyDatabase();
    const result = await withClient(target, (c) => restoreBackup(c, written.file));
    expect(result.newerMigrations).toEqual(migrations.filter((m) => m.idx > 12).map((m) => m.tag));
    await withClient(target, async (c) => {
      const { rows } = await c.query<{ login: string; role: string }>(
        `SELECT login, role FROM users WHERE login LIKE 'old.%' ORDER BY login`,
      );
      expect(rows).toEqual([
        { login: 'old.admin', role: 'admin' },
        { login: 'old.staff', role: 'manager' },
      ]);
      const applied = await c.query('SELECT 1 FROM drizzle.__drizzle_migrations');
      expect(applied.rows).toHaveLength(migrations.length);
    });
  });
});

describe('a backup cut short', () => {
  it('leaves no file behind, partial or whole, and the next one runs', async () => {
    const folder = path.join(dir, 'cut');
    const stop = new AbortController();
    const attempt = backupDatabase(source, folder, {
      partBytes: 1024,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.tablesDone >= 3) stop.abort();
      },
    });
    await expect(attempt).rejects.toThrow();
    await vi.waitFor(async () => expect(await fs.readdir(folder)).toEqual([]));
    const next = await backupDatabase(source, folder);
    expect(await fs.readdir(folder)).toEqual([next.name]);
  });
});

describe('two backups in the same second', () => {
  it('get different names: the second waits for the next second', async () => {
    const folder = path.join(dir, 'same-second');
    // a clock that stands in one second for the first backup and the second's first look; then
    // it reads that second's last millisecond (the wait is a moment, not the rest of a second)
    // and the next second (docs/decisions/037-test-suite-cost.md)
    const anchor = Math.floor(Date.now() / 1_000) * 1_000;
    const first = await backupDatabase(source, folder, { now: () => new Date(anchor + 500) });
    const readings = [500, 999];
    const second = await backupDatabase(source, folder, {
      now: () => new Date(anchor + (readings.shift() ?? 1_000)),
    });
    expect(readings).toEqual([]);
    expect(second.name).not.toBe(first.name);
    expect(first.createdAt.getTime()).toBe(anchor);
    expect(second.createdAt.getTime()).toBe(anchor + 1_000);
    expect((await fs.readdir(folder)).sort()).toEqual([first.name, second.name].sort());
  });
});
