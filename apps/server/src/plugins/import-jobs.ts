import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportResult } from '@school/contract/imports';
import { type Db } from '../db/client.js';
import { untilAvailable } from '../db/until-available.js';
import type { Actor } from '../db/history.js';
import type { CsvSource } from './csv-parse.js';
import {
  claimImport,
  dropImport,
  failStale,
  finishImport,
  forgetFinished,
  readImport,
  type JobResult,
  saveProgress,
  startQueued,
} from './import-jobs.queries.js';
import {
  busy,
  failureError,
  failureOf,
  stoppingError,
  viewOf,
  type Outcome,
} from './import-outcomes.js';
import type { Metrics } from './metrics.js';
import type { Queue } from './queue.js';

/** How a running import tells how far it is: rows checked and written, of all rows. */
export interface Progress {
  total: (rows: number) => void;
  advance: (rows: number) => void;
  /** aborted when the server stops past its grace time: the import stops and rolls back */
  signal?: AbortSignal;
}

/** How often a running import writes its progress and heartbeat (ms). */
const PROGRESS_EVERY_MS = 1_000;

/** The queue's task that runs a queued import. */
export const IMPORT_TASK = 'csv_import';

/** What a request tells its import beyond the file: the file's name and who imports (ADR 027). */
export interface ImportOptions {
  fileName?: string | undefined;
  actor?: Actor | undefined;
  /**
   * A list's own options (a bank statement's mapping, ADR 045), handed to an import this
   * instance runs; not stored with a queued job.
   */
  params?: Readonly<Record<string, unknown>> | undefined;
}

export type ImportRun = (
  csv: CsvSource,
  skipErrors: boolean,
  userId: number,
  progress: Progress,
  options: ImportOptions,
) => Promise<JobResult>;

/**
 * The imports of every instance (ADR 012, ADR 031): one at a time across all instances on the
 * database (a second answers 429 and does nothing), each a row of `import_jobs` any instance
 * answers. A large file is queued with its file and run by whichever instance's runner takes
 * it; a small one runs within its request.
 */
