import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, type Database } from './client.js';
import { freePort } from './embedded.js';
import { registerErrorHandling } from '../plugins/errors.js';
import { createTestDatabase } from '../../test/databases.js';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';

/**
 * A TCP relay in front of PostgreSQL that the test can cut (connections refused and reset)
 * and freeze (connections stay open but no byte gets through, as on a dead network).
 */
function relay(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let frozen = false;
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (!frozen) to.write(chunk);
    });
  const open = () =>
    new Promise<void>((resolve) => {
      frozen = false;
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        forward(client, upstream);
        forward(upstream, client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  const freeze = () => {
    frozen = true;
  };
  return { open, cut, freeze };
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
  // pool limits far above the health check's own, so only that one can answer in time
  database = createDatabase(viaProxy.toString(), undefined, {
    statementTimeoutMs: 60_000,
    connectTimeoutMs: 60_000,
  });
  app = await buildApp({
    // a folder of its own: a backup a server run in this checkout wrote is not this test's
    config: loadConfig({
      DATABASE_URL: viaProxy.toString(),
      BACKUP_DIR: path.join(os.tmpdir(), `school-outage-backups-${process.pid}`),
    }),
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
  expect(health.json()).toMatchObject({ status: 'degraded', db: 'down' });
  expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
  const login = await app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { login: 'admin', password: 'whatever-it-is' },
  });
  expect(login.statusCode).toBe(503);
  expect(login.json()).toMatchObject({ error: 'unavailable' });
  expect(Number(login.headers['retry-after'])).toBeGreaterThan(0);
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

it('survives a connection lost while a transaction holds it, and answers again after', async () => {
  // a pool of its own: the job queue's runner adds listeners to the app's pool once it starts;
  // its log hears of the connection lost (db/client.ts)
  let heard = () => undefined as void;
  const lost = new Promise<void>((resolve) => (heard = resolve));
  const own = createDatabase(database.pool.options.connectionString ?? '', { warn: () => heard() });
  const inFlight = own.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await proxy.cut();
    // the connection ends while the pool has lent it out: pg emits 'error' on the client
    await lost;
    await tx.execute(sql`select 1`);
  });
  try {
    await expect(inFlight).rejects.toThrow();
    await proxy.open();
    await expect(own.db.execute(sql`select 1`)).resolves.toBeDefined();
  } finally {
    await own.pool.end();
  }
});

// The pool waits up to 60 s here; the test's own limit of 5 s shows health does not.
it('health answers 503 at once while the network swallows every packet, then recovers', async () => {
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  proxy.freeze();
  const asked = performance.now();
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(performance.now() - asked).toBeLessThan(2_000);
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({
    status: 'degraded',
    db: 'down',
    version: expect.any(String) as unknown,
    uptimeS: expect.any(Number) as unknown,
    lastBackupAt: null,
  });
  expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
  await proxy.cut();
  await proxy.open();
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
}, 5_000);

it('cancels a statement past STATEMENT_TIMEOUT_MS and answers 503 with Retry-After', async () => {
  const quick = createDatabase(database.pool.options.connectionString ?? '', undefined, {
    statementTimeoutMs: 100,
  });
  const mini = Fastify();
  registerErrorHandling(mini);
  mini.get('/slow', async () => {
    await quick.db.execute(sql`select pg_sleep(5)`);
    return { done: true };
  });
  try {
    const res = await mini.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  } finally {
    await mini.close();
    await quick.pool.end();
  }
});

it('gives every connection a statement timeout, 15 s unless told otherwise', async () => {
  const plain = createDatabase(database.pool.options.connectionString ?? '');
  try {
    const { rows } = await plain.pool.query<{ statement_timeout: string }>(
      'show statement_timeout',
    );
    expect(rows[0]?.statement_timeout).toBe('15s');
  } finally {
    await plain.pool.end();
  }
});
