import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { logInOverHttp } from '../../test/http.js';
import { createDatabase } from './client.js';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { runMigrations } from './migrate.js';
import { createQueue } from '../plugins/queue.js';
import { withDatabase } from '../../test/databases.js';
import { startFakeTelegram, textUpdate, type FakeTelegram } from '../../test/fake-telegram.js';

/**
 * docs/operations.md, When the database restarts: a PostgreSQL stopped with a fast shutdown
 * (as a restart or a failover does) and started again never takes the server process down;
 * health answers 503 while it is away and 200 once it is back, a job it cut short ends failed
 * (never left running), and no acknowledged write is lost (ADR 034). The real server process,
 * with its bot polling a fake Bot API, on a PostgreSQL of this file's own that the test stops
 * and starts (the shared one cannot be stopped by a test); one process and one cluster for
 * the whole file.
 */
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const PASSWORD = 'first admin password';
const logIn = (base: string) => logInOverHttp(base, PASSWORD);
const quiet = { info: () => undefined, warn: () => undefined };
const METRICS = 'restart-test-metrics-token';

let dataDir = '';
let port = 0;
let cluster: EmbeddedDatabase | undefined;
let sql: pg.Pool;
let server: Server;
let telegram: FakeTelegram;

interface Server {
  child: ChildProcess;
  base: string;
  /** everything the process wrote, for a failure's message */
  output: () => string;
}

async function startPostgres() {
  cluster = await startEmbeddedPostgres(dataDir, quiet, { port });
  return cluster.url;
}

async function stopPostgres() {
  // SIGINT to the postmaster: a fast shutdown, every connection ended with 57P01
  await cluster?.stop();
  cluster = undefined;
}

async function startServer(url: string): Promise<Server> {
  const httpPort = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(httpPort),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      BODY_LIMIT_BYTES: '16000000',
      BACKUP_DIR: path.join(dataDir, 'backups'),
      BACKUP_EVERY_HOURS: '0',
      // the bot polls the fake Bot API all along, and takes its lock again quickly
      BOT_TOKEN: '1:restart',
      BOT_USERNAME: 'school_bot',
      BOT_API_ROOT: telegram.apiRoot,
      BOT_MODE: 'polling',
      BOT_POLL_TIMEOUT_SECONDS: '0',
      BOT_LOCK_RETRY_MS: '200',
      // the session cache's series (ADR 047)
      METRICS_TOKEN: METRICS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${httpPort}`, output: () => out };
}

const alive = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'school-restart-pg-'));
  await fs.chmod(dataDir, 0o755);
  port = await freePort();
  telegram = await startFakeTelegram();
  const url = await startPostgres();
  const setup = createDatabase(url, undefined, { statementTimeoutMs: 0 });
  try {
    await runMigrations(setup);
  } finally {
    await setup.pool.end();
  }
  // its connections end with each stop; every one has a listener for that (db/client.ts)
  sql = createDatabase(url).pool;
  server = await startServer(url);
});

afterAll(async () => {
  if (server && alive(server)) server.child.kill('SIGKILL');
  await sql?.end();
  await stopPostgres();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** rows of about 100 characters: the file passes the size that runs as a queued job */
const PAD = 'x'.repeat(60);
const ROWS = 6_000;
const csvOf = (tag: string, rows: number) =>
  [
    'firstName,lastName,email',
    ...Array.from({ length: rows }, (_, i) => `Imported ${PAD},${tag} ${i},${tag}${i}@example.com`),
  ].join('\n');

const importedRows = async (tag: string) =>
  (
    await sql.query<{ n: number }>(
      'select count(*)::int as n from clients where last_name like $1',
      [`${tag} %`],
    )
  ).rows[0]?.n;

/** The health check's status; the process must still be the one the test started. */
async function healthOf(s: Server): Promise<number> {
  expect(alive(s), `the server process exited:\n${s.output()}`).toBe(true);
  return (await fetch(`${s.base}${api.health}`)).status;
}

async function jobOf(base: string, headers: Record<string, string>, jobId: string) {
  const res = await fetch(`${base}${api.clientsCsv.importJob(jobId)}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as { state: string; processed: number; error?: object };
}

