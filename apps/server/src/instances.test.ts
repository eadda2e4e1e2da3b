import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { BackupJob } from '@school/contract/backups';
import type { ImportJob } from '@school/contract/imports';
import { api } from '@school/contract/paths';
import { createTestDatabase } from '../test/databases.js';
import { login, type Agent } from '../test/helper.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { hashPassword } from './modules/auth/password.js';
import { insertUser } from './modules/users/users.queries.js';

/**
 * Two app instances on one database, each with a pool of its own, as two processes behind a
 * load balancer (docs/operations.md, Several instances): nothing a request depends on may
 * live in one instance's memory.
 */
let one: FastifyInstance;
let two: FastifyInstance;
const pools: Database[] = [];
let drop: () => Promise<void>;
let seed: Database;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  const testDb = await createTestDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
  drop = testDb.drop;
  backupDir = path.join(os.tmpdir(), `school-instances-backups-${testDb.name}`);
  const config = loadConfig({
    DATABASE_URL: testDb.url,
    LOGIN_MAX_FAILURES: '4',
    BACKUP_EVERY_HOURS: '24',
    BACKUP_DIR: backupDir,
  });
  const app = async () => {
    const database = createDatabase(testDb.url);
    pools.push(database);
    return buildApp({ config, database, logger: false });
  };
  [one, two] = await Promise.all([app(), app()]);
  seed = pools[0] as Database;
  // a recurring task of every minute, known for an hour and last run ten minutes ago: each
  // runner, as it starts, makes up the ticks of the last three minutes (ADR 031)
  await seed.pool.query(
    `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
     values ('probe', now() - interval '1 hour', now() - interval '10 minutes')`,
  );
  // the app's own recurring tasks, last run long ago: each runner, as it starts, makes up the
  // ticks within their backfill (ADR 031), which both runners meet at once
  await seed.pool.query(
    `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
     select task, now() - interval '3 days', now() - interval '2 days'
     from unnest(array['backup_schedule', 'import_jobs_cleanup', 'history_retention']) as task`,
  );
  // a finished import of two hours ago: the cleanup deletes it
  const owner = await user();
  await seed.pool.query(
    `insert into import_jobs (id, list, user_id, state, created_at, finished_at)
     values (gen_random_uuid(), 'clients', $1, 'done', now() - interval '2 hours', now() - interval '2 hours')`,
    [owner.id],
  );
  for (const [name, app] of [
    ['one', one],
    ['two', two],
  ] as const) {
    app.queue.recurring({
      task: 'probe',
      match: '* * * * *',
      backfillMs: 3 * 60_000,
      run: async () => {},
    });
    app.queue.onRun(({ task, tick }) => {
      if (task === 'probe' && tick) probes.push({ instance: name, tick });
      else if (tick) ticks.push({ task, instance: name, tick });
    });
  }
  await Promise.all([one.ready(), two.ready()]);
});
const probes: { instance: string; tick: string }[] = [];

/**
 * Both runners are past the ticks they make up at start-up once each has queued them (its
 * schedule's `cron:started`, ADR 031) and no job of a recurring task waits or runs any more: a
 * tick queued twice at start-up has run twice by then.
 */
