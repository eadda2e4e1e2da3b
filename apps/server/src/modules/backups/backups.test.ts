import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackupFile, BackupJob } from '@school/contract/backups';
import {
  createTestApp,
  createUser,
  login,
  setupApp,
  type Agent,
  type AppFixture,
} from '../../../test/helper.js';
import { BACKUP_LOCK } from '../../db/backup/run.js';
import { BACKUP_CHECK_CRON } from './backups.service.js';

/** The backups API (docs/api.md, Backups; ADR 028): an admin's, listed, started, downloaded. */

let t: AppFixture;
let manager: Agent;
let teacher: Agent;

beforeAll(async () => {
  t = await setupApp({ admin: true });
  folders.push(t.config.backupDir);
  manager = await login(t.app, await createUser(t, { login: 'backup-manager', role: 'manager' }));
  teacher = await login(t.app, await createUser(t, { login: 'backup-teacher', role: 'teacher' }));
});

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

const finished = async (agent: Agent): Promise<BackupJob> => {
  let job: BackupJob | undefined;
  await vi.waitFor(
    async () => {
      job = (await agent.request({ method: 'GET', url: '/api/backups/current' })).json<BackupJob>();
      expect(job.state).not.toBe('running');
    },
    { timeout: 20_000, interval: 50 },
  );
  return job as BackupJob;
};

