import { setImmediate as turn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helper.js';
import { importJobs as importJobsTable } from '../db/schema/jobs.js';
import { IMPORT_TASK, ImportJobs, type Progress } from './import-jobs.js';
import { claimImport, failStale } from './import-jobs.queries.js';
import { createMetrics } from './metrics.js';

const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const result = { created: 1, updated: 0, skipped: 0 };

/** An import of `batches` batches that stops, as the engine does, when the signal says so. */
const work =
  (batches: number) => async (_csv: unknown, _skip: boolean, _u: number, progress: Progress) => {
    progress.total(batches);
    for (let i = 0; i < batches; i++) {
      progress.signal?.throwIfAborted();
      progress.advance(1);
      await turn();
    }
    return result;
  };

const valueOf = async (metric: { get: () => Promise<{ values: { value: number }[] }> }) =>
  (await metric.get()).values.map((v) => v.value);

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t)).id;
});

/** Import jobs of their own on the test's database, as another instance's would be. */
function jobsWith(batches: number) {
  const metrics = createMetrics(t.database.pool);
  const jobs = new ImportJobs(t.database.db, log, metrics);
  jobs.register('fake', work(batches));
  return { jobs, metrics };
}

const rows = () => t.database.db.select().from(importJobsTable);

describe('stopping the import jobs (docs/operations.md, Stopping)', () => {
  it('lets a running import finish within the grace time', async () => {
    const { jobs, metrics } = jobsWith(50);
    const running = jobs.runNow('fake', userId, 'x', false);
    await turn();
    await jobs.stop(60_000);
    await expect(running).resolves.toEqual(result);
    expect(await valueOf(metrics.importJobsRunning)).toEqual([0]);
    const outcomes = (await metrics.importJobs.get()).values;
    expect(outcomes.find((v) => v.labels.outcome === 'done')?.value).toBe(1);
    const [row] = (await rows()).filter((r) => r.state === 'done');
    expect(row).toMatchObject({ state: 'done', processed: 50, total: 50, result, csv: null });
  });

  it('stops one still running past the grace time: failed with 503, counted as failed', async () => {
    const { jobs, metrics } = jobsWith(1_000_000);
    const running = jobs.runNow('fake', userId, 'x', false);
    running.catch(() => undefined);
    await vi.waitFor(async () => expect(await valueOf(metrics.importJobsRunning)).toEqual([1]));
    await jobs.stop(0);
    await expect(running).rejects.toMatchObject({ statusCode: 503 });
    const outcomes = (await metrics.importJobs.get()).values;
    expect(outcomes.find((v) => v.labels.outcome === 'failed')?.value).toBe(1);
    expect(await valueOf(metrics.importJobsRunning)).toEqual([0]);
    const failed = (await rows()).filter((r) => r.state === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({
        status: 503,
        error: {
          error: 'unavailable',
          message: 'The server stopped during the import; nothing was imported',
        },
      }),
    ]);
  });

  it('refuses a new import once stopping, with 503', async () => {
    const { jobs } = jobsWith(1);
    await jobs.stop(0);
    await expect(jobs.runNow('fake', userId, 'x', false)).rejects.toMatchObject({
      statusCode: 503,
    });
    await expect(jobs.exclusive('fake', userId, async () => 1)).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});

describe('one import at a time across instances (ADR 031)', () => {
  it("refuses a second import on another instance's jobs with 429 while one runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const one = new ImportJobs(t.database.db, log);
    one.register('fake', async () => {
      await gate;
      return result;
    });
    const two = jobsWith(1).jobs;
    const running = one.runNow('fake', userId, 'x', false);
    await vi.waitFor(async () =>
      expect((await rows()).filter((r) => r.state === 'running')).toHaveLength(1),
    );
    await expect(two.runNow('fake', userId, 'x', false)).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(two.exclusive('fake', userId, async () => 1)).rejects.toMatchObject({
      statusCode: 429,
    });
    release();
    await expect(running).resolves.toEqual(result);
    await expect(two.exclusive('fake', userId, async () => 2)).resolves.toBe(2);
  });

  it('gives up a job left running by an instance that died: failed, the import free again', async () => {
    const [row] = await t.database.db
      .insert(importJobsTable)
      .values({
        id: crypto.randomUUID(),
        list: 'fake',
        userId,
        state: 'running',
        csv: 'a,b\n1,2',
        heartbeatAt: new Date(Date.now() - 120_000),
      })
      .returning();
    const { jobs } = jobsWith(1);
    await expect(jobs.runNow('fake', userId, 'x', false)).resolves.toEqual(result);
    const view = await jobs.view(row!.id, userId);
    expect(view).toMatchObject({ state: 'failed', error: { error: 'unavailable' } });
    const [after] = await t.database.db
      .select()
      .from(importJobsTable)
      .where(eq(importJobsTable.id, row!.id));
    expect(after?.csv).toBeNull();
    expect(await failStale(t.database.db)).toBe(0);
  });

  it('runs a job queued before a restart once a runner starts again', async () => {
    // queued by an instance that stopped before any runner took it: no runner runs yet here
    const id = crypto.randomUUID();
    const csv = 'firstName,lastName\nQueued,Before';
    const row = { id, list: 'clients', userId, state: 'queued' as const, csv, skipErrors: false };
    expect(await claimImport(t.database.db, row, IMPORT_TASK)).toBe(true);
    expect(await t.app.importJobs.view(id, userId)).toMatchObject({ state: 'running' });
    await t.app.ready(); // the app's runner starts and takes the job
    await vi.waitFor(
      async () =>
        expect(await t.app.importJobs.view(id, userId)).toMatchObject({
          state: 'done',
          result: { created: 1, updated: 0, skipped: 0 },
        }),
      { timeout: 30_000, interval: 100 },
    );
    // nobody else's: another user does not see it
    expect(await t.app.importJobs.view(id, userId + 1000)).toBeUndefined();
  });
});
