import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { writeBackup, type BackupOptions, type WrittenBackup } from './dump.js';
import { BACKUP_NAME, parseBackupName } from './format.js';

/** Held by whoever writes a backup of the database, server or command (ADR 028). */
export const BACKUP_LOCK = 7_411_028;

/** Another backup of the same database is being written (by any instance or the command). */
export class BackupBusy extends Error {
  constructor() {
    super('another backup of this database is being written; try again when it has finished');
  }
}

/**
 * A backup on a connection of its own (no statement timeout, the app's pool untouched), under
 * the backup lock: pg_try_advisory_lock, so a second backup anywhere is refused, not queued.
 */
export async function backupDatabase(
  url: string,
  dir: string,
  options: BackupOptions & { signal?: AbortSignal } = {},
): Promise<WrittenBackup> {
  options.signal?.throwIfAborted();
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    application_name: 'school-office backup',
  });
  await client.connect();
  client.on('error', () => undefined); // a lost connection fails the query in progress
  // an abort (the server stopping) ends the connection: the backup fails and is removed
  const onAbort = () => void client.end().catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [BACKUP_LOCK],
    );
    if (!rows[0]?.locked) throw new BackupBusy();
    return await writeBackup(client, dir, options);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // ending the session also releases its lock
    await client.end().catch(() => undefined);
  }
}

export interface BackupFileInfo {
  name: string;
  size: number;
  createdAt: Date;
}

/** The finished backups in `dir`, newest first (a missing folder has none). */
export async function listBackups(dir: string): Promise<BackupFileInfo[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: BackupFileInfo[] = [];
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    try {
      const stat = await fs.stat(path.join(dir, name));
      if (stat.isFile()) out.push({ name, size: stat.size, createdAt: parsed.createdAt });
    } catch {
      // removed meanwhile
    }
  }
  return out.sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name),
  );
}

/** Removes all but the newest `keep` backups; answers the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const { name } of old) await fs.rm(path.join(dir, name), { force: true });
  return old.map((b) => b.name);
}

/** The path of a backup by its name, or undefined: only a name of the strict pattern is taken. */
export function backupPath(dir: string, name: string): string | undefined {
  return BACKUP_NAME.test(name) ? path.join(dir, name) : undefined;
}
