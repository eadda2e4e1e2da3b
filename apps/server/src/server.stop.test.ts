import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { logInOverHttp } from '../test/http.js';
import { createTestDatabase } from '../test/databases.js';
import { freePort } from './db/embedded.js';

/**
 * docs/operations.md, Stopping: SIGTERM lets a request in flight finish and a running import
 * finish within SHUTDOWN_TIMEOUT_MS (else it is rolled back), a backup being written is ended
 * with its partial file removed (ADR 028), and the process exits with 0.
 * The real server process, on a database of this file's own. Each test's restart is the next
 * test's server, started with the settings that test needs: one start fewer per test.
 */
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const PASSWORD = 'first admin password';
const logIn = (base: string) => logInOverHttp(base, PASSWORD);
const EXPORTED = 50_000;
const IMPORTED = 6_000;
/** each row about 100 characters: the file passes 512 kB and runs as a job */
const PAD = 'x'.repeat(60);
const children: ChildProcess[] = [];
let url = '';
let drop: () => Promise<void>;
let sql: pg.Pool;
/** the backup folder of the last test, given to the server the previous test restarts */
let backupDir = '';
/** the server a test restarted, which the next test stops */
let running: Server | undefined;

beforeAll(async () => {
  const database = await createTestDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
  url = database.url;
  drop = database.drop;
  sql = new pg.Pool({ connectionString: url });
  backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'school-stop-backup-'));
  // a large export is the slow request: real work, streamed page by page
  await sql.query(
    `insert into clients (first_name, last_name, hash_code)
     select 'Export', 'Row ' || i, 'stop-export-' || i from generate_series(1, $1) as i`,
    [EXPORTED],
  );
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await sql.end();
  await drop();
  await fs.rm(backupDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

async function start(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      // no scheduled backups (ADR 028) unless a test asks for them
      BACKUP_EVERY_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

/** A file large enough to run as a job (over 512 kB), its rows marked by `tag`. */
const bigCsv = (tag: string) =>
  [
    'firstName,lastName,email',
    ...Array.from(
      { length: IMPORTED },
      (_, i) => `Imported ${PAD},${tag} ${i},${tag}${i}@example.com`,
    ),
  ].join('\n');

async function startImport(base: string, headers: Record<string, string>, tag: string) {
  const res = await fetch(`${base}${api.clientsCsv.import}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ csv: bigCsv(tag) }),
  });
  expect(res.status).toBe(202);
  const job = (await res.json()) as { jobId: string; state: string };
  expect(job.state).toBe('running');
  return job.jobId;
}

async function jobOf(base: string, headers: Record<string, string>, jobId: string) {
  const res = await fetch(`${base}${api.clientsCsv.importJob(jobId)}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as { state: string; result?: object; error?: object };
}

async function stateOf(base: string, headers: Record<string, string>, jobId: string) {
  return (await jobOf(base, headers, jobId)).state;
}

const importedRows = async (tag: string) =>
  (
    await sql.query<{ n: number }>(
      `select count(*)::int as n from clients where last_name like $1`,
      [`${tag} %`],
    )
  ).rows[0]?.n;

it('finishes the request in flight and the running import, then exits 0', async () => {
  // a grace time that a loaded test machine cannot miss; the default is 10 s
  const first = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
  const headers = await logIn(first.base);
  const jobId = await startImport(first.base, headers, 'Kept');

  const exporting = await fetch(`${first.base}${api.clientsCsv.export}`, { headers });
  expect(exporting.status).toBe(200);
  // the import is still running and the export has begun (its first page answered) and is
  // still streaming when SIGTERM comes
  expect(await stateOf(first.base, headers, jobId)).toBe('running');
  first.child.kill('SIGTERM');
  const csv = await exporting.text();
  const lines = csv.trimEnd().split('\n');
  expect(lines).toHaveLength(EXPORTED + 1); // the header and every row, none cut off
  expect(lines.at(-1)).toMatch(/Export/);
  expect(await first.exited).toBe(0);

  // the import finished within the grace time: all of its rows are there; after a restart
  // its job answers done with its result, as jobs live in the database (ADR 031)
  expect(await importedRows('Kept')).toBe(IMPORTED);
  // restarted as the next test needs it: no grace time
  running = await start({ SHUTDOWN_TIMEOUT_MS: '0' });
  const again = await logIn(running.base);
  expect(await jobOf(running.base, again, jobId)).toMatchObject({
    state: 'done',
    result: { created: IMPORTED, updated: 0, skipped: 0 },
  });
}, 120_000);

it('on SIGINT rolls back an import still running when the grace time is over, then exits 0', async () => {
  const first = running ?? (await start({ SHUTDOWN_TIMEOUT_MS: '0' }));
  running = undefined;
  const headers = await logIn(first.base);
  const jobId = await startImport(first.base, headers, 'Dropped');
  expect(await stateOf(first.base, headers, jobId)).toBe('running');
  first.child.kill('SIGINT'); // Ctrl+C stops the same way
  expect(await first.exited).toBe(0);
  // nothing of the file was written
  expect(await importedRows('Dropped')).toBe(0);

  // after the restart (as the next test needs it: a backup folder, a grace time of 10 s) its
  // job answers failed: the server stopped, nothing was imported
  running = await start({ BACKUP_DIR: backupDir, SHUTDOWN_TIMEOUT_MS: '10000' });
  const again = await logIn(running.base);
  expect(await jobOf(running.base, again, jobId)).toMatchObject({
    state: 'failed',
    error: {
      error: 'unavailable',
      message: 'The server stopped during the import; nothing was imported',
    },
  });
  const health = await fetch(`${running.base}${api.health}`);
  expect(health.status).toBe(200);
}, 120_000);

it('on SIGTERM ends a backup being written, leaves no partial file, then exits 0', async () => {
  const dir = backupDir;
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  try {
    const first = running ?? (await start({ BACKUP_DIR: dir, SHUTDOWN_TIMEOUT_MS: '10000' }));
    running = undefined;
    const headers = await logIn(first.base);
    // the backup's read of the clients waits behind this lock: it is under way, half written
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE clients IN ACCESS EXCLUSIVE MODE');
    const started = await fetch(`${first.base}${api.backups}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(started.status).toBe(202);
    expect(((await started.json()) as { state: string }).state).toBe('running');
    await vi.waitFor(
      async () => expect((await fs.readdir(dir)).some((n) => n.endsWith('.partial'))).toBe(true),
      { timeout: 30_000, interval: 100 },
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // no file, whole or partial
    expect(await fs.readdir(dir)).toEqual([]);
    // and the backup's connection was closed: its session ends once the lock lets it go
    await blocker.query('ROLLBACK');
    await vi.waitFor(
      async () => {
        const { rows } = await blocker.query(
          `select pid from pg_stat_activity
           where application_name = 'school-office backup' and datname = current_database()`,
        );
        expect(rows).toEqual([]);
      },
      { timeout: 10_000, interval: 100 },
    );

    // its job answers failed after the restart (ADR 028)
    const second = await start({ BACKUP_DIR: dir });
    const again = await logIn(second.base);
    const current = await fetch(`${second.base}${api.backupsCurrent}`, { headers: again });
    expect(await current.json()).toMatchObject({
      state: 'failed',
      error: 'The server stopped during the backup; no file was written',
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    await blocker.end();
  }
}, 120_000);
