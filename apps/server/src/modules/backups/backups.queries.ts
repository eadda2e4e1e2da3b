import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { BACKUP_LOCK } from '../../db/backup/run.js';
import { backupJobs } from '../../db/schema/jobs.js';

export type BackupJobRow = typeof backupJobs.$inferSelect;

/** A running backup whose heartbeat is older than this was left by an instance that died. */
const STALE_AFTER_S = 30;
/** A queued backup no runner took within this long is given up. */
const QUEUED_STALE_AFTER_S = 600;
/** Finished rows older than this are deleted (the files themselves are listed from the folder). */
const KEEP_FINISHED_DAYS = 30;

/** The queue's task that writes a queued backup (ADR 031). */
export const BACKUP_TASK = 'backup';

/** Rows left running or queued by an instance that died are failed, so they never hold backups. */
export async function failStale(db: Db): Promise<void> {
  await db
    .update(backupJobs)
    .set({
      state: 'failed',
      error: 'The server stopped during the backup; no file was written',
      finishedAt: sql`now()`,
    })
    .where(
      or(
        and(
          eq(backupJobs.state, 'running'),
          lt(backupJobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_S})`),
        ),
        and(
          eq(backupJobs.state, 'queued'),
          lt(backupJobs.createdAt, sql`now() - make_interval(secs => ${QUEUED_STALE_AFTER_S})`),
        ),
      ),
    );
}

/**
 * Claims the one backup of the moment and queues its job in the same transaction: false when
 * another is queued or running on any instance (the partial unique index).
 */
export async function claimBackup(db: Db, id: string, trigger: string): Promise<boolean> {
  await failStale(db);
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(backupJobs)
      .values({ id, trigger, state: 'queued' })
      .onConflictDoNothing()
      .returning({ id: backupJobs.id });
    if (made.length === 0) return false;
    await tx.execute(
      // run once: a backup that failed is not tried again by the queue (the schedule is)
      sql`select graphile_worker.add_job(${BACKUP_TASK}, json_build_object('id', ${id}::text), max_attempts => 1, job_key => ${`backup:${id}`})`,
    );
    return true;
  });
}

/** Whether a backup lock is held right now (by the command, or a backup of any instance). */
export async function backupLockHeld(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ held: boolean }>(sql`
    select exists(
      select 1 from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())
        and classid = 0 and objid = ${BACKUP_LOCK} and objsubid = 1
    ) as held`);
  return rows[0]?.held ?? false;
}

/** A queued backup taken by this instance's runner, or undefined when it is no longer queued. */
export async function startQueued(db: Db, id: string): Promise<BackupJobRow | undefined> {
  const [row] = await db
    .update(backupJobs)
    .set({ state: 'running', heartbeatAt: sql`now()` })
    .where(and(eq(backupJobs.id, id), eq(backupJobs.state, 'queued')))
    .returning();
  return row;
}

export async function saveProgress(
  db: Db,
  id: string,
  progress?: { tablesDone: number; tablesTotal: number; bytes: number },
): Promise<void> {
  await db
    .update(backupJobs)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(and(eq(backupJobs.id, id), eq(backupJobs.state, 'running')));
}

export async function finishBackup(
  db: Db,
  id: string,
  outcome:
    | { state: 'done'; fileName: string; fileSize: number; fileCreatedAt: Date }
    | { state: 'failed'; error: string },
): Promise<void> {
  await db
    .update(backupJobs)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(and(eq(backupJobs.id, id), inArray(backupJobs.state, ['queued', 'running'])));
  await db
    .delete(backupJobs)
    .where(
      and(
        inArray(backupJobs.state, ['done', 'failed']),
        lt(backupJobs.createdAt, sql`now() - make_interval(days => ${KEEP_FINISHED_DAYS})`),
      ),
    );
}

/** A backup that never began (another held the lock): it leaves no row. */
export async function dropBackup(db: Db, id: string): Promise<void> {
  await db.delete(backupJobs).where(eq(backupJobs.id, id));
}

export async function readBackup(db: Db, id: string): Promise<BackupJobRow | undefined> {
  const [row] = await db.select().from(backupJobs).where(eq(backupJobs.id, id));
  return row;
}

/** The newest backup started by any instance, whatever its state. */
export async function readNewest(db: Db): Promise<BackupJobRow | undefined> {
  await failStale(db);
  const [row] = await db.select().from(backupJobs).orderBy(desc(backupJobs.createdAt)).limit(1);
  return row;
}
