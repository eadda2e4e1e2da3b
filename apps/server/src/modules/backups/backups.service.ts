import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupFile, BackupJob } from '@school/contract/backups';
import { errorCodes } from '@school/contract/common';
import { backupInChild } from '../../db/backup/child.js';
import type { BackupProgress } from '../../db/backup/dump.js';
import { BackupBusy, listBackups, pruneBackups, type BackupFileInfo } from '../../db/backup/run.js';
import type { Db } from '../../db/client.js';
import { untilAvailable } from '../../db/until-available.js';
import { HttpError } from '../../plugins/errors.js';
import { recordBackup, type Metrics } from '../../plugins/metrics.js';
import type { Queue } from '../../plugins/queue.js';
import {
  BACKUP_TASK,
  backupLockHeld,
  claimBackup,
  dropBackup,
  finishBackup,
  readBackup,
  readNewest,
  saveProgress,
  startQueued,
  type BackupJobRow,
} from './backups.queries.js';

export interface BackupSettings {
  db: Db;
  /** the database to back up, on a connection of the backup's own */
  url: string;
  dir: string;
  /** BACKUP_EVERY_HOURS: 0 turns the schedule off */
  everyHours: number;
  /** BACKUP_KEEP: the newest this many files stay */
  keep: number;
  log: FastifyBaseLogger;
  /** this instance's metrics: its backups by outcome and the last one's time */
  metrics?: Pick<Metrics, 'backupsTotal' | 'lastBackupTimestamp'>;
}

const toFile = (b: BackupFileInfo): BackupFile => ({
  name: b.name,
  size: b.size,
  createdAt: b.createdAt.toISOString(),
});

/** A row as the API answers it: a queued backup is under way, so it answers running. */
const toJob = (row: BackupJobRow): BackupJob => ({
  state: row.state === 'done' || row.state === 'failed' ? row.state : 'running',
  startedAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  tablesDone: row.tablesDone,
  tablesTotal: row.tablesTotal,
  bytes: row.bytes,
  backup:
    row.fileName && row.fileCreatedAt
      ? {
          name: row.fileName,
          size: row.fileSize ?? 0,
          createdAt: row.fileCreatedAt.toISOString(),
        }
      : null,
  error: row.error,
});

/** How often the schedule looks, as a cron pattern of the job queue (ADR 031): every 5 minutes. */
export const BACKUP_CHECK_CRON = '*/5 * * * *';
/** How often a running backup writes its progress and heartbeat to its row (ms). */
const PROGRESS_EVERY_MS = 500;
/** How long POST /api/backups waits for the backup's snapshot before it answers (ms). */
const BEGIN_WAIT_MS = 15_000;

