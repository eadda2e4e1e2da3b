import type { FastifyBaseLogger } from 'fastify';
import type { BackupFile, BackupJob } from '@school/contract/backups';
import { errorCodes } from '@school/contract/common';
import {
  BackupBusy,
  backupDatabase,
  listBackups,
  pruneBackups,
  type BackupFileInfo,
} from '../../db/backup/run.js';
import { HttpError } from '../../plugins/errors.js';
import { recordBackup, type Metrics } from '../../plugins/metrics.js';

export interface BackupSettings {
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

/** How often the schedule looks whether a backup is due, at most. */
/** How often the schedule looks, as a cron pattern of the job queue (ADR 031): every 5 minutes. */
export const BACKUP_CHECK_CRON = '*/5 * * * *';

const busy = () =>
  new HttpError(
    409,
    errorCodes.backupRunning,
    'A backup is being written already; follow it, or try again when it has finished',
  );

/**
 * The server's backups (ADR 028): one at a time across every instance and the command (the
 * backup lock), started by the schedule or the API; the last job's progress is kept for
 * GET /api/backups/current. The schedule takes a backup when the newest in the folder is
 * BACKUP_EVERY_HOURS old (or there is none), looking every few minutes, so a restart neither
 * skips nor repeats one; after each backup only the newest BACKUP_KEEP files are kept.
 */
export class BackupService {
  private job: BackupJob | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(private readonly settings: BackupSettings) {}

  get dir(): string {
    return this.settings.dir;
  }

  async list(): Promise<BackupFile[]> {
    return (await listBackups(this.settings.dir)).map(toFile);
  }

  /** The newest finished backup's time (the command's count too), or null. */
  async lastBackupAt(): Promise<string | null> {
    const [newest] = await listBackups(this.settings.dir);
    return newest ? newest.createdAt.toISOString() : null;
  }

  current(): BackupJob | undefined {
    return this.job && { ...this.job };
  }

  /**
   * Starts a backup; resolves once it holds the lock and has its snapshot, with its job.
   * 409 `backup_running` when one is being written, here or by another instance or command.
   */
  async start(trigger: 'schedule' | 'request'): Promise<BackupJob> {
    if (this.running) throw busy();
    const { url, dir, keep, log } = this.settings;
    const job: BackupJob = {
      state: 'running',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      tablesDone: 0,
      tablesTotal: 0,
      bytes: 0,
      backup: null,
      error: null,
    };
    let refused = false;
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const began = Date.now();
    const work = backupDatabase(url, dir, {
      signal: this.abort.signal,
      onProgress: (p) => {
        Object.assign(job, p);
        begun();
      },
    });
    this.running = work.then(
      async (written) => {
        if (this.settings.metrics) recordBackup(this.settings.metrics, 'done');
        Object.assign(job, {
          state: 'done',
          finishedAt: new Date().toISOString(),
          backup: toFile(written),
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
        if (removed.length > 0)
          log.info({ event: 'backup_pruned', removed }, 'old backups removed');
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        Object.assign(job, {
          state: 'failed',
          finishedAt: new Date().toISOString(),
          error: message,
        });
        refused = err instanceof BackupBusy;
        if (!refused && this.settings.metrics) recordBackup(this.settings.metrics, 'failed');
        if (refused) log.info({ event: 'backup_skipped', trigger }, message);
        else log.error({ event: 'backup_failed', trigger, err }, 'backup failed');
      },
    );
    void this.running.finally(() => (this.running = undefined));
    await Promise.race([started, this.running]);
    if (refused) throw busy();
    this.job = job;
    return { ...job };
  }

  /**
   * One look of the schedule, run by the job queue every few minutes once across the
   * instances (ADR 031): a backup when the newest is BACKUP_EVERY_HOURS old (0: never);
   * resolves once it has begun (its snapshot taken) or is not due.
   */
  async scheduled(): Promise<void> {
    const every = this.settings.everyHours * 3_600_000;
    if (every <= 0 || this.stopped) return;
    const last = await this.lastBackupAt().catch(() => null);
    if (this.running || (last && Date.now() - Date.parse(last) < every)) return;
    await this.start('schedule').catch(() => undefined); // logged by the job
  }

  /** Stops scheduled backups and ends a backup being written (its partial file is removed). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.running;
  }
}