describe('the backups API', () => {
  const routes = [
    { method: 'GET', url: '/api/backups' },
    { method: 'POST', url: '/api/backups' },
    { method: 'GET', url: '/api/backups/current' },
    { method: 'GET', url: '/api/backups/backup-2026-11-26T13-05-09Z-m0013.tar.gz' },
  ] as const;

  it('answers 401 without a login and 403 to a manager or a teacher', async () => {
    for (const route of routes) {
      const anonymous = await t.app.inject(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const agent of [manager, teacher]) {
        const res = await agent.request(route);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json<{ error: string }>().error).toBe('forbidden');
      }
    }
    expect(await fs.readdir(t.config.backupDir).catch(() => [])).toEqual([]);
  });

  it('starts a backup with 202, shows its progress, lists and downloads it', async () => {
    const agent = t.agent;
    expect((await agent.request({ method: 'GET', url: '/api/backups' })).json()).toEqual([]);
    const health0 = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health0.json<{ lastBackupAt: unknown }>().lastBackupAt).toBeNull();

    const started = await agent.request({ method: 'POST', url: '/api/backups' });
    expect(started.statusCode).toBe(202);
    const job = started.json<BackupJob>();
    expect(['running', 'done']).toContain(job.state);
    expect(job.tablesTotal).toBeGreaterThan(30);

    const done = await finished(agent);
    expect(done.state).toBe('done');
    // the instance's metrics count it (docs/operations.md, Metrics)
    const counted = await t.app.metrics.backupsTotal.get();
    expect(counted.values.find((v) => v.labels.outcome === 'done')?.value).toBe(1);
    expect((await t.app.metrics.lastBackupTimestamp.get()).values[0]?.value).toBeGreaterThan(0);
    expect(done.tablesDone).toBe(done.tablesTotal);
    expect(done.bytes).toBeGreaterThan(0);
    const file = done.backup as BackupFile;
    expect(file.name).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-m\d{4}\.tar\.gz$/);

    const list = (await agent.request({ method: 'GET', url: '/api/backups' })).json<BackupFile[]>();
    expect(list).toEqual([file]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json<{ lastBackupAt: string }>().lastBackupAt).toBe(file.createdAt);

    const download = await agent.request({ method: 'GET', url: `/api/backups/${file.name}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toContain(file.name);
    expect(download.rawPayload).toEqual(
      await fs.readFile(path.join(t.config.backupDir, file.name)),
    );
    expect(gunzipSync(download.rawPayload).length).toBeGreaterThan(0);
  });

  it('takes a name of the strict pattern only, never a path out of the folder', async () => {
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '.backup-x.partial',
      'backup.tar.gz',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await t.agent.request({ method: 'GET', url: `/api/backups/${name}` });
      expect(res.statusCode, name).toBe(400);
    }
    const missing = await t.agent.request({
      method: 'GET',
      url: '/api/backups/backup-2001-01-01T00-00-00Z-m0001.tar.gz',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 409 while another instance writes a backup of the database', async () => {
    const other = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK]);
      const res = await t.agent.request({ method: 'POST', url: '/api/backups' });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: string }>().error).toBe('backup_running');
    } finally {
      await other.end();
    }
  });
});

describe('one backup at a time', () => {
  it('answers 409 to a second request while one is being written, and its job to everyone', async () => {
    const blocker = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await blocker.connect();
    try {
      // the backup's read of the clients waits behind this lock
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE clients IN ACCESS EXCLUSIVE MODE');
      const first = await t.agent.request({ method: 'POST', url: '/api/backups' });
      expect(first.statusCode).toBe(202);
      const second = await t.agent.request({ method: 'POST', url: '/api/backups' });
      expect(second.statusCode).toBe(409);
      expect(second.json<{ error: string }>().error).toBe('backup_running');
      // the progress is the row's: what any instance answers
      const current = await t.agent.request({ method: 'GET', url: '/api/backups/current' });
      expect(current.json<BackupJob>()).toMatchObject({
        state: 'running',
        startedAt: first.json<BackupJob>().startedAt,
      });
      const { rows } = await blocker.query<{ state: string }>(
        `select state from backup_jobs where state in ('queued', 'running')`,
      );
      expect(rows).toEqual([{ state: 'running' }]);
      await blocker.query('ROLLBACK');
      expect((await finished(t.agent)).state).toBe('done');
    } finally {
      await blocker.end();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the backups calls with the contract schemas', async () => {
    const res = await t.agent.request({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(Object.keys(doc.paths['/api/backups'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/backups/current']).toHaveProperty('get');
    expect(doc.paths['/api/backups/{name}']).toHaveProperty('get');
    expect(doc.components.schemas).toHaveProperty('BackupFile');
    expect(doc.components.schemas).toHaveProperty('BackupJob');
    expect(JSON.stringify(doc.components.schemas.Health)).toContain('lastBackupAt');
  });
});

/** One look of the schedule as the app's job queue runs it: a job of its recurring task. */
const tick = (pool: pg.Pool) =>
  pool.query(`select graphile_worker.add_job('backup_schedule', '{}'::json)`);

const backupNames = async (dir: string) =>
  (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.includes('backup-'));

describe('the schedule', () => {
  it('backs up every BACKUP_EVERY_HOURS, keeps the newest BACKUP_KEEP, logs each', async () => {
    // 0.0003 h: about a second
    const s = await createTestApp({ BACKUP_EVERY_HOURS: '0.0003', BACKUP_KEEP: '2' });
    // the job queue looks every five minutes, once across instances (ADR 031)
    expect(s.app.queue.schedule()).toContainEqual({
      task: 'backup_schedule',
      match: BACKUP_CHECK_CRON,
    });
    const dir = s.config.backupDir;
    folders.push(dir);
    await s.app.ready();
    const done = () => s.logs.filter((l) => l.includes('"event":"backup_done"')).length;
    for (let n = 1; n <= 3; n++) {
      await vi.waitFor(
        async () => {
          await tick(s.database.pool);
          expect(done()).toBeGreaterThanOrEqual(n);
        },
        { timeout: 25_000, interval: 500 },
      );
    }
    await vi.waitFor(async () => expect(await backupNames(dir)).toHaveLength(2));
    expect(s.logs.some((l) => l.includes('"event":"backup_pruned"'))).toBe(true);
    // each written by a process of its own, its job kept in the database
    const { rows } = await s.database.pool.query<{ trigger: string; state: string }>(
      `select trigger, state from backup_jobs where state = 'done'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.trigger === 'schedule')).toBe(true);
  }, 60_000);

  it('takes no backup when BACKUP_EVERY_HOURS is 0', async () => {
    const s = await createTestApp({ BACKUP_EVERY_HOURS: '0' });
    folders.push(s.config.backupDir);
    expect(s.app.queue.schedule().map((r) => r.task)).not.toContain('backup_schedule');
    await s.app.ready();
    await s.app.backups.scheduled(); // due, were it on: there is no backup yet
    // no backup job is queued, so none can be written later either
    const queued = await s.database.pool.query(
      `select id from graphile_worker.jobs where task_identifier = 'backup'`,
    );
    expect(queued.rows).toEqual([]);
    expect(await backupNames(s.config.backupDir)).toEqual([]);
    const { rows } = await s.database.pool.query('select id from backup_jobs');
    expect(rows).toEqual([]);
  });

  it('logs a failed backup, keeps its outcome and leaves no partial file', async () => {
    const s = await createTestApp({ BACKUP_EVERY_HOURS: '24' });
    const dir = s.config.backupDir;
    folders.push(dir);
    await s.app.ready();
    // the backup's read of the clients waits behind this lock, its file half written
    const blocker = new pg.Client({ connectionString: s.config.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE clients IN ACCESS EXCLUSIVE MODE');
      await tick(s.database.pool);
      await vi.waitFor(
        async () => expect((await fs.readdir(dir)).some((n) => n.endsWith('.partial'))).toBe(true),
        { timeout: 20_000, interval: 100 },
      );
      // the connection lost mid-backup: it fails
      await blocker.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'school-office backup'`,
      );
      await vi.waitFor(
        () => expect(s.logs.some((l) => l.includes('"event":"backup_failed"'))).toBe(true),
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await blocker.end();
    }
    expect(await fs.readdir(dir)).toEqual([]);
    const { rows } = await s.database.pool.query<{ state: string; error: string }>(
      'select state, error from backup_jobs',
    );
    expect(rows).toEqual([{ state: 'failed', error: expect.any(String) as string }]);
    const counted = await s.app.metrics.backupsTotal.get();
    expect(counted.values.find((v) => v.labels.outcome === 'failed')?.value).toBe(1);
  }, 40_000);
});