const busy = () =>
  new HttpError(
    409,
    errorCodes.backupRunning,
    'A backup is being written already; follow it, or try again when it has finished',
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's backups (ADR 028, ADR 031): one at a time across every instance and the command
 * (a row of `backup_jobs` queued or running, and the backup lock), queued by the API or the
 * schedule and written by whichever instance's job queue takes the job, in a process of its
 * own. The row holds the progress and the outcome, so every instance answers
 * GET /api/backups/current and a restart keeps it. The schedule takes a backup when the newest
 * in the folder is BACKUP_EVERY_HOURS old (or there is none); after each backup only the newest
 * BACKUP_KEEP files are kept.
 */
export class BackupService {
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private readonly abort = new AbortController();
  /** the process writing a backup for this instance, while there is one */
  childPid: number | undefined;

  constructor(private readonly settings: BackupSettings) {}

  get dir(): string {
    return this.settings.dir;
  }

  /** The backup job and, unless BACKUP_EVERY_HOURS is 0, the schedule's look every 5 minutes. */
  registerTasks(queue: Queue): void {
    queue.task(BACKUP_TASK, (payload) => this.runQueued(payload));
    if (this.settings.everyHours > 0) {
      queue.recurring({
        task: 'backup_schedule',
        match: BACKUP_CHECK_CRON,
        // a look missed while no instance ran is made up at the next start (ADR 031)
        backfillMs: 5 * 60_000,
        run: () => this.scheduled(),
      });
    }
  }

  async list(): Promise<BackupFile[]> {
    return (await listBackups(this.settings.dir)).map(toFile);
  }

  /** The newest finished backup's time (the command's count too), or null. */
  async lastBackupAt(): Promise<string | null> {
    const [newest] = await listBackups(this.settings.dir);
    return newest ? newest.createdAt.toISOString() : null;
  }

  /** The newest backup any instance started, from its row. */
  async current(): Promise<BackupJob | undefined> {
    const row = await readNewest(this.settings.db);
    return row && toJob(row);
  }

  /**
   * Queues a backup; answers its job once it has its snapshot (or after a few seconds, still
   * queued). 409 `backup_running` when one is queued or being written, by any instance or the
   * command.
   */
  async start(trigger: 'request'): Promise<BackupJob> {
    const { db } = this.settings;
    if (await backupLockHeld(db)) throw busy();
    const id = randomUUID();
    if (!(await claimBackup(db, id, trigger))) throw busy();
    const deadline = Date.now() + BEGIN_WAIT_MS;
    for (;;) {
      const row = await readBackup(db, id);
      if (!row) throw busy(); // refused: the command took the lock meanwhile
      const begun = row.state !== 'queued' && (row.state !== 'running' || row.tablesTotal > 0);
      if (begun || Date.now() > deadline) return toJob(row);
      await sleep(100);
    }
  }

  /**
   * One look of the schedule, run by the job queue every few minutes once across the
   * instances (ADR 031): queues a backup when the newest is BACKUP_EVERY_HOURS old (0: never).
   */
  async scheduled(): Promise<void> {
    const { db, log, everyHours } = this.settings;
    const every = everyHours * 3_600_000;
    if (every <= 0 || this.stopped) return;
    const last = await this.lastBackupAt().catch(() => null);
    if (last && Date.now() - Date.parse(last) < every) return;
    if (!(await claimBackup(db, randomUUID(), 'schedule'))) {
      log.info({ event: 'backup_skipped', trigger: 'schedule' }, 'a backup is under way already');
    }
  }

  /** The queued backup's job, on the instance whose runner took it. */
  private async runQueued(payload: unknown): Promise<void> {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || this.stopped) return;
    const row = await startQueued(this.settings.db, id);
    if (!row) return; // no longer queued: given up meanwhile
    const work = this.write(row.id, row.trigger);
    this.running.add(work);
    try {
      await work;
    } finally {
      this.running.delete(work);
    }
  }

  private async write(id: string, trigger: string): Promise<void> {
    const { db, url, dir, keep, log, metrics } = this.settings;
    const began = Date.now();
    let latest: BackupProgress | undefined;
    let saving: Promise<void> = Promise.resolve();
    const save = () => {
      const progress = latest;
      latest = undefined;
      saving = saving
        .then(() => saveProgress(db, id, progress))
        .catch((err: unknown) => log.warn({ err }, 'backup progress not saved'));
    };
    let first = true;
    const child = backupInChild(url, dir, {
      signal: this.abort.signal,
      onProgress: (progress) => {
        latest = progress;
        // the first, with the tables to write, at once: the request waits for it
        if (first) save();
        first = false;
      },
    });
    this.childPid = child.pid;
    const beat = setInterval(save, PROGRESS_EVERY_MS);
    try {
      const written = await child.written.finally(() => {
        clearInterval(beat);
        if (latest) save(); // the last progress, all tables done
      });
      await saving;
      if (metrics) recordBackup(metrics, 'done');
      await this.finish(id, {
        state: 'done',
        fileName: written.name,
        fileSize: written.size,
        fileCreatedAt: written.createdAt,
      });
      log.info(
        {
          event: 'backup_done',
          trigger,
          name: written.name,
          size: written.size,
          ms: Date.now() - began,
        },
        'backup written',
      );
      const removed = await pruneBackups(dir, keep).catch((err: unknown) => {
        log.warn({ err }, 'old backups could not be removed');
        return [];
      });
      if (removed.length > 0) log.info({ event: 'backup_pruned', removed }, 'old backups removed');
    } catch (err) {
      await saving;
      if (err instanceof BackupBusy) {
        await dropBackup(db, id).catch(() => undefined);
        log.info({ event: 'backup_skipped', trigger }, err.message);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      if (metrics) recordBackup(metrics, 'failed');
      await this.finish(id, { state: 'failed', error: message }).catch((e: unknown) =>
        log.warn({ err: e }, 'backup outcome not saved'),
      );
      log.error({ event: 'backup_failed', trigger, err }, 'backup failed');
    } finally {
      this.childPid = undefined;
    }
  }

  /**
   * Writes a backup's outcome, waiting for a database that is restarting (docs/operations.md,
   * When the database restarts), so its row is not left running until it is found stale.
   */
  private finish(id: string, outcome: Parameters<typeof finishBackup>[2]) {
    return untilAvailable(() => finishBackup(this.settings.db, id, outcome), {
      stopped: () => this.stopped,
    });
  }

  /** Takes no more backups and ends one being written (its process ends, its partial file goes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.all([...this.running]);
  }
}
