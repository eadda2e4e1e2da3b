import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BackupProgress } from './dump.js';
import { BackupBusy, type BackupFileInfo } from './run.js';

/**
 * The Node flags of a backup's own process (ADR 028): a small heap and a small young
 * generation, as `npm run backup` runs the command, so COPY's many short-lived buffers are
 * collected early.
 */
export const BACKUP_CHILD_FLAGS = [
  '--max-old-space-size=64',
  '--max-semi-space-size=2',
  '--v8-pool-size=1',
];

/** What the backup's process tells the server (worker.ts). */
export type ChildMessage =
  | ({ type: 'progress' } & BackupProgress)
  | { type: 'partial'; file: string }
  | { type: 'done'; name: string; size: number; createdAt: string }
  | { type: 'failed'; message: string; busy: boolean };

/** How long a backup's process has to end after SIGTERM before it is killed (ms). */
const KILL_AFTER_MS = 3_000;

/** The stopped backup's error: the server is stopping, no file was written. */
export class BackupStopped extends Error {
  constructor() {
    super('The server stopped during the backup; no file was written');
  }
}

/**
 * The worker's file and Node's arguments: the built JavaScript beside this file, or, when the
 * server runs from its TypeScript sources (the tests, the bench), the source through tsx.
 */
function entry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(`./worker.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const loader = fromSource ? ['--conditions=source', '--import', 'tsx'] : [];
  return { file, execArgv: [...loader, ...BACKUP_CHILD_FLAGS] };
}

export interface ChildBackup {
  /** the backup's process id, while it runs (its memory is measured on its own) */
  pid: number | undefined;
  written: Promise<BackupFileInfo>;
}

/**
 * A backup of `url` into `dir` written by a process of its own (ADR 028), under the backup lock
 * as ever: BackupBusy when another holds it. An abort ends the process (SIGTERM, then SIGKILL
 * after a few seconds); the partial file is removed whichever way it ends.
 */
export function backupInChild(
  url: string,
  dir: string,
  options: { signal?: AbortSignal; onProgress?: (progress: BackupProgress) => void } = {},
): ChildBackup {
  const { file, execArgv } = entry();
  const child = fork(file, [], {
    execArgv,
    env: { ...process.env, BACKUP_DATABASE_URL: url, BACKUP_TARGET_DIR: dir },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  let partial: string | undefined;
  let outcome: ChildMessage | undefined;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4_000) stderr += chunk.toString();
  });
  child.on('message', (message: ChildMessage) => {
    if (message.type === 'progress') {
      const { tablesDone, tablesTotal, bytes } = message;
      options.onProgress?.({ tablesDone, tablesTotal, bytes });
    } else if (message.type === 'partial') partial = message.file;
    else outcome = message;
  });
  let killer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    child.kill('SIGTERM');
    killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  const written = new Promise<BackupFileInfo>((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': it comes once the IPC channel is closed too, after the last message
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      options.signal?.removeEventListener('abort', onAbort);
      const finished = outcome;
      if (finished?.type === 'done') {
        resolve({
          name: finished.name,
          size: finished.size,
          createdAt: new Date(finished.createdAt),
        });
        return;
      }
      // a process killed before it could clean up leaves its partial file: removed here
      const removed = partial ? fs.rm(partial, { force: true }) : Promise.resolve();
      void removed
        .catch(() => undefined)
        .then(() => {
          if (options.signal?.aborted) reject(new BackupStopped());
          else if (finished?.type === 'failed')
            reject(finished.busy ? new BackupBusy() : new Error(finished.message));
          else
            reject(
              new Error(
                `the backup's process ended (${signal ?? `exit code ${code}`}) ${stderr.trim()}`.trim(),
              ),
            );
        });
    });
  });
  return { pid: child.pid, written };
}
