import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { createTestApp, createUser, login, type TestApp } from '../../test/helper.js';
import { LISTENER_NAME, ROUND_TIMEOUT_MS, SESSION_CHANNEL } from './session-listener.js';

/**
 * ADR 047: each instance keeps the sessions it has read, and drops them on the database's
 * notifications; it drops them all whenever its listening connection is lost, and uses none
 * while it is not listening. One app on a database of this file's own, and connections of the
 * test's own beside it, as an operator's.
 */
let t: TestApp;
let sql: pg.Pool;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  sql = new pg.Pool({ connectionString: t.database.pool.options.connectionString, max: 3 });
});

afterAll(async () => {
  await sql.end();
});

const metric = async (
  app: FastifyInstance,
  name: 'sessionCacheLookups' | 'sessionCacheResets' | 'sessionCacheListening',
  outcome?: string,
) => {
  const { values } = await app.metrics[name].get();
  return values.find((v) => !outcome || v.labels.outcome === outcome)?.value ?? 0;
};

/** The backends of this database that listen for the session cache now. */
async function listeners(url = t.database.pool.options.connectionString) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTENER_NAME],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const untilListening = (app: FastifyInstance) =>
  vi.waitFor(async () => expect(await metric(app, 'sessionCacheListening')).toBe(1), {
    timeout: 10_000,
    interval: 20,
  });

async function loggedIn(app = t.app, test = t) {
  const user = await createUser(test);
  const agent = await login(app, user);
  const isLogin = () => agent.request({ method: 'GET', url: api.islogin });
  return { user, agent, isLogin };
}

/** The SQL texts every connection of this process sends while `work` runs. */
async function statementsDuring(work: () => Promise<void>) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
  } finally {
    spy.mockRestore();
  }
}
/** The app's own: not the job queue's polls nor the listening connection's heartbeat. */
const ofRequests = (texts: string[]) =>
  texts.filter((s) => !/graphile_worker|^select 1$|pg_notify|pg_stat_activity/.test(s));
const ofSessions = (texts: string[]) => texts.filter((s) => /"sessions"/.test(s));

describe('the session cache', () => {
  it('answers a kept session with no statement: /api/islogin sends none at all', async () => {
    await untilListening(t.app);
    const { isLogin } = await loggedIn();
    const first = await statementsDuring(async () => {
      expect((await isLogin()).statusCode).toBe(200);
    });
    expect(ofSessions(first)).toHaveLength(1);
    const hits = await metric(t.app, 'sessionCacheLookups', 'hit');
    const kept = await statementsDuring(async () => {
      for (let i = 0; i < 20; i++) expect((await isLogin()).statusCode).toBe(200);
    });
    expect(ofRequests(kept)).toEqual([]);
    expect(await metric(t.app, 'sessionCacheLookups', 'hit')).toBe(hits + 20);
  });

  it('refuses a session revoked while the listening connection was killed, at the very next request', async () => {
    await untilListening(t.app);
    const { user, isLogin } = await loggedIn();
    expect((await isLogin()).statusCode).toBe(200);
    const hits = await metric(t.app, 'sessionCacheLookups', 'hit');
    expect((await isLogin()).statusCode).toBe(200);
    expect(await metric(t.app, 'sessionCacheLookups', 'hit')).toBe(hits + 1); // kept
    const [pid] = await listeners();
    expect(pid).toBeDefined();
    const resets = await metric(t.app, 'sessionCacheResets');
    const client = await sql.connect();
    try {
      await client.query('begin');
      // the revoke ...
      await client.query('delete from sessions where user_id = $1', [user.id]);
      // ... and, before it commits, the listening connection killed (and gone: the wait), so
      // the revoke's notification, sent at the commit, reaches no listener of this instance
      const killed = await client.query<{ done: boolean }>(
        'select pg_terminate_backend($1, 5000) as done',
        [pid],
      );
      expect(killed.rows[0]?.done).toBe(true);
      await client.query('commit');
    } finally {
      client.release();
    }
    // the very next request: the cache went with the connection
    expect((await isLogin()).statusCode).toBe(401);
    expect(await metric(t.app, 'sessionCacheResets')).toBeGreaterThan(resets);
    // it listens again by itself, on a connection of its own, holding nothing from before
    await untilListening(t.app);
    expect(await listeners()).not.toContain(pid);
    expect((await isLogin()).statusCode).toBe(401);
    // and keeps sessions again
    const again = await loggedIn();
    expect((await again.isLogin()).statusCode).toBe(200);
    const before = await metric(t.app, 'sessionCacheLookups', 'hit');
    expect((await again.isLogin()).statusCode).toBe(200);
    expect(await metric(t.app, 'sessionCacheLookups', 'hit')).toBe(before + 1);
  });

  it('drops a session once an operator’s SQL ages it or changes its user’s role', async () => {
    await untilListening(t.app);
    const { user, isLogin } = await loggedIn();
    expect((await isLogin()).statusCode).toBe(200);
    await sql.query(`update users set role = 'teacher' where id = $1`, [user.id]);
    // no round here (it was not the app's write): the notification arrives within milliseconds
    await vi.waitFor(
      async () => expect((await isLogin()).json()).toMatchObject({ role: 'teacher' }),
      {
        timeout: 5_000,
        interval: 10,
      },
    );
    await sql.query(
      `update sessions set last_activity = now() - interval '13 hours' where user_id = $1`,
      [user.id],
    );
    await vi.waitFor(async () => expect((await isLogin()).statusCode).toBe(401), {
      timeout: 5_000,
      interval: 10,
    });
  });

  it('ends a listening connection that does not acknowledge a round; the write still answers', async () => {
    await untilListening(t.app);
    const { agent } = await loggedIn();
    // a listener of the cache's name that hears every round and answers none (a stalled instance)
    const silent = new pg.Client({
      connectionString: t.database.pool.options.connectionString,
      application_name: LISTENER_NAME,
    });
    const ended = new Promise<unknown>((resolve) => silent.on('error', resolve));
    await silent.connect();
    await silent.query(`LISTEN ${SESSION_CHANNEL}`);
    try {
      const started = performance.now();
      const out = await agent.request({ method: 'POST', url: api.logout });
      expect(out.statusCode).toBe(204);
      expect(performance.now() - started).toBeGreaterThanOrEqual(ROUND_TIMEOUT_MS - 50);
      expect(await ended).toMatchObject({ code: '57P01' }); // terminated by the round
    } finally {
      await silent.end().catch(() => undefined);
    }
    // the app's own listening connection acknowledged, and was left alone
    expect(await metric(t.app, 'sessionCacheListening')).toBe(1);
  });
});

