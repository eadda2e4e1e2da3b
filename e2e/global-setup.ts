import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/db/embedded.js';
import { createTestDatabase, startTestCluster } from '../apps/server/test/databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
export const ADMIN_PASSWORD = 'e2e admin password';
/** The bot's username the server builds students' deep links with. */
export const BOT_USERNAME = 'school_test_bot';

/** The real server, as a process, on a database of its own, serving the built web app. */
export async function setup(project: TestProject) {
  const cluster = await startTestCluster('e2e');
  const database = await createTestDatabase(cluster.adminUrl, cluster.template);
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
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('databaseUrl', database.url);
  return async () => {
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
    await database.drop();
    await cluster.stop();
  };
}
