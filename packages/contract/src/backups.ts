import { z } from 'zod';

/**
 * Backups of the database (docs/api.md, Backups; ADR 028): the files, named by the snapshot's
 * time and migration number, and the job of a backup started from the API.
 */

/** backup-2026-11-26T13-05-09Z-m0013.tar.gz */
export const BACKUP_NAME_PATTERN =
  /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-m\d{4,6}\.tar\.gz$/;

export const backupName = z
  .string()
  .regex(
    BACKUP_NAME_PATTERN,
    'must be the name of a backup, like backup-2026-11-26T13-05-09Z-m0013.tar.gz',
  );

export const backupFile = z
  .object({
    name: z.string(),
    /** bytes */
    size: z.number().int().min(0),
    /** the moment the backup's snapshot was taken */
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BackupFile' });
export type BackupFile = z.infer<typeof backupFile>;

/** Newest first; finished backups only. */
export const backupList = z.array(backupFile).meta({ id: 'BackupList' });

export const backupNameParam = z.object({ name: backupName });

export const backupJob = z
  .object({
    state: z.enum(['running', 'done', 'failed']),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    tablesDone: z.number().int().min(0),
    tablesTotal: z.number().int().min(0),
    /** table data read so far, before compression */
    bytes: z.number().int().min(0),
    /** the file written, once done */
    backup: backupFile.nullable(),
    /** why it failed, once failed */
    error: z.string().nullable(),
  })
  .meta({ id: 'BackupJob' });
export type BackupJob = z.infer<typeof backupJob>;
