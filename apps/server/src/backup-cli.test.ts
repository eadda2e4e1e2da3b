import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../test/databases.js';
import { BACKUP_LOCK } from './db/backup/run.js';
import { freePort } from './db/embedded.js';

/**
 * `npm run backup` and `npm run restore` on the embedded PostgreSQL (ADR 028, docs/restore.md):
 * beside a running server (its PostgreSQL is used, never a second one), with the server stopped
 * (started and stopped by the command), and a restore into a new DATA_DIR that a server then
 * starts on.
 */

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const cliEntry = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
const children: ChildProcess[] = [];
const folders: string[] = [];
const PASSWORD = 'first admin password';

const baseEnv = (dataDir: string) => ({
  ...process.env,
  DATABASE_URL: '',
  BACKUP_DIR: '',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: PASSWORD,
  BACKUP_EVERY_HOURS: '0',
  LOG_LEVEL: 'warn',
});

function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: { ...baseEnv(dataDir), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running on')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function cli(dataDir: string, ...args: string[]) {
  return cliWith(baseEnv(dataDir), ...args);
}

function cliWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cliEntry, ...args],
      { env },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

async function tempDataDir(label: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `school-${label}-`));
  await fs.chmod(dir, 0o755);
  folders.push(dir);
  return dir;
}

const postgresRunning = (dataDir: string) =>
  existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));

async function loginCookie(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null
        ? new Promise((r) => c.once('exit', r))
        : Promise.resolve(),
    ),
  );
  for (const dir of folders) {
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
      try {
        process.kill(pid, 'SIGINT');
        await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 10_000 });
      } catch {
        // gone already
      }
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
});

// The two tests share nothing (each its own folders, PostgreSQL and processes): they run side by
// side, the second's commands while the first waits on its server (docs/decisions/037-test-suite-cost.md).
it.concurrent(
  'backs up beside the running server and without it, and restores into a new DATA_DIR',
  async () => {
    const first = await tempDataDir('backup-source');
    const port = await freePort();
    let server = await startServer(first, port);
    const cookie = await loginCookie(port);
    const made = await fetch(`http://127.0.0.1:${port}/api/clients`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '',
      },
      body: JSON.stringify({ firstName: 'Backed Up' }),
    });
    expect(made.status).toBe(201);

    // beside the running server: its PostgreSQL, not a second one
    const beside = await cli(first, 'backup');
    expect(beside.err).toBe('');
    expect(beside.code).toBe(0);
    expect(beside.out).toContain("Using the running server's embedded PostgreSQL");
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      lastBackupAt: string | null;
    };
    expect(health.lastBackupAt).not.toBeNull();
    expect(
      (await fetch(`http://127.0.0.1:${port}/api/clients`, { headers: { cookie } })).status,
    ).toBe(200);
    await stopServer(server);
    expect(postgresRunning(first)).toBe(false);

    // with the server stopped: the command starts PostgreSQL and stops it again
    const alone = await cli(first, 'backup');
    expect(alone.code, alone.err).toBe(0);
    expect(alone.out).toContain('Starting the embedded PostgreSQL');
    expect(postgresRunning(first)).toBe(false);
    const files = (await fs.readdir(path.join(first, 'backups'))).sort();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^backup-.*-m\d{4}\.tar\.gz$/);
    const file = path.join(first, 'backups', files.at(-1) ?? '');

    // a new machine: a DATA_DIR with no database gets one, restored; PostgreSQL stopped after
    const second = await tempDataDir('backup-target');
    const restored = await cli(second, 'restore', file);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/Restored \d+ rows/);
    expect(postgresRunning(second)).toBe(false);

    // a second restore onto it is refused without --force, and done with it
    const refused = await cli(second, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--force');
    const forced = await cli(second, 'restore', file, '--force');
    expect(forced.code, forced.err).toBe(0);

    // the server starts on the restored data: the same admin, the same client
    const port2 = await freePort();
    server = await startServer(second, port2);
    const cookie2 = await loginCookie(port2);
    const list = (await (
      await fetch(`http://127.0.0.1:${port2}/api/clients?search=Backed`, {
        headers: { cookie: cookie2 },
      })
    ).json()) as { firstName: string }[];
    expect(list.map((c) => c.firstName)).toEqual(['Backed Up']);

    // and a restore while it runs is refused
    const busy = await cli(second, 'restore', file, '--force');
    expect(busy.code).toBe(1);
    expect(busy.err).toMatch(/running.*stop it/);
    await stopServer(server);
  },
  180_000,
);

it.concurrent(
  'backs up the database of DATABASE_URL, and refuses while another backup holds the lock',
  async () => {
    const database = await createTestDatabase(
      inject('adminDatabaseUrl'),
      inject('templateDatabase'),
    );
    const dataDir = await tempDataDir('backup-url');
    const backupDir = path.join(dataDir, 'elsewhere');
    const env = { ...baseEnv(dataDir), DATABASE_URL: database.url, BACKUP_DIR: backupDir };
    const other = new pg.Client({ connectionString: database.url });
    try {
      const done = await cliWith(env, 'backup');
      expect(done.code, done.err).toBe(0);
      const [name, ...more] = await fs.readdir(backupDir);
      expect(more).toEqual([]);
      expect(done.out).toContain(`Backup written: ${path.join(backupDir, name ?? '')}`);
      // no embedded PostgreSQL was started for it
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);

      await other.connect();
      await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK]);
      const refused = await cliWith(env, 'backup');
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/^Refused: another backup of this database is being written/);
      expect(await fs.readdir(backupDir)).toEqual([name]);
    } finally {
      await other.end().catch(() => undefined);
      await database.drop();
    }
  },
  60_000,
);
