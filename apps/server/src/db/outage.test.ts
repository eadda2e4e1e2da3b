import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, type Database } from './client.js';
import { freePort } from './embedded.js';
import { createTestDatabase } from '../../test/databases.js';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';

/** A TCP relay in front of PostgreSQL that the test can cut and restore. */
function relay(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { open, cut };
}

let app: FastifyInstance;
let database: Database;
let proxy: ReturnType<typeof relay>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const testDb = await createTestDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
  drop = testDb.drop;
  const port = await freePort();
  proxy = relay(new URL(testDb.url), port);
  await proxy.open();
  const viaProxy = new URL(testDb.url);
  viaProxy.host = `127.0.0.1:${port}`;
  database = createDatabase(viaProxy.toString());
  app = await buildApp({
    config: loadConfig({ DATABASE_URL: viaProxy.toString() }),
    database,
    logger: false,
  });
});

afterAll(async () => {
  await app.close();
  await database.pool.end();
  await proxy.cut();
  await drop();
});

it('answers 503 while the database is away and recovers by itself when it returns', async () => {
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  await proxy.cut();
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { login: 'admin', password: 'whatever-it-is' },
  });
  expect(login.statusCode).toBe(503);
  expect(login.json()).toMatchObject({ error: 'unavailable' });
  const session = await app.inject({
    method: 'GET',
    url: '/api/islogin',
    cookies: { sid: 'x'.repeat(43) },
  });
  expect(session.statusCode).toBe(503);

  await proxy.open();
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  const again = await app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { login: 'admin', password: 'whatever-it-is' },
  });
  expect(again.statusCode).toBe(401);
});
