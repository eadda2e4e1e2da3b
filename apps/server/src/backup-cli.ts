import path from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from './config.js';
import { BackupFileError, RestoreRefused } from './db/backup/format.js';
import { restoreBackup } from './db/backup/load.js';
import { BackupBusy, backupDatabase } from './db/backup/run.js';
import { hasCluster, runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded.js';

/**
 * `npm run backup` and `npm run restore -- FILE [--force]` (README, Operations; docs/restore.md;
 * ADR 028). Both use DATABASE_URL when set; else the embedded PostgreSQL of DATA_DIR: the one
 * a running server started when there is one, else one they start and stop themselves.
 */

const say = (line: string) => process.stdout.write(`${line}\n`);

class UsageError extends Error {}

interface Target {
  url: string;
  /** set when this command started the embedded PostgreSQL: stop it before exiting */
  stop?: () => Promise<void>;
}

let started: Target | undefined;

async function openDatabase(config: Config, purpose: 'backup' | 'restore'): Promise<Target> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) {
    if (purpose === 'restore') {
      throw new RestoreRefused(
        `the server (its embedded PostgreSQL) is running on ${config.dataDir}: stop it, then restore`,
      );
    }
    say(`Using the running server's embedded PostgreSQL in ${config.dataDir}`);
    return { url: running };
  }
  if (purpose === 'backup' && !hasCluster(config.dataDir)) {
    throw new UsageError(`there is no database in ${config.dataDir} (DATA_DIR) to back up`);
  }
  say(`Starting the embedded PostgreSQL in ${config.dataDir}`);
  const embedded = await startEmbeddedPostgres(config.dataDir, {
    info: say,
    warn: (m) => say(`warning: ${m}`),
  });
  started = { url: embedded.url, stop: embedded.stop };
  return started;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(config: Config): Promise<void> {
  const { url } = await openDatabase(config, 'backup');
  let shown = -1;
  const written = await backupDatabase(url, config.backupDir, {
    onProgress: ({ tablesDone, tablesTotal }) => {
      if (tablesDone !== shown && process.stdout.isTTY) {
        shown = tablesDone;
        process.stdout.write(`\rtables ${tablesDone}/${tablesTotal}`);
      }
    },
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  const rows = written.manifest.tables.reduce((n, t) => n + t.rows, 0);
  say(
    `Backup written: ${written.file} (${mb(written.size)}, ${written.manifest.tables.length} ` +
      `tables, ${rows} rows, migration ${written.manifest.migration.number})`,
  );
}

async function restore(config: Config, file: string, force: boolean): Promise<void> {
  const { url } = await openDatabase(config, 'restore');
  const client = new pg.Client({
    connectionString: url,
    application_name: 'school-office restore',
  });
  await client.connect();
  try {
    // npm runs the script in the repository's folder; a relative FILE is the caller's
    const where = process.env.INIT_CWD ?? process.cwd();
    const result = await restoreBackup(client, path.resolve(where, file), { force, log: say });
    say(
      `Restored ${result.rows} rows of ${result.manifest.tables.length} tables from the backup ` +
        `of ${result.manifest.createdAt} (migration ${result.manifest.migration.number})` +
        (result.newerMigrations.length > 0
          ? `, then ran ${result.newerMigrations.length} newer migration(s)`
          : ''),
    );
    say('Start the server as usual; its sessions were restored too, so users stay logged in.');
  } finally {
    await client.end().catch(() => undefined);
  }
}

function parseArgs(
  argv: string[],
): { command: 'backup' } | { command: 'restore'; file: string; force: boolean } {
  const [command, ...rest] = argv;
  if (command === 'backup' && rest.length === 0) return { command };
  if (command === 'restore') {
    const force = rest.includes('--force');
    const files = rest.filter((a) => a !== '--force');
    const unknown = files.find((a) => a.startsWith('--'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    if (files.length === 1 && files[0]) return { command, file: files[0], force };
  }
  throw new UsageError('usage: npm run backup | npm run restore -- FILE [--force]');
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const stopStarted = async () => {
    const target = started;
    started = undefined;
    await target?.stop?.();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`${signal}: stopping`);
      void stopStarted().finally(() => process.exit(130));
    });
  }
  try {
    const args = parseArgs(process.argv.slice(2));
    if (args.command === 'backup') await backup(config);
    else await restore(config, args.file, args.force);
    return 0;
  } catch (err) {
    const known =
      err instanceof UsageError ||
      err instanceof RestoreRefused ||
      err instanceof BackupFileError ||
      err instanceof BackupBusy;
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${known ? 'Refused' : 'Failed'}: ${message}\n`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await stopStarted().catch((err: unknown) => say(`warning: ${String(err)}`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void main().then((code) => process.exit(code));
}
