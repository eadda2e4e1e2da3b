import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ImportJobs, type Progress } from './import-jobs.js';
import { createMetrics } from './metrics.js';

const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const result = { created: 1, updated: 0, skipped: 0 };
// never connected: the metrics only read its counts
const pool = new pg.Pool();

/** An import of `batches` batches that stops, as the engine does, when the signal says so. */
const work = (batches: number) => async (progress: Progress) => {
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

describe('stopping the import jobs (docs/operations.md, Stopping)', () => {
  it('lets a running import finish within the grace time', async () => {
    const metrics = createMetrics(pool);
    const jobs = new ImportJobs(log, metrics);
    const job = jobs.start(1, work(50));
    expect(await valueOf(metrics.importJobsRunning)).toEqual([1]);
    await jobs.stop(60_000);
    expect(jobs.view(job.jobId, 1)).toMatchObject({ state: 'done', result });
    expect(await valueOf(metrics.importJobsRunning)).toEqual([0]);
    const outcomes = (await metrics.importJobs.get()).values;
    expect(outcomes.find((v) => v.labels.outcome === 'done')?.value).toBe(1);
  });

  it('stops one still running past the grace time: failed with 503, counted as failed', async () => {
    const metrics = createMetrics(pool);
    const jobs = new ImportJobs(log, metrics);
    const job = jobs.start(1, work(1_000_000));
    await jobs.stop(0);
    expect(jobs.view(job.jobId, 1)).toMatchObject({
      state: 'failed',
      error: { error: 'unavailable' },
    });
    const outcomes = (await metrics.importJobs.get()).values;
    expect(outcomes.find((v) => v.labels.outcome === 'failed')?.value).toBe(1);
    expect(await valueOf(metrics.importJobsRunning)).toEqual([0]);
  });

  it('refuses a new import once stopping, with 503', async () => {
    const jobs = new ImportJobs(log);
    await jobs.stop(0);
    expect(() => jobs.start(1, work(1))).toThrow(expect.objectContaining({ statusCode: 503 }));
    await expect(jobs.exclusive(async () => 1)).rejects.toMatchObject({ statusCode: 503 });
  });
});