it('a queued import cut short by a fast shutdown of PostgreSQL leaves the process up', async () => {
  const headers = await logIn(server.base);
  const res = await fetch(`${server.base}${api.clientsCsv.import}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ csv: csvOf('Queued', ROWS), skipErrors: true }),
  });
  expect(res.status).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  // the runner has taken the job and the import is under way
  await vi.waitFor(async () => expect(await importState(jobId)).toBe('running'), {
    timeout: 20_000,
    interval: 20,
  });
  // The server learns of the shutdown only once PostgreSQL is gone, as a busy process or one
  // across a network does: the import, its outcome and the queue's completion of its job all
  // meet a refused connection, whichever the order they come in.
  server.child.kill('SIGSTOP');
  try {
    await stopPostgres();
  } finally {
    server.child.kill('SIGCONT');
  }
  await vi.waitFor(async () => expect(await healthOf(server)).toBe(503), {
    timeout: 10_000,
    interval: 50,
  });
  await startPostgres();
  await vi.waitFor(async () => expect(await healthOf(server)).toBe(200), {
    timeout: 10_000,
    interval: 100,
  });
  const again = await logIn(server.base);
  await vi.waitFor(
    async () =>
      expect(await jobOf(server.base, again, jobId)).toMatchObject({
        state: 'failed',
        error: { error: 'unavailable' },
      }),
    { timeout: 10_000, interval: 100 },
  );
  expect(await importedRows('Queued')).toBe(0);
  expect(alive(server), server.output()).toBe(true);
}, 60_000);

it('the queue records a job that ends while PostgreSQL is away once it is back', async () => {
  // a database of its own: the server's runner takes none of these jobs
  await sql.query('create database queue_alone');
  const url = withDatabase(cluster?.url ?? '', 'queue_alone');
  const setup = createDatabase(url, undefined, { statementTimeoutMs: 0 });
  try {
    await runMigrations(setup);
  } finally {
    await setup.pool.end();
  }
  const database = createDatabase(url);
  // what the runner leaves unhandled: before ADR 034, the end of both jobs, which would end
  // the server's process; here it is only recorded, and the listener goes after the test
  const refused: unknown[] = [];
  const notHandled = (reason: unknown) => refused.push(reason);
  process.on('unhandledRejection', notHandled);
  const logged: string[] = [];
  const { log } = Fastify({
    logger: { level: 'debug', stream: { write: (line: string) => logged.push(line) } },
  });
  const waited = () => logged.filter((l) => l.includes('waiting for the database')).length;
  const queue = createQueue({ pool: database.pool, log, pollIntervalMs: 200 });
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const begun: string[] = [];
  queue.task('held_then_done', async () => {
    begun.push('done');
    await held;
  });
  queue.task('held_then_failed', async () => {
    begun.push('failed');
    await held;
    throw new Error('the work failed');
  });
  try {
    await queue.start();
    await queue.add('held_then_done', {}, 'done-1');
    await queue.add('held_then_failed', {}, 'failed-1');
    await vi.waitFor(() => expect(begun).toHaveLength(2), { timeout: 10_000, interval: 20 });
    await stopPostgres();
    // both jobs end while the database is away: the runner must record them, not give up
    release();
    await vi.waitFor(() => expect(refused.length + waited()).toBeGreaterThan(0), {
      timeout: 5_000,
      interval: 20,
    });
  } finally {
    await startPostgres();
  }
  try {
    const jobs = createDatabase(url).pool;
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await jobs.query<{
            key: string;
            last_error: string | null;
            locked: boolean;
          }>(
            `select key, last_error, locked_at is not null as locked from graphile_worker.jobs order by key`,
          );
          expect(rows).toEqual([{ key: 'failed-1', last_error: 'the work failed', locked: false }]);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await jobs.end();
    }
    expect(refused).toEqual([]);
  } finally {
    process.off('unhandledRejection', notHandled);
    await queue.stop();
    await database.pool.end();
  }
}, 60_000);

/**
 * New clients written one after another until `stop`: the ids of those answered 2xx. Each
 * write waits for the answer to the one before, so the stream never outruns the server.
 */
function writeStream(base: string, headers: Record<string, string>, tag: string) {
  const acknowledged: number[] = [];
  let stopping = false;
  const done = (async () => {
    for (let n = 0; !stopping; n++) {
      const res = await fetch(`${base}${api.clients}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Written', lastName: `${tag} ${n}` }),
      });
      if (res.ok) acknowledged.push(((await res.json()) as { id: number }).id);
      else expect(res.status).toBe(503); // cut short by the stop: nothing written
    }
  })();
  return {
    /** how many have been answered 2xx so far */
    count: () => acknowledged.length,
    async stop() {
      stopping = true;
      await done;
      return acknowledged;
    },
  };
}

