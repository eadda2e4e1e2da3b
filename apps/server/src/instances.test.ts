import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '@school/contract/paths';
import { createTestDatabase } from '../test/databases.js';
import { login, type Agent } from '../test/helper.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { hashPassword } from './modules/auth/password.js';
import { insertUser } from './modules/users/users.queries.js';

/**
 * Two app instances on one database, each with a pool of its own, as two processes behind a
 * load balancer (docs/operations.md, Several instances): nothing a request depends on may
 * live in one instance's memory.
 */
let one: FastifyInstance;
let two: FastifyInstance;
const pools: Database[] = [];
let drop: () => Promise<void>;
let seed: Database;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  const testDb = await createTestDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
  drop = testDb.drop;
  const config = loadConfig({ DATABASE_URL: testDb.url, LOGIN_MAX_FAILURES: '4' });
  const app = async () => {
    const database = createDatabase(testDb.url);
    pools.push(database);
    return buildApp({ config, database, logger: false });
  };
  [one, two] = await Promise.all([app(), app()]);
  seed = pools[0] as Database;
});

afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
  await Promise.all(pools.map((p) => p.pool.end()));
  await drop();
});

let counter = 0;
async function user(role: 'admin' | 'manager' | 'teacher' = 'manager') {
  const login = `instance${++counter}`;
  const id = await insertUser(seed.db, {
    login,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Iryna',
    lastName: 'Koval',
    role,
  });
  return { id, login, password: PASSWORD };
}

/** The agent's session and XSRF token, sent to another instance. */
const on =
  (app: FastifyInstance, agent: Agent) =>
  (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      cookies: agent.cookies,
      headers: { 'user-agent': agent.userAgent, 'x-xsrf-token': agent.xsrf },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

describe('two instances on one database', () => {
  it('a session made on one works on the other, its XSRF token too', async () => {
    const me = await login(one, await user());
    const viaTwo = on(two, me);
    expect((await viaTwo('GET', api.islogin)).statusCode).toBe(200);
    const made = await viaTwo('POST', api.clients, { firstName: 'Across', lastName: 'Instances' });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ id: number }>().id;
    expect((await on(one, me)('GET', api.client(id))).statusCode).toBe(200);
  });

  it('a logout on one applies on the other at its next request', async () => {
    const me = await login(one, await user());
    expect((await on(two, me)('GET', api.islogin)).statusCode).toBe(200);
    expect((await on(two, me)('POST', api.logout)).statusCode).toBeLessThan(300);
    expect((await on(one, me)('GET', api.islogin)).statusCode).toBe(401);
    expect((await on(two, me)('GET', api.islogin)).statusCode).toBe(401);
  });

  it('disabling a user on one refuses their session on the other at once', async () => {
    const admin = await login(one, await user('admin'));
    const someone = await user();
    const theirs = await login(two, someone);
    expect((await on(two, theirs)('GET', api.islogin)).statusCode).toBe(200);
    const put = await on(one, admin)('PUT', api.user(someone.id), { disabled: true });
    expect(put.statusCode).toBe(200);
    expect((await on(two, theirs)('GET', api.islogin)).statusCode).toBe(401);
    expect((await on(one, theirs)('GET', api.islogin)).statusCode).toBe(401);
    const again = await two.inject({
      method: 'POST',
      url: api.authentication,
      payload: { login: someone.login, password: someone.password },
    });
    expect(again.statusCode).toBe(401);
  });

  it("a role change on one applies on the other at the user's next request", async () => {
    const admin = await login(two, await user('admin'));
    const someone = await user('manager');
    const theirs = await login(one, someone);
    expect((await on(two, theirs)('GET', api.clients)).statusCode).toBe(200);
    const put = await on(two, admin)('PUT', api.user(someone.id), { role: 'teacher' });
    expect(put.statusCode).toBe(200);
    // a teacher has no right to the clients (docs/roles.md)
    expect((await on(one, theirs)('GET', api.clients)).statusCode).toBe(403);
    expect((await on(two, theirs)('GET', api.islogin)).json()).toMatchObject({ role: 'teacher' });
  });

  it('login throttling counts the failures made on both', async () => {
    const victim = await user();
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: api.authentication,
        remoteAddress: '10.9.8.7',
        payload: { login: victim.login, password },
      });
    // LOGIN_MAX_FAILURES is 4 per (login, address): two on each instance reach it
    for (const app of [one, two, one, two]) {
      expect((await attempt(app, 'a wrong password')).statusCode).toBe(401);
    }
    expect((await attempt(one, victim.password)).statusCode).toBe(429);
    expect((await attempt(two, victim.password)).statusCode).toBe(429);
  });
});