export class ImportJobs {
  private readonly lists = new Map<string, ImportRun>();
  private readonly local = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private closing = false;
  private stopped?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Pick<Metrics, 'importJobsRunning' | 'importJobs'>,
  ) {}

  /** A list's import, by the name its jobs carry. */
  register(list: string, run: ImportRun) {
    this.lists.set(list, run);
  }

  /** The queue's tasks: a queued import, and forgetting old jobs every ten minutes. */
  registerTasks(queue: Queue) {
    queue.task(IMPORT_TASK, async (payload, helpers) => {
      const { jobId } = payload as { jobId: string };
      if (this.closing) {
        // this instance is stopping: the job waits for another runner or the restart
        await helpers.addJob(IMPORT_TASK, { jobId }, { maxAttempts: 3 });
        return;
      }
      await this.track(async () => {
        const row = await startQueued(this.db, jobId);
        // else given up meanwhile
        if (row) await this.runRow({ ...row, source: row.csv });
      });
    });
    queue.recurring({
      task: 'import_jobs_cleanup',
      match: '*/10 * * * *',
      // a tick missed while no instance ran is made up at the next start (ADR 031)
      backfillMs: 10 * 60_000,
      run: async () => {
        await failStale(this.db);
        await forgetFinished(this.db);
      },
    });
  }

  /** Runs `work` as the one import of the moment (a preview counts), or refuses with 429. */
  exclusive<T>(list: string, userId: number, work: () => Promise<T>): Promise<T> {
    return this.track(async () => {
      const id = randomUUID();
      if (!(await claimImport(this.db, { id, list, userId, state: 'running' }))) throw busy();
      const beat = setInterval(() => {
        void saveProgress(this.db, id, 0, 0).catch(() => undefined);
      }, PROGRESS_EVERY_MS);
      try {
        return await work();
      } finally {
        clearInterval(beat);
        await dropImport(this.db, id).catch(() => undefined);
      }
    });
  }

  /** Imports a small file within the request: its result, or its failure thrown. */
  runNow<R extends JobResult = ImportResult>(
    list: string,
    userId: number,
    source: CsvSource,
    skipErrors: boolean,
    options: ImportOptions = {},
  ): Promise<R> {
    return this.track(async () => {
      const id = randomUUID();
      if (!(await claimImport(this.db, { id, list, userId, state: 'running', skipErrors }))) {
        throw busy();
      }
      const outcome = await this.runRow({
        id,
        list,
        userId,
        source,
        skipErrors,
        ...stored(options),
        params: options.params,
      });
      // the list's own result, as its run made it
      if (outcome.result) return outcome.result as R;
      throw failureError(outcome);
    });
  }

  /**
   * Starts a large uploaded file as a job on this instance (202), reading it from where it was
   * spooled (the file never goes into memory or the database); `release` runs when the job has
   * ended (it deletes the spooled file). Its first view, or 429 when an import is under way.
   */
  start(
    list: string,
    userId: number,
    source: () => Readable,
    skipErrors: boolean,
    options: ImportOptions,
    release: () => Promise<void>,
  ): Promise<ImportJob> {
    return this.track(async () => {
      const id = randomUUID();
      const row = { id, list, userId, state: 'running' as const, skipErrors, ...stored(options) };
      if (!(await claimImport(this.db, row))) throw busy();
      // the job outlives the request; a stop waits for it like any import here (ADR 029)
      const running = this.runRow({ ...row, source, params: options.params }).finally(release);
      this.local.add(running);
      void running.finally(() => this.local.delete(running)).catch(() => undefined);
      return { jobId: id, state: 'running', processed: 0, total: 0 };
    });
  }

  /** Queues a large file as a job (202): its first view, or 429 when an import is under way. */
  enqueue(
    list: string,
    userId: number,
    csv: string,
    skipErrors: boolean,
    options: ImportOptions = {},
  ): Promise<ImportJob> {
    return this.track(async () => {
      const id = randomUUID();
      const row = {
        id,
        list,
        userId,
        state: 'queued' as const,
        csv,
        skipErrors,
        ...stored(options),
      };
      if (!(await claimImport(this.db, row, IMPORT_TASK))) throw busy();
      return { jobId: id, state: 'running', processed: 0, total: 0 };
    });
  }

  /**
   * Runs `work` as this instance's (refused with 503 once it is stopping), so a stop waits
   * for it, from its claim to its outcome.
   */
  private track<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(stoppingError());
    const running = work();
    this.local.add(running);
    void running.finally(() => this.local.delete(running)).catch(() => undefined);
    return running;
  }

  /** Runs one claimed import on this instance, writing its progress and then its outcome. */
  private async runRow(row: {
    id: string;
    list: string;
    userId: number;
    /** the file: a queued job's from its row, an upload's from where it was spooled */
    source: CsvSource | null;
    skipErrors: boolean;
    fileName: string | null;
    actor: unknown;
    params?: ImportOptions['params'];
  }): Promise<Outcome> {
    let processed = 0;
    let total = 0;
    const progress: Progress = {
      total: (rows) => {
        total = rows;
      },
      advance: (rows) => {
        processed = Math.min(total, processed + rows);
      },
      signal: this.stopping.signal,
    };
    const beat = setInterval(() => {
      void saveProgress(this.db, row.id, processed, total).catch(() => undefined);
    }, PROGRESS_EVERY_MS);
    this.metrics?.importJobsRunning.inc();
    let outcome: Outcome;
    try {
      const run = this.lists.get(row.list);
      if (!run || row.source === null) throw new Error(`no import for the list ${row.list}`);
      const options: ImportOptions = {
        ...(row.fileName !== null ? { fileName: row.fileName } : {}),
        ...(row.actor ? { actor: row.actor as Actor } : {}),
        ...(row.params ? { params: row.params } : {}),
      };
      const result = await run(row.source, row.skipErrors, row.userId, progress, options);
      outcome = { result };
      await this.save(row.id, { state: 'done', result, processed: total, total });
    } catch (err) {
      const [status, error] = failureOf(err, this.log);
      outcome = { status, error };
      await this.save(row.id, {
        state: 'failed',
        status,
        error,
        processed,
        total,
      }).catch((e: unknown) => this.log.error({ err: e }, 'import outcome not saved'));
    } finally {
      clearInterval(beat);
      this.metrics?.importJobsRunning.dec();
    }
    this.metrics?.importJobs.inc({ outcome: outcome.result ? 'done' : 'failed' });
    return outcome;
  }

  /**
   * Writes a job's outcome, waiting for a database that is restarting (docs/operations.md,
   * When the database restarts), so the job does not stay running until it is found stale;
   * a stopping instance waits no longer, and the row is failed as stale after its restart.
   */
  private save(id: string, outcome: Parameters<typeof finishImport>[2]) {
    return untilAvailable(() => finishImport(this.db, id, outcome), {
      stopped: () => this.closing,
    });
  }

  /**
   * The instance is stopping (docs/operations.md, Stopping): an import running here may
   * finish within `graceMs`; past that it is stopped at its next batch and rolled back,
   * nothing of its file written, and its job answers failed. Resolves once none runs here.
   */
  stop(graceMs: number): Promise<void> {
    this.closing = true; // an import whose request was still arriving is refused
    this.stopped ??= this.settle(graceMs);
    return this.stopped;
  }

  private async settle(graceMs: number) {
    if (this.local.size === 0) return;
    const timer = setTimeout(() => {
      this.log.warn('server stopping: the running import is stopped and rolled back');
      this.stopping.abort(
        stoppingError('The server stopped during the import; nothing was imported'),
      );
    }, graceMs);
    try {
      await Promise.allSettled([...this.local]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The job as the API answers it, from any instance; undefined for an unknown id or another user's job. */
  async view(jobId: string, userId: number): Promise<ImportJob | undefined> {
    const row = await readImport(this.db, jobId);
    if (!row || row.userId !== userId) return undefined;
    return viewOf(row);
  }
}

/** The options as the row keeps them. */
const stored = ({ fileName, actor }: ImportOptions) => ({
  fileName: fileName ?? null,
  actor: actor ?? null,
});

declare module 'fastify' {
  interface FastifyInstance {
    /** the imports of every instance: one at a time, large ones as queued jobs (ADR 012, 031) */
    importJobs: ImportJobs;
  }
}
