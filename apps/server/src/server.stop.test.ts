import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { api } from '@school/contract/paths';
import { createTestDatabase } from '../test/databases.js';
import { freePort } from './db/embedded.js';

/**
 * docs/operations.md, Stopping: SIGTERM lets a request in flight finish and a running import
 * finish within SHUTDOWN_TIMEOUT_MS (else it is rolled back), and the process exits with 0.
 * The real server process, on a database of this file's own.
 */
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const PASSWORD = 'first admin password';
const EXPORTED = 50_000;
const IMPORTED = 6_000;
/** each row about 100 characters: the file passes 512 kB and runs as a job */
const PAD = 'x'.repeat(60);
const children: ChildProcess[] = [];
let url = '';
let drop: () => Promise<void>;
let sql: pg.Pool;

beforeAll(async () => {
  const database = await createTestDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
  url = database.url;
  drop = database.drop;
  sql = new pg.Pool({ connectionString: url });
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

/** Logs in as the first admin: the cookies and the XSRF header of later calls. */
async function logIn(base: string) {
  const res = await fetch(`${base}${api.authentication}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), 'x-xsrf-token': xsrf ?? '' };
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
  const second = await start();
  const again = await logIn(second.base);
  expect(await jobOf(second.base, again, jobId)).toMatchObject({
    state: 'done',
    result: { created: IMPORTED, updated: 0, skipped: 0 },
  });
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 120_000);

it('on SIGINT rolls back an import still running when the grace time is over, then exits 0', async () => {
  const first = await start({ SHUTDOWN_TIMEOUT_MS: '0' });
  const headers = await logIn(first.base);
  const jobId = await startImport(first.base, headers, 'Dropped');
  expect(await stateOf(first.base, headers, jobId)).toBe('running');
  first.child.kill('SIGINT'); // Ctrl+C stops the same way
  expect(await first.exited).toBe(0);
  // nothing of the file was written
  expect(await importedRows('Dropped')).toBe(0);

  // after the restart its job answers failed: the server stopped, nothing was imported
  const second = await start();
  const again = await logIn(second.base);
  expect(await jobOf(second.base, again, jobId)).toMatchObject({
    state: 'failed',
    error: {
      error: 'unavailable',
      message: 'The server stopped during the import; nothing was imported',
    },
  });
  const health = await fetch(`${second.base}${api.health}`);
  expect(health.status).toBe(200);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 120_000);
