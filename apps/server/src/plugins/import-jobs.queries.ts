import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { BankImportResult } from '@school/contract/bank-import';
import type { ImportResult } from '@school/contract/imports';
import type { ErrorBody } from '@school/contract/common';
import type { Db } from '../db/client.js';
import { importJobs } from '../db/schema/jobs.js';

export type ImportJobRow = typeof importJobs.$inferSelect;

/** What an import ends with: a list's created, updated and skipped, or a statement's (ADR 045). */
export type JobResult = ImportResult | BankImportResult;

/** A running job whose heartbeat is older than this was left by an instance that died. */
export const STALE_AFTER_S = 30;
/** A queued job no runner took within this long is given up. */
const QUEUED_STALE_AFTER_S = 600;
/** How long a finished job can still be read (ADR 012). */
export const KEEP_FINISHED_S = 3600;

/**
 * Claims the one import of the moment for a new row (a preview, an import within the request,
 * or a queued job with its file): false when another is queued or running on any instance.
 * With `queueTask` the job is queued in the same transaction, so a row never waits for a job
 * that was not made.
 */
export async function claimImport(
  db: Db,
  row: {
    id: string;
    list: string;
    userId: number;
    state: 'queued' | 'running';
    csv?: string;
    skipErrors?: boolean;
    fileName?: string | null;
    actor?: unknown;
  },
  queueTask?: string,
): Promise<boolean> {
  await failStale(db);
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(importJobs)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: importJobs.id });
    if (made.length === 0) return false;
    if (queueTask) {
      await tx.execute(
        // a retry is safe: a job runs only while its row is still queued (startQueued)
        sql`select graphile_worker.add_job(${queueTask}, json_build_object('jobId', ${row.id}::text), max_attempts => 3, job_key => ${`import:${row.id}`})`,
      );
    }
    return true;
  });
}

/** A queued job taken by this instance's runner: its file, or undefined when it is no longer queued. */
export async function startQueued(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .update(importJobs)
    .set({ state: 'running', heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.state, 'queued')))
    .returning();
  return row;
}

export async function saveProgress(db: Db, id: string, processed: number, total: number) {
  await db
    .update(importJobs)
    .set({ processed, total, heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.state, 'running')));
}

/** The job's outcome; its file is dropped. */
export async function finishImport(
  db: Db,
  id: string,
  outcome:
    | { state: 'done'; result: JobResult; processed: number; total: number }
    | { state: 'failed'; status: number; error: ErrorBody; processed: number; total: number },
) {
  await db
    .update(importJobs)
    .set({ ...outcome, csv: null, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

/** A preview's claim, released. */
export async function dropImport(db: Db, id: string) {
  await db.delete(importJobs).where(eq(importJobs.id, id));
}

export async function readImport(db: Db, id: string): Promise<ImportJobRow | undefined> {
  await failStale(db);
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/**
 * Jobs left queued or running by an instance that died (no heartbeat): failed, their file
 * dropped, so they no longer hold the one import of the moment.
 */
export async function failStale(db: Db): Promise<number> {
  const error: ErrorBody = {
    error: 'unavailable',
    message:
      'The import was interrupted when its server stopped; import the file again (rows already in the list are updated, not duplicated)',
  };
  const failed = await db
    .update(importJobs)
    .set({ state: 'failed', status: 503, error, csv: null, finishedAt: sql`now()` })
    .where(
      or(
        and(
          eq(importJobs.state, 'running'),
          lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_S})`),
        ),
        and(
          eq(importJobs.state, 'queued'),
          lt(importJobs.createdAt, sql`now() - make_interval(secs => ${QUEUED_STALE_AFTER_S})`),
        ),
      ),
    )
    .returning({ id: importJobs.id });
  return failed.length;
}

/** Finished jobs past their keeping time, and leftover preview claims, are deleted. */
export async function forgetFinished(db: Db): Promise<number> {
  const gone = await db
    .delete(importJobs)
    .where(
      and(
        inArray(importJobs.state, ['done', 'failed']),
        lt(importJobs.finishedAt, sql`now() - make_interval(secs => ${KEEP_FINISHED_S})`),
      ),
    )
    .returning({ id: importJobs.id });
  return gone.length;
}