interface Moment {
  name: string;
  /** starts the work the stop interrupts; resolves to the check once the database is back */
  during: (
    headers: Record<string, string>,
  ) => Promise<(headers: Record<string, string>) => Promise<void>>;
}

const importState = async (id: string) =>
  (await sql.query<{ state: string }>('select state from import_jobs where id = $1', [id])).rows[0]
    ?.state;

const moments: Moment[] = [
  {
    name: 'a queued import',
    during: async (headers) => {
      const res = await fetch(`${server.base}${api.clientsCsv.import}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ csv: csvOf('Again', ROWS), skipErrors: true }),
      });
      expect(res.status).toBe(202);
      const { jobId } = (await res.json()) as { jobId: string };
      await vi.waitFor(async () => expect(await importState(jobId)).toBe('running'), {
        timeout: 20_000,
        interval: 20,
      });
      return async (again) => {
        // its outcome is written within seconds of the database's return
        await vi.waitFor(
          async () =>
            expect(['failed', 'done']).toContain((await jobOf(server.base, again, jobId)).state),
          { timeout: 10_000, interval: 100 },
        );
        // all of the file or none of it
        expect([0, ROWS]).toContain(await importedRows('Again'));
      };
    },
  },
  {
    name: 'a backup',
    during: async (headers) => {
      // answered once the backup has begun (its snapshot taken), or has already ended
      const res = await fetch(`${server.base}${api.backups}`, { method: 'POST', headers });
      expect(res.status).toBe(202);
      return async (again) => {
        await vi.waitFor(
          async () => {
            const current = await fetch(`${server.base}${api.backupsCurrent}`, { headers: again });
            expect(current.status).toBe(200);
            const job = (await current.json()) as { state: string };
            expect(['failed', 'done']).toContain(job.state);
          },
          { timeout: 10_000, interval: 100 },
        );
      };
    },
  },
  {
    name: 'reminders, retention and the imports’ cleanup',
    during: async () => {
      // the recurring tasks, queued now rather than at their next tick
      for (const task of ['bot_reminders', 'history_retention', 'import_jobs_cleanup']) {
        await sql.query('select graphile_worker.add_job($1, $2::json)', [task, '{}']);
      }
      await vi.waitFor(
        async () => {
          const { rows } = await sql.query<{ waiting: number }>(
            `select count(*)::int as waiting from graphile_worker.jobs where locked_at is null
             and task_identifier in ('bot_reminders', 'history_retention', 'import_jobs_cleanup')`,
          );
          expect(rows[0]?.waiting).toBe(0); // every one taken by the runner (or done)
        },
        { timeout: 10_000, interval: 20 },
      );
      return async () => undefined;
    },
  },
];

it('stays up through restarts at several moments: health, jobs, the bot, writes', async () => {
  let headers = await logIn(server.base);
  let chat = 7000;
  const acknowledged: number[] = [];
  for (const moment of moments) {
    const writes = writeStream(server.base, headers, moment.name);
    const check = await moment.during(headers);
    // writes are under way when the database stops
    await vi.waitFor(() => expect(writes.count()).toBeGreaterThan(0), { interval: 10 });
    await stopPostgres();
    acknowledged.push(...(await writes.stop()));
    await vi.waitFor(async () => expect(await healthOf(server)).toBe(503), {
      timeout: 10_000,
      interval: 50,
    });
    await startPostgres();
    const back = performance.now();
    await vi.waitFor(async () => expect(await healthOf(server)).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    expect(performance.now() - back, moment.name).toBeLessThan(10_000);
    headers = await logIn(server.base);
    await check(headers);
    // no job left running: each one that was interrupted is failed or done
    await vi.waitFor(
      async () => {
        const { rows } = await sql.query<{ task: string }>(
          'select task_identifier as task from graphile_worker.jobs where locked_at is not null',
        );
        expect(rows, moment.name).toEqual([]);
      },
      { timeout: 10_000, interval: 100 },
    );
    // the bot polls again and answers
    const from = ++chat;
    telegram.push(textUpdate(from, '/start nosuchcode', 'en'));
    await telegram.until(
      () => telegram.callsOf('sendMessage').some((c) => c.payload.chat_id === from),
      10_000,
    );
    expect(alive(server), server.output()).toBe(true);
  }
  // no acknowledged write is lost
  expect(acknowledged.length).toBeGreaterThan(0);
  const { rows } = await sql.query<{ n: number }>(
    'select count(*)::int as n from clients where id = any($1::int[])',
    [acknowledged],
  );
  expect(rows[0]?.n).toBe(acknowledged.length);
}, 120_000);

/** A series' value in the server's /metrics (the first line of that name and labels). */
async function metric(name: string, labels = '') {
  const res = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return Number(line?.split(' ')[1]);
}

it('the session cache listens again after a restart, holding nothing read before it', async () => {
  const headers = await logIn(server.base);
  const isLogin = async () => (await fetch(`${server.base}${api.islogin}`, { headers })).status;
  const hits = () => metric('session_cache_lookups_total', '{outcome="hit"}');
  await vi.waitFor(async () => expect(await metric('session_cache_listening')).toBe(1), {
    timeout: 10_000,
    interval: 100,
  });
  expect(await isLogin()).toBe(200);
  const before = await hits();
  expect(await isLogin()).toBe(200);
  expect(await hits()).toBe(before + 1); // kept
  await stopPostgres();
  await startPostgres();
  // the session ends as soon as the database is back, whether or not the server listens yet
  const sid = /(?:^|; )sid=([^;]+)/.exec(headers.cookie)?.[1] ?? '';
  const hash = createHash('sha256').update(sid).digest();
  const gone = await sql.query('delete from sessions where token_hash = $1', [hash]);
  expect(gone.rowCount).toBe(1);
  expect(await isLogin()).toBe(401);
  // it listens again by itself, and keeps sessions again
  await vi.waitFor(async () => expect(await metric('session_cache_listening')).toBe(1), {
    timeout: 10_000,
    interval: 100,
  });
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where application_name = 'school session cache'`,
  );
  expect(rows[0]?.n).toBe(1);
  expect(await isLogin()).toBe(401);
  const again = await logIn(server.base);
  const isAgain = async () =>
    (await fetch(`${server.base}${api.islogin}`, { headers: again })).status;
  expect(await isAgain()).toBe(200);
  const kept = await hits();
  expect(await isAgain()).toBe(200);
  expect(await hits()).toBe(kept + 1);
  expect(alive(server), server.output()).toBe(true);
}, 60_000);

it('stops on SIGTERM while PostgreSQL is away, and exits 0', async () => {
  // a job under way, so the runner and the import both have something to give up
  const headers = await logIn(server.base);
  const res = await fetch(`${server.base}${api.clientsCsv.import}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ csv: csvOf('Stopped', ROWS), skipErrors: true }),
  });
  expect(res.status).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  await vi.waitFor(async () => expect(await importState(jobId)).toBe('running'), {
    timeout: 20_000,
    interval: 20,
  });
  await stopPostgres();
  await vi.waitFor(async () => expect(await healthOf(server)).toBe(503), {
    timeout: 10_000,
    interval: 50,
  });
  const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  // within SHUTDOWN_TIMEOUT_MS (10 s) and the waits' last pause
  expect(await exited, server.output()).toBe(0);
  await startPostgres(); // for the file's clean-up
}, 30_000);
