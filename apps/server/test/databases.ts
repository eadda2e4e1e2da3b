import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import { createDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { pause } from './timers.js';

export interface TestCluster {
  /** a URL of the cluster's maintenance database, for CREATE/DROP DATABASE */
  adminUrl: string;
  /** the migrated template each test database is copied from */
  template: string;
  stop: () => Promise<void>;
}

const LOCAL = 'postgres://root@127.0.0.1:5432/postgres';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(adminUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * docs/architecture.md, Tests: TEST_DATABASE_URL when set, else a PostgreSQL on 127.0.0.1:5432 when one
 * answers, else an embedded one in a temporary folder. A migrated template is made once.
 */
export async function startTestCluster(label: string): Promise<TestCluster> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let tmp: string | undefined;
  if (!adminUrl && (await answers(LOCAL))) adminUrl = LOCAL;
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'school-test-pg-'));
    await fs.chmod(tmp, 0o755);
    embedded = await startEmbeddedPostgres(tmp, { info: () => undefined, warn: () => undefined });
    adminUrl = withDatabase(embedded.url, 'postgres');
  }
  const template = `school_tpl_${label}_${process.pid}_${Date.now().toString(36)}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  const database = createDatabase(withDatabase(adminUrl, template));
  try {
    await runMigrations(database);
  } finally {
    await database.pool.end();
  }
  const url = adminUrl;
  return {
    adminUrl: url,
    template,
    stop: async () => {
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)).catch(
        () => undefined,
      );
      await embedded?.stop();
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A fresh database for one test file, copied from the migrated template. */
export async function createTestDatabase(adminUrl: string, template: string) {
  const name = `${template.replace('_tpl_', '_t_')}_${process.pid}_${++counter}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (err) {
      // another file copying the template at the same moment: try again shortly
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await pause(100 + Math.random() * 200);
    }
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () =>
      admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
