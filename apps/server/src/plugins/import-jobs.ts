import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportResult } from '@school/contract/imports';
import { errorCodes, type ErrorBody } from '@school/contract/common';
import { isDatabaseUnavailable } from '../db/client.js';
import { HttpError, sqlStateOf } from './errors.js';
import type { Metrics } from './metrics.js';

/** How a running import tells how far it is: rows checked and written, of all rows. */
export interface Progress {
  total: (rows: number) => void;
  advance: (rows: number) => void;
  /** aborted when the server stops past its grace time: the import stops and rolls back */
  signal?: AbortSignal;
}

interface Job extends ImportJob {
  userId: number;
  /** the failure's status, for an import answered within its request */
  status?: number;
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

/** The server is stopping (docs/operations.md, Stopping): 503, try again after the restart. */
const stoppingError = (message = 'The server is stopping; import the file again shortly') =>
  new HttpError(503, errorCodes.unavailable, message);

/** The innermost cause of a failure: the driver's own error, without the SQL drizzle adds. */
function rootOf(err: unknown): unknown {
  let current = err;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  return current;
}

/**
 * The status and JSON error body of a failed import: the HttpError's own, else a server fault,
 * logged by its SQLSTATE and the driver's message only (never the statement with its rows).
 */
function failureOf(err: unknown, log: FastifyBaseLogger): [number, ErrorBody] {
  if (err instanceof HttpError) {
    const body = { error: err.code, message: err.message };
    return [err.statusCode, err.fields ? { ...body, fields: err.fields } : body];
  }
  const sqlState = sqlStateOf(err);
  if (sqlState?.startsWith('22')) {
    // the database refused a value of the file (a NUL byte in text...): bad input
    const message = 'A value in the file is not valid; nothing was imported';
    return [400, { error: errorCodes.validation, message }];
  }
  const root = rootOf(err);
  const reason = root instanceof Error ? root.message : String(root);
  log.error({ sqlState, reason }, 'import failed; nothing was imported');
  if (isDatabaseUnavailable(err)) {
    return [
      503,
      { error: errorCodes.unavailable, message: 'The database is not reachable right now' },
    ];
  }
  return [
    500,
    { error: errorCodes.internal, message: 'Something went wrong; nothing was imported' },
  ];
}

/**
 * The server's imports (ADR 012): one at a time (a second answers 429 and does nothing), each
 * a job whose progress and outcome can be read by the user who started it.
 */
export class ImportJobs {
  private running = false;
  private readonly jobs = new Map<string, Job>();
  private readonly stopping = new AbortController();
  private closing = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Pick<Metrics, 'importJobsRunning' | 'importJobs'>,
  ) {}

  /** Runs `work` as the one import of the moment (a preview counts), or refuses with 429. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing) throw stoppingError();
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
    if (this.closing) throw stoppingError();
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
      signal: this.stopping.signal,
    };
    this.metrics?.importJobsRunning.inc();
    job.settled = this.exclusive(() => work(progress))
      .then(
        (result) => {
          Object.assign(job, { state: 'done', result, processed: job.total });
        },
        (err: unknown) => {
          const [status, error] = failureOf(err, this.log);
          Object.assign(job, { state: 'failed', status, error });
        },
      )
      .finally(() => {
        this.metrics?.importJobsRunning.dec();
        this.metrics?.importJobs.inc({ outcome: job.state === 'done' ? 'done' : 'failed' });
      });
    void job.settled.then(() =>
      setTimeout(() => this.jobs.delete(job.jobId), KEEP_FINISHED_MS).unref(),
    );
    this.jobs.set(job.jobId, job);
    return job;
  }

  /**
   * The server is stopping (docs/operations.md, Stopping): a running import may finish within
   * `graceMs`; past that it is stopped at its next batch and rolled back, nothing of its file
   * written. Resolves once no import runs.
   */
  async stop(graceMs: number): Promise<void> {
    this.closing = true; // an import whose request was still arriving is refused
    const running = [...this.jobs.values()].filter((job) => job.state === 'running');
    if (running.length === 0) return;
    const timer = setTimeout(() => {
      this.log.warn('server stopping: the running import is stopped and rolled back');
      this.stopping.abort(
        stoppingError('The server stopped during the import; nothing was imported'),
      );
    }, graceMs);
    try {
      await Promise.all(running.map((job) => job.settled));
    } finally {
      clearTimeout(timer);
    }
  }

  /** The job as the API answers it; undefined for an unknown id or another user's job. */
  view(jobId: string, userId: number): ImportJob | undefined {
    const job = this.jobs.get(jobId);
    if (!job || job.userId !== userId) return undefined;
    return viewOf(job);
  }
}

/** A job's failure as thrown by a route: the error handler answers its body. */
export function failureError({ status, error }: Job): HttpError {
  const body = error ?? { error: errorCodes.internal, message: 'Something went wrong' };
  return new HttpError(status ?? 500, body.error, body.message, body.fields);
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

declare module 'fastify' {
  interface FastifyInstance {
    /** the server's imports: one at a time, large ones as jobs (ADR 012) */
    importJobs: ImportJobs;
  }
}
