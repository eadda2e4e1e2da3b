import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Role } from '@school/contract/users';
import { buildApp } from '../src/app.js';
import { createDatabase, type Database } from '../src/db/client.js';
import { loadConfig, type Config } from '../src/config.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { insertUser } from '../src/modules/users/users.queries.js';
import { createTestDatabase } from './databases.js';
import { atFileEnd } from './file-end.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  logs: string[];
}

/** The whole app on a database of this test file's own (closed after the file). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
  const config = loadConfig({
    DATABASE_URL: testDb.url,
    LOG_LEVEL: 'info',
    // no scheduled backups, and none in the working folder (ADR 028)
    BACKUP_EVERY_HOURS: '0',
    BACKUP_DIR: path.join(os.tmpdir(), `school-test-backups-${testDb.name}`),
    ...env,
  });
  const database = createDatabase(testDb.url);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, logStream });
  atFileEnd(async () => {
    await app.close();
    await database.pool.end();
    await testDb.drop();
    await fs.rm(config.backupDir, { recursive: true, force: true });
  });
  return { app, database, config, logs };
}

let userCounter = 0;
/**
 * A password's hash, made once per worker: argon2 takes its time by design, and a test's users
 * need not differ in salt (a login still verifies the hash for real).
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export async function createUser(
  { database }: TestApp,
  fields: {
    login?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    isAdmin?: boolean;
    /** the role (docs/roles.md); admin when isAdmin, manager otherwise */
    role?: Role;
  } = {},
) {
  const login = fields.login ?? `user${++userCounter}`;
  const password = fields.password ?? 'correct horse battery';
  const id = await insertUser(database.db, {
    login,
    passwordHash: await hashOf(password),
    firstName: fields.firstName ?? 'Olena',
    lastName: fields.lastName ?? 'Shevchenko',
    role: fields.role ?? (fields.isAdmin ? 'admin' : 'manager'),
  });
  return { id, login, password };
}

/** The cookies a browser would send back, from a response's Set-Cookie headers. */
export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies) out[c.name] = c.value;
  return out;
}

export interface Agent {
  cookies: Record<string, string>;
  xsrf: string;
  userAgent: string;
  request: (opts: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    xsrf?: boolean;
  }) => Promise<LightMyRequestResponse>;
}

export interface AppFixture extends TestApp {
  /** logged in as `user` (sends the session cookie and the XSRF header) */
  agent: Agent;
  user: { id: number; login: string; password: string };
}

type UserFields = Parameters<typeof createUser>[1];

/**
 * The one start of an API test: the whole app on its own database, a user and an agent
 * logged in as that user. `admin: true` makes the user an admin; `login: false` leaves the
 * agent out (tests of logging in).
 */
export async function setupApp(options?: {
  admin?: boolean;
  user?: UserFields;
  env?: Record<string, string>;
}): Promise<AppFixture>;
export async function setupApp(options: {
  admin?: boolean;
  user?: UserFields;
  env?: Record<string, string>;
  login: false;
}): Promise<TestApp & { user: AppFixture['user'] }>;
export async function setupApp({
  admin = false,
  user: fields = {},
  env = {},
  login: logIn = true,
}: {
  admin?: boolean;
  user?: UserFields;
  env?: Record<string, string>;
  login?: boolean;
} = {}) {
  const t = await createTestApp(env);
  const user = await createUser(t, { ...fields, isAdmin: fields?.isAdmin ?? admin });
  if (!logIn) return { ...t, user };
  return { ...t, user, agent: await login(t.app, user) };
}

/** Logs in and returns an agent that sends the session cookie and the XSRF header. */
export async function login(
  app: FastifyInstance,
  creds: { login: string; password: string },
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
): Promise<Agent> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/authentication',
    headers: { 'user-agent': userAgent },
    payload: { ...creds, timeZone: 'Europe/Kyiv' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookies = cookiesOf(res);
  const xsrf = cookies['XSRF-TOKEN'] ?? '';
  const agent: Agent = {
    cookies,
    xsrf,
    userAgent,
    request: ({ method, url, payload, headers = {}, xsrf: sendXsrf = true }) =>
      app.inject({
        method,
        url,
        cookies: agent.cookies,
        headers: {
          'user-agent': userAgent,
          ...(sendXsrf ? { 'x-xsrf-token': agent.xsrf } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
  };
  return agent;
}

/** The pipeline's stages in their order: `stage(i)` is the id of the i-th (0 when none). */
export async function stagesOf(agent: Agent): Promise<(i: number) => number> {
  const res = await agent.request({ method: 'GET', url: '/api/stages' });
  const ids = res.json<{ id: number }[]>().map((s) => s.id);
  return (i) => ids[i] ?? 0;
}

/** Imports clients from `lines` (the header first) as the web app sends a file: a JSON body. */
export const importClients = (agent: Agent, lines: string[], skipErrors = false) =>
  agent.request({
    method: 'POST',
    url: '/api/clients/import',
    payload: { csv: lines.join('\n'), skipErrors },
  });

/**
 * A migration's last statement: the one that fills a new table from the rows already there,
 * which a test runs again on a table it has emptied.
 */
export async function lastStatementOf(migration: string): Promise<string> {
  const text = await fs.readFile(
    new URL(`../src/db/migrations/${migration}`, import.meta.url),
    'utf8',
  );
  return text.split('--> statement-breakpoint').at(-1) ?? '';
}
