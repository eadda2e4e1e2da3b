import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  parseCronItems,
  run,
  runMigrations,
  type CronItem,
  type JobHelpers,
  type Runner,
  type Task,
  type TaskList,
} from 'graphile-worker';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { queuePool } from './queue-pool.js';

/**
 * The job queue (ADR 031): graphile-worker on the app's own database, in its own schema
 * (`graphile_worker`). Every instance runs one runner; a job is run by one of them, a
 * recurring task once per tick across all of them.
 */

/** Small: an import runs alone, the recurring tasks are short. */
const CONCURRENCY = 2;

/** The queue's schema, made or upgraded with the app's migrations (db/migrate.ts). */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger });
}

const quietLogger = new Logger(() => () => undefined);

function loggerFor(log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'debug'>): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { queue: scope, ...(meta ?? {}) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

export type TaskHandler = (payload: unknown, helpers: JobHelpers) => Promise<void>;

export interface Recurring {
  /** the task's name, also the schedule's identifier */
  task: string;
  /** five cron fields in UTC, e.g. '* * * * *' (every minute) */
  match: string;
  /** ticks missed while no instance ran are made up within this many ms after a start */
  backfillMs?: number;
  run: TaskHandler;
}

export interface QueueOptions {
  pool: pg.Pool;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
  /** how often a runner looks for jobs when no notification came (ms) */
  pollIntervalMs?: number;
}

export interface TaskRun {
  task: string;
  /** a recurring task's tick (ISO time), absent for a queued job */
  tick?: string;
}

export function createQueue({ pool, log, pollIntervalMs = 2_000 }: QueueOptions) {
  const tasks: TaskList = {};
  const schedule: CronItem[] = [];
  let runner: Runner | undefined;
  let stopped: Promise<void> | undefined;
  // the runner's pool waits out a database restart until the queue stops (ADR 034)
  const runnerPool = queuePool(
    pool,
    () => stopped !== undefined,
    (err) => log.debug({ err }, 'job queue: waiting for the database'),
  );
  const listeners: ((run: TaskRun) => void)[] = [];
  // the runner's events; its schedule has made up the missed ticks once `cron:started` is out
  const events = new EventEmitter() as NonNullable<Parameters<typeof run>[0]['events']>;
  const cronStarted = new Promise<void>((resolve) => events.once('cron:started', () => resolve()));

  const wrap =
    (name: string, handler: TaskHandler): Task =>
    async (payload, helpers) => {
      const cron = (payload as { _cron?: { ts?: string } } | null)?._cron;
      for (const listener of listeners) listener({ task: name, tick: cron?.ts });
      await handler(payload, helpers);
    };

  return {
    /** A task jobs can be queued for; register before `start`. */
    task(name: string, handler: TaskHandler) {
      tasks[name] = wrap(name, handler);
    },
    /** A task run on a schedule, once per tick across every instance. */
    recurring({ task, match, backfillMs, run: handler }: Recurring) {
      tasks[task] = wrap(task, handler);
      schedule.push({
        task,
        match,
        identifier: task,
        options: { backfillPeriod: backfillMs ?? 0, maxAttempts: 1 },
      });
    },
    /** The recurring tasks and their cron patterns, as registered. */
    schedule(): { task: string; match: string }[] {
      return schedule.map(({ task, match }) => ({ task, match: String(match) }));
    },
    /** Called as each job starts (metrics, logs, tests). */
    onRun(listener: (run: TaskRun) => void) {
      listeners.push(listener);
    },
    /** Settles once this runner's schedule has queued the ticks it makes up at its start. */
    cronStarted(): Promise<void> {
      return cronStarted;
    },
    async start() {
      if (runner || stopped) return;
      runner = await run({
        pgPool: runnerPool,
        // a job's end is recorded by a batch whose failure the runner handles (an event and a
        // log line), rather than by a promise nobody awaits; 0: no wait for others (ADR 034)
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
        concurrency: CONCURRENCY,
        noHandleSignals: true,
        events,
        pollInterval: pollIntervalMs,
        taskList: tasks,
        parsedCronItems: parseCronItems(schedule),
        logger: loggerFor(log),
      });
    },
    /** Queues a job; its id is the one the app keeps (one job per key). */
    async add(task: string, payload: object, jobKey: string) {
      if (!runner) throw new Error('the job queue is not running');
      await runner.addJob(task, payload, { jobKey, maxAttempts: 1 });
    },
    /** Stops taking jobs and waits for the running ones (their own grace decides how long). */
    stop(): Promise<void> {
      stopped ??= (async () => {
        const current = runner;
        runner = undefined;
        await current?.stop();
      })();
      return stopped;
    },
  };
}

export type Queue = ReturnType<typeof createQueue>;