const pastStartUp = async () => {
  await Promise.all([one.queue.cronStarted(), two.queue.cronStarted()]);
  await vi.waitFor(
    async () => {
      const { rows } = await seed.pool.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker.jobs
         where task_identifier = any($1) and (attempts < max_attempts or locked_at is not null)`,
        [['probe', 'backup_schedule', 'import_jobs_cleanup', 'history_retention']],
      );
      expect(rows[0]?.n).toBe(0);
    },
    { timeout: 60_000, interval: 200 },
  );
};
const ticks: { task: string; instance: string; tick: string }[] = [];
let backupDir = '';

afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
  await Promise.all(pools.map((p) => p.pool.end()));
  await drop();
  await fs.rm(backupDir, { recursive: true, force: true });
});

let counter = 0;
async function user(role: 'admin' | 'manager' | 'teacher' = 'manager') {
  const login = `instance${++counter}`;
  const id = await insertUser(seed.db, {
    login,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Iryna',
    lastName: 'Koval',
    role,
  });
  return { id, login, password: PASSWORD };
}

/** The agent's session and XSRF token, sent to another instance. */
const on =
  (app: FastifyInstance, agent: Agent) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      cookies: agent.cookies,
      headers: { 'user-agent': agent.userAgent, 'x-xsrf-token': agent.xsrf },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

describe('two instances on one database', () => {
  it('a session made on one works on the other, its XSRF token too', async () => {
    const me = await login(one, await user());
    const viaTwo = on(two, me);
    expect((await viaTwo('GET', api.islogin)).statusCode).toBe(200);
    const made = await viaTwo('POST', api.clients, { firstName: 'Across', lastName: 'Instances' });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ id: number }>().id;
    expect((await on(one, me)('GET', api.client(id))).statusCode).toBe(200);
  });

  it('a logout on one applies on the other at its next request', async () => {
    const me = await login(one, await user());
    expect((await on(two, me)('GET', api.islogin)).statusCode).toBe(200);
    expect((await on(two, me)('POST', api.logout)).statusCode).toBeLessThan(300);
    expect((await on(one, me)('GET', api.islogin)).statusCode).toBe(401);
    expect((await on(two, me)('GET', api.islogin)).statusCode).toBe(401);
  });

  it('disabling a user on one refuses their session on the other at once', async () => {
    const admin = await login(one, await user('admin'));
    const someone = await user();
    const theirs = await login(two, someone);
    expect((await on(two, theirs)('GET', api.islogin)).statusCode).toBe(200);
    const put = await on(one, admin)('PUT', api.user(someone.id), { disabled: true });
    expect(put.statusCode).toBe(200);
    expect((await on(two, theirs)('GET', api.islogin)).statusCode).toBe(401);
    expect((await on(one, theirs)('GET', api.islogin)).statusCode).toBe(401);
    const again = await two.inject({
      method: 'POST',
      url: api.authentication,
      payload: { login: someone.login, password: someone.password },
    });
    expect(again.statusCode).toBe(401);
  });

  it("a role change on one applies on the other at the user's next request", async () => {
    const admin = await login(two, await user('admin'));
    const someone = await user('manager');
    const theirs = await login(one, someone);
    expect((await on(two, theirs)('GET', api.clients)).statusCode).toBe(200);
    const put = await on(two, admin)('PUT', api.user(someone.id), { role: 'teacher' });
    expect(put.statusCode).toBe(200);
    // a teacher has no right to the clients (docs/roles.md)
    expect((await on(one, theirs)('GET', api.clients)).statusCode).toBe(403);
    expect((await on(two, theirs)('GET', api.islogin)).json()).toMatchObject({ role: 'teacher' });
  });

  it('login throttling counts the failures made on both', async () => {
    const victim = await user();
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: api.authentication,
        remoteAddress: '10.9.8.7',
        payload: { login: victim.login, password },
      });
    // LOGIN_MAX_FAILURES is 4 per (login, address): two on each instance reach it
    for (const app of [one, two, one, two]) {
      expect((await attempt(app, 'a wrong password')).statusCode).toBe(401);
    }
    expect((await attempt(one, victim.password)).statusCode).toBe(429);
    expect((await attempt(two, victim.password)).statusCode).toBe(429);
  });

  it('runs one import at a time across both; its progress and result are read on either', async () => {
    const me = await login(one, await user());
    const viaOne = on(one, me);
    const viaTwo = on(two, me);
    const csv = [
      'firstName,lastName,email,tel,stage,probability',
      ...Array.from(
        { length: 10_000 },
        (_, i) =>
          `across${i},Row,across${i}@example.com,+382${String(i).padStart(9, '0')},New lead,1`,
      ),
    ].join('\n');
    const started = await viaOne('POST', api.clientsCsv.import, { csv });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json<ImportJob>();
    // the other instance refuses a second import and a preview while the job is under way
    const second = await viaTwo('POST', api.clientsCsv.import, { csv: 'firstName\nLate' });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ error: 'import_running' });
    const preview = await viaTwo('POST', api.clientsCsv.importPreview, { csv: 'firstName\nX' });
    expect(preview.statusCode).toBe(429);
    // and answers the job, whichever instance runs it, until it is done
    const seen: ImportJob[] = [];
    await vi.waitFor(
      async () => {
        const res = await viaTwo('GET', api.clientsCsv.importJob(jobId));
        expect(res.statusCode).toBe(200);
        const job = res.json<ImportJob>();
        seen.push(job);
        expect(job.state).toBe('done');
      },
      { timeout: 240_000, interval: 200 },
    );
    expect(seen.some((job) => job.state === 'running')).toBe(true);
    const processed = seen.map((job) => job.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    const done = { state: 'done', processed: 10_000, total: 10_000 };
    const result = { created: 10_000, updated: 0, skipped: 0 };
    expect(seen.at(-1)).toMatchObject({ ...done, result });
    const fromOne = await viaOne('GET', api.clientsCsv.importJob(jobId));
    expect(fromOne.json()).toEqual(seen.at(-1));
    // the file is not kept once the job has finished
    const kept = await seed.pool.query('select csv from import_jobs where id = $1', [jobId]);
    expect(kept.rows).toEqual([{ csv: null }]);
    // free again on both
    expect(
      (await viaTwo('POST', api.clientsCsv.importPreview, { csv: 'firstName\nX' })).statusCode,
    ).toBe(200);
  }, 240_000);

  it('runs a recurring task once per tick across both', async () => {
    await vi.waitFor(() => expect(probes.length).toBeGreaterThanOrEqual(3), {
      timeout: 30_000,
      interval: 100,
    });
    // no instance runs a tick the other has run
    await pastStartUp();
    const ticks = probes.map((p) => p.tick);
    expect(new Set(ticks).size).toBe(ticks.length);
    const minutes = ticks.map((tick) => new Date(tick).getTime()).sort((a, b) => a - b);
    expect(minutes.every((m, i) => i === 0 || m - (minutes[i - 1] ?? 0) === 60_000)).toBe(true);
  }, 120_000);

  it('a session revoked on one is refused on the other at once', async () => {
    const someone = await user();
    const here = await login(one, someone);
    const there = await login(two, someone, 'Mozilla/5.0 (Macintosh) Firefox/140.0');
    const sessions = await on(one, here)('GET', api.sessions);
    const other = sessions.json<{ id: number; current: boolean }[]>().find((s) => !s.current);
    expect(other).toBeDefined();
    expect((await on(two, there)('GET', api.islogin)).statusCode).toBe(200);
    const revoked = await on(one, here)('DELETE', api.session(Number(other?.id)));
    expect(revoked.statusCode).toBe(204);
    expect((await on(two, there)('GET', api.islogin)).statusCode).toBe(401);
    expect((await on(one, there)('GET', api.islogin)).statusCode).toBe(401);
    expect((await on(two, here)('GET', api.islogin)).statusCode).toBe(200);
  });

  it('runs the scheduled backup, the imports cleanup and the history retention once per tick', async () => {
    // the look of the schedule made up at the start found no backup: one is written, once
    await vi.waitFor(
      async () => {
        const { rows } = await seed.pool.query<{ state: string }>('select state from backup_jobs');
        expect(rows).toEqual([{ state: 'done' }]);
      },
      { timeout: 60_000, interval: 200 },
    );
    // the finished import of two hours ago is gone
    const old = await seed.pool.query(`select id from import_jobs where state = 'done'
      and finished_at < now() - interval '1 hour'`);
    expect(old.rows).toEqual([]);
    // no instance runs a tick the other has run
    await pastStartUp();
    for (const task of ['backup_schedule', 'import_jobs_cleanup', 'history_retention']) {
      const runs = ticks.filter((t) => t.task === task).map((t) => t.tick);
      expect(runs.length, task).toBeGreaterThanOrEqual(1);
      expect(new Set(runs).size, task).toBe(runs.length);
    }
    const files = (await fs.readdir(backupDir)).filter((n) => n.startsWith('backup-'));
    expect(files).toHaveLength(1);
    // its job answers the same on both
    const admin = await login(two, await user('admin'));
    const fromOne = (await on(one, admin)('GET', api.backupsCurrent)).json<BackupJob>();
    expect(fromOne).toMatchObject({ state: 'done', backup: { name: files[0] } });
    expect((await on(two, admin)('GET', api.backupsCurrent)).json()).toEqual(fromOne);
  }, 120_000);
});
