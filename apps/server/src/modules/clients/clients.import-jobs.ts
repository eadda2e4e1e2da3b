import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportResult } from '@school/contract/clients';
import { errorCodes, type ErrorBody } from '@school/contract/common';
import { HttpError } from '../../plugins/errors.js';

/** How a running import tells how far it is: rows checked and written, of all rows. */
export interface Progress {
  total: (rows: number) => void;
  advance: (rows: number) => void;
}

interface Job extends ImportJob {
  userId: number;
  /** the failure as thrown, for an import answered within its request */
  cause?: unknown;
  settled: Promise<void>;
}

/** How long a finished job's outcome can still be read. */
const KEEP_FINISHED_MS = 60 * 60_000;

const busy = () =>
  new HttpError(
    429,
    errorCodes.importRunning,
    'Another import is running; try again when it has finished',
  );

/** The JSON error body a failed job answers: the HttpError's own, else a plain server fault. */
function errorOf(err: unknown, log: FastifyBaseLogger): ErrorBody {
  if (err instanceof HttpError) {
    return { error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
  }
  log.error({ err: err instanceof Error ? err.message : String(err) }, 'import failed');
  return { error: errorCodes.internal, message: 'Something went wrong; nothing was imported' };
}

/**
 * The server's imports (ADR 012): one at a time (a second answers 429 and does nothing), each
 * a job whose progress and outcome can be read by the user who started it.
 */
export class ImportJobs {
  private running = false;
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` as the one import of the moment (a preview counts), or refuses with 429. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) throw busy();
    this.running = true;
    try {
      return await work();
    } finally {
      this.running = false;
    }
  }

  /** Starts `work` as a job, or refuses with 429 when an import is running. */
  start(userId: number, work: (progress: Progress) => Promise<ImportResult>): Job {
    if (this.running) throw busy();
    const job: Job = {
      jobId: randomUUID(),
      userId,
      state: 'running',
      processed: 0,
      total: 0,
      settled: Promise.resolve(),
    };
    const progress: Progress = {
      total: (rows) => {
        job.total = rows;
      },
      advance: (rows) => {
        job.processed = Math.min(job.total, job.processed + rows);
      },
    };
    job.settled = this.exclusive(() => work(progress)).then(
      (result) => {
        Object.assign(job, { state: 'done', result, processed: job.total });
      },
      (err: unknown) => {
        Object.assign(job, { state: 'failed', error: errorOf(err, this.log), cause: err });
      },
    );
    void job.settled.then(() =>
      setTimeout(() => this.jobs.delete(job.jobId), KEEP_FINISHED_MS).unref(),
    );
    this.jobs.set(job.jobId, job);
    return job;
  }

  /** The job as the API answers it; undefined for an unknown id or another user's job. */
  view(jobId: string, userId: number): ImportJob | undefined {
    const job = this.jobs.get(jobId);
    if (!job || job.userId !== userId) return undefined;
    return viewOf(job);
  }
}

export function viewOf({ jobId, state, processed, total, result, error }: Job): ImportJob {
  return {
    jobId,
    state,
    processed,
    total,
    ...(result ? { result } : {}),
    ...(error ? { error } : {}),
  };
}