describe('what the database notifies (migration 0033)', () => {
  it('a change that can end a session or that a session carries; never a touch, nor a rollback', async () => {
    const { user, isLogin } = await loggedIn();
    expect((await isLogin()).statusCode).toBe(200);
    const { rows } = await sql.query<{ id: number }>('select id from sessions where user_id = $1', [
      user.id,
    ]);
    const session = rows[0]?.id;
    const heard: string[] = [];
    const ear = new pg.Client({ connectionString: t.database.pool.options.connectionString });
    await ear.connect();
    ear.on('notification', (n) => {
      if (
        n.channel === SESSION_CHANNEL &&
        !n.payload?.startsWith('a:') &&
        !n.payload?.startsWith('b:')
      ) {
        heard.push(n.payload ?? '');
      }
      if (n.channel === 'test_mark') heard.push(`mark ${n.payload}`);
    });
    await ear.query(`LISTEN ${SESSION_CHANNEL}; LISTEN test_mark`);
    /** What is heard after `statement`, up to a mark sent after it (delivered in commit order). */
    const after = async (statement: string, params: unknown[] = []) => {
      heard.length = 0;
      await sql.query(statement, params);
      await sql.query(`select pg_notify('test_mark', 'end')`);
      await vi.waitFor(() => expect(heard.at(-1)).toBe('mark end'), { interval: 5 });
      return heard.slice(0, -1);
    };
    try {
      const touch = 'update sessions set last_activity = now() where id = $1';
      expect(await after(touch, [session])).toEqual([]);
      expect(
        await after(`update users set email = 'x@school.example' where id = $1`, [user.id]),
      ).toEqual([]);
      expect(
        await after(
          `update sessions set last_activity = last_activity - interval '1 hour' where id = $1`,
          [session],
        ),
      ).toEqual([`s:${session}`]);
      expect(
        await after(`update users set first_name = 'Renamed' where id = $1`, [user.id]),
      ).toEqual([`u:${user.id}`]);
      expect(await after(`update users set disabled = false where id = $1`, [user.id])).toEqual([]);
      const rolledBack = `do $$ begin delete from sessions where id = ${session}; raise exception 'no'; exception when others then null; end $$`;
      expect(await after(rolledBack)).toEqual([]);
      expect(await after('delete from sessions where id = $1', [session])).toEqual([
        `s:${session}`,
      ]);
      // many at once: every instance drops all it keeps
      await sql.query(
        `insert into sessions (user_id, token_hash, expires_at)
         select $1, sha256(i::text::bytea), now() + interval '1 day' from generate_series(1, 101) i`,
        [user.id],
      );
      expect(await after('delete from sessions where user_id = $1', [user.id])).toEqual(['*']);
      expect(await after('delete from users where id = $1', [user.id])).toEqual([`u:${user.id}`]);
    } finally {
      await ear.end();
    }
  });
});

describe('SESSION_CACHE=off', () => {
  it('listens for nothing and reads the session at every request', async () => {
    const off = await createTestApp({ SESSION_CACHE: 'off' });
    await off.app.ready();
    const { agent, isLogin } = await loggedIn(off.app, off);
    for (let i = 0; i < 3; i++) expect((await isLogin()).statusCode).toBe(200);
    expect(await metric(off.app, 'sessionCacheLookups', 'read')).toBe(3);
    expect(await metric(off.app, 'sessionCacheLookups', 'hit')).toBe(0);
    expect(await metric(off.app, 'sessionCacheListening')).toBe(0);
    expect(await listeners(off.database.pool.options.connectionString)).toEqual([]);
    expect((await agent.request({ method: 'POST', url: api.logout })).statusCode).toBe(204);
    expect((await isLogin()).statusCode).toBe(401);
  });
});
