import { BackupBusy, backupDatabase } from './run.js';
import type { ChildMessage } from './child.js';

/**
 * A backup in a process of its own (ADR 028): the server forks this file (backupInChild) so the
 * backup's buffers never grow the server's memory. The database and the folder come in the
 * environment (the URL may hold a password: never on the command line); progress and the
 * outcome go back over the IPC channel. SIGTERM, SIGINT or the server going away ends the
 * backup, and its partial file is removed.
 */
const url = process.env.BACKUP_DATABASE_URL ?? '';
const dir = process.env.BACKUP_TARGET_DIR ?? '';
const abort = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => abort.abort());
process.on('disconnect', () => abort.abort());

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send || !process.connected) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });

async function main(): Promise<number> {
  try {
    const written = await backupDatabase(url, dir, {
      signal: abort.signal,
      onProgress: (p) => void send({ type: 'progress', ...p }),
      onPartial: (file) => void send({ type: 'partial', file }),
    });
    await send({
      type: 'done',
      name: written.name,
      size: written.size,
      createdAt: written.createdAt.toISOString(),
    });
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await send({ type: 'failed', message, busy: err instanceof BackupBusy });
    return 1;
  }
}

void main().then((code) => process.exit(code));
