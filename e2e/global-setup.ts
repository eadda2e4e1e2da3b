import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/db/embedded.js';
import { chromePath } from './browser.js';
import { createTestDatabase, startTestCluster } from '../apps/server/test/databases.js';

/** A running server of the app and the database it uses. */
export interface E2eServer {
  baseUrl: string;
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** one server per worker: a test file uses servers[VITEST_POOL_ID - 1] (see support.ts) */
    servers: E2eServer[];
    /** the browser, found (and unpacked from its package when needed) once, not by each worker */
    chromePath: string;
  }
}

const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
export const ADMIN_PASSWORD = 'e2e admin password';
/** The bot's username the server builds students' deep links with. */
export const BOT_USERNAME = 'school_test_bot';

/**
 * The real server, as a process, on a database of its own, serving the built web app. One per
 * worker, so that two test files running at once never share a server or its data
 * (docs/decisions/024-parallel-test-runs.md).
 */
export async function setup(project: TestProject) {
  project.provide('chromePath', await chromePath());
  const cluster = await startTestCluster('e2e');
  const count = Math.max(1, project.config.maxWorkers ?? project.globalConfig.maxWorkers ?? 1);
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServer(cluster.adminUrl, cluster.template)),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await cluster.stop();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, databaseUrl }) => ({ baseUrl, databaseUrl })),
  );
  return stopAll;
}

async function startServer(adminUrl: string, template: string) {
  const database = await createTestDatabase(adminUrl, template);
  const backupDir = path.join(os.tmpdir(), `school-e2e-backups-${database.name}`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', serverEntry],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        WEB_DIST: webDist,
        ADMIN_PASSWORD,
        BOT_USERNAME,
        LOGIN_RATE_PER_MINUTE: '1000',
        // backups on request only, outside the working folder (ADR 028)
        BACKUP_EVERY_HOURS: '0',
        BACKUP_DIR: backupDir,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (process.env.E2E_LOG_LEVEL) process.stdout.write(chunk);
        if (out.includes('is running on')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
    });
  } catch (err) {
    await database.drop();
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: database.url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await database.drop();
      await rm(backupDir, { recursive: true, force: true });
    },
  };
}
