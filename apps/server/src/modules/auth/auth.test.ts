import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { slowdownMs } from './throttle.js';
import { createUser, login, setupApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let user: { id: number; login: string; password: string };

beforeAll(async () => {
  ({ user, ...t } = await setupApp({
    env: {
      LOGIN_MAX_FAILURES: '5',
      LOGIN_SLOW_AFTER_FAILURES: '8',
      LOGIN_MAX_DELAY_MS: '40',
      LOGIN_RATE_PER_MINUTE: '1000',
    },
    user: { login: 'olena', firstName: 'Olena', lastName: 'Kovalenko' },
    login: false,
  }));
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/authentication', payload: payload as object, headers });

describe('POST /api/authentication', () => {
  it('logs in and answers id, imie, nazwisko with an httpOnly session cookie and an XSRF cookie', async () => {
    const res = await post({ login: 'olena', password: user.password, timeZone: 'Europe/Kyiv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, imie: 'Olena', nazwisko: 'Kovalenko' });
    const sid = res.cookies.find((c) => c.name === 'sid');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value.length).toBeGreaterThan(20);
  });

  it('stores only a hash of the session token, and a new token at every login', async () => {
    const a = await login(t.app, user);
    const b = await login(t.app, user);
    expect(a.cookies.sid).not.toBe(b.cookies.sid);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = convert_to(${a.cookies.sid}, 'UTF8')`,
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('is case-insensitive on the login', async () => {
    const res = await post({ login: 'OLENA', password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown login', async () => {
    const wrong = await post({ login: 'olena', password: 'not the password' });
    const unknown = await post({ login: 'nobody-here', password: 'whatever it is' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: 'unauthorized', message: 'Wrong login or password' });
    await t.database.db.execute(sql`delete from login_failures`);
  });

  it('logs the failure with login, address and reason, never the password', async () => {
    t.logs.length = 0;
    await post({ login: 'olena', password: 'secret-guess-123' });
    const line = t.logs.find((l) => l.includes('login_failed'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line as string) as Record<string, unknown>;
    expect(entry).toMatchObject({ login: 'olena', reason: 'wrong password', ip: '127.0.0.1' });
    expect(t.logs.join('\n')).not.toContain('secret-guess-123');
    await t.database.db.execute(sql`delete from login_failures`);
  });

  it('refuses missing fields with 400 naming them', async () => {
    const res = await post({ login: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toBe('validation');
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['login', 'password']));
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await post('{"login": "olena", ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation' });
  });

  it('answers an oversize body with 413', async () => {
    const res = await post({ login: 'olena', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'too_large' });
  });

  it.each([
    ['quotes', `o'lena"`, `pa'ss"word`],
    ['SQL', `' OR 1=1; DROP TABLE users; --`, `' OR '1'='1`],
    ['unicode', 'Олена😀\u0000', 'пароль\u202e'],
    ['10 kB strings', 'l'.repeat(10_000), 'p'.repeat(1000)],
    ['numbers', 12345, 678],
  ])('answers hostile input (%s) with 400 or 401, never 500', async (_k, l, p) => {
    const res = await post({ login: l, password: p });
    expect([400, 401]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('error');
    const users = await t.database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toEqual({ n: 1 });
    await t.database.db.execute(sql`delete from login_failures`);
  });
});

describe('GET /api/islogin and POST /api/logout', () => {
  it('answers the logged-in user and refreshes the XSRF cookie; 401 without a session', async () => {
    const agent = await login(t.app, user);
    const res = await agent.request({ method: 'GET', url: '/api/islogin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      imie: 'Olena',
      nazwisko: 'Kovalenko',
      timeZone: 'Europe/Kyiv',
    });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(agent.xsrf);
    const anon = await t.app.inject({ method: 'GET', url: '/api/islogin' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: 'unauthorized', message: 'Not logged in' });
  });

  it('ends the session on the server', async () => {
    const agent = await login(t.app, user);
    const out = await agent.request({ method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(204);
    const after = await agent.request({ method: 'GET', url: '/api/islogin' });
    expect(after.statusCode).toBe(401);
  });

  it('ends the session whatever the body: empty JSON, bad JSON, another media type', async () => {
    const bodies = [
      { headers: { 'content-type': 'application/json' } },
      { headers: { 'content-type': 'application/json' }, payload: '{not json' },
      { headers: { 'content-type': 'text/plain' }, payload: 'bye' },
    ];
    for (const body of bodies) {
      const agent = await login(t.app, user);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        cookies: agent.cookies,
        headers: { 'x-xsrf-token': agent.xsrf, ...body.headers },
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      });
      expect(out.statusCode).toBe(204);
      expect((await agent.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(401);
    }
  });

  it('refuses a logout without the XSRF header, and the session stays', async () => {
    const agent = await login(t.app, user);
    const out = await agent.request({ method: 'POST', url: '/api/logout', xsrf: false });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({ error: 'xsrf' });
    expect((await agent.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(200);
  });

  it('ends an idle session', async () => {
    const agent = await login(t.app, user);
    await t.database.db.execute(
      sql`update sessions set last_activity = now() - interval '13 hours' where user_id = ${user.id}`,
    );
    expect((await agent.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(401);
  });

  it('ends the sessions of a disabled user', async () => {
    const other = await createUser(t);
    const agent = await login(t.app, other);
    await t.database.db.execute(sql`update users set disabled = true where id = ${other.id}`);
    expect((await agent.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(401);
    expect((await post({ login: other.login, password: other.password })).statusCode).toBe(401);
  });
});

describe('XSRF double submit', () => {
  it('refuses a missing, a wrong and another session’s token; a foreign Origin', async () => {
    const a = await login(t.app, user);
    const b = await login(t.app, user);
    const { id } = (await a.request({ method: 'GET', url: '/api/sessions' })).json<
      { id: number }[]
    >()[0] ?? { id: 0 };
    const attempts = [
      await a.request({ method: 'DELETE', url: `/api/sessions/${id}`, xsrf: false }),
      await a.request({
        method: 'DELETE',
        url: `/api/sessions/${id}`,
        headers: { 'x-xsrf-token': 'forged' },
      }),
      await a.request({
        method: 'DELETE',
        url: `/api/sessions/${id}`,
        headers: { 'x-xsrf-token': b.xsrf },
      }),
      await a.request({
        method: 'DELETE',
        url: `/api/sessions/${id}`,
        headers: { origin: 'https://evil.example' },
      }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await a.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(200);
  });

  it('answers 401 before XSRF when there is no session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/sessions/1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions list and revoke', () => {
  it('lists my sessions with device and timezone, marks the current one', async () => {
    const me = await createUser(t);
    const a = await login(t.app, me);
    await login(
      t.app,
      me,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const res = await a.request({ method: 'GET', url: '/api/sessions' });
    expect(res.statusCode).toBe(200);
    const list =
      res.json<
        { id: number; device: string; timezone: string; current: boolean; lastActivity: string }[]
      >();
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Chrome 147 on Linux', expect.stringMatching(/Safari.*iOS/)]),
    );
    expect(list[0]?.timezone).toBe('Europe/Kyiv');
    expect(Number.isNaN(Date.parse(list[0]?.lastActivity ?? ''))).toBe(false);
  });

  it('revokes a session: refused on its very next request, on another app instance too', async () => {
    const me = await createUser(t);
    const a = await login(t.app, me);
    const b = await login(t.app, me);
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const viaSecond = () =>
        second.inject({ method: 'GET', url: '/api/islogin', cookies: b.cookies });
      expect((await viaSecond()).statusCode).toBe(200);
      const list = (await a.request({ method: 'GET', url: '/api/sessions' })).json<
        { id: number; current: boolean }[]
      >();
      const other = list.find((s) => !s.current);
      const del = await a.request({ method: 'DELETE', url: `/api/sessions/${other?.id}` });
      expect(del.statusCode).toBe(204);
      expect((await b.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(401);
      expect((await viaSecond()).statusCode).toBe(401);
      expect((await a.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('answers 404 for a session that is not mine, and changes nothing', async () => {
    const other = await createUser(t);
    const theirs = await login(t.app, other);
    const mine = await login(t.app, user);
    const [theirSession] = (await theirs.request({ method: 'GET', url: '/api/sessions' })).json<
      { id: number }[]
    >();
    const res = await mine.request({ method: 'DELETE', url: `/api/sessions/${theirSession?.id}` });
    expect(res.statusCode).toBe(404);
    expect((await theirs.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(200);
    const bad = await mine.request({ method: 'DELETE', url: '/api/sessions/abc' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('login throttling', () => {
  it('answers 429 after repeated failures, even to the right password, until the window passes', async () => {
    const victim = await createUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await post({ login: victim.login, password: `guess-${i}-xx` })).statusCode).toBe(401);
    }
    const locked = await post({ login: victim.login, password: victim.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(locked.headers['retry-after']).toBeDefined();
    // other logins are not locked out by it
    expect((await post({ login: user.login, password: user.password })).statusCode).toBe(200);
    // the window passes
    await t.database.db.execute(sql`update login_failures set at = at - interval '61 minutes'`);
    expect((await post({ login: victim.login, password: victim.password })).statusCode).toBe(200);
  });
});

describe('lockout cannot be used against a user', () => {
  const from = (remoteAddress: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/authentication', payload, remoteAddress });

  it('refuses the attacking (login, address) pair; the user logs in from elsewhere', async () => {
    const victim = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await from('10.6.6.6', { login: victim.login, password: `guess-${i}-xx` });
      expect(res.statusCode).toBe(401);
    }
    const pair = await from('10.6.6.6', { login: victim.login, password: victim.password });
    expect(pair.statusCode).toBe(429);
    expect(pair.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(Number(pair.headers['retry-after'])).toBeGreaterThan(0);
    const real = await from('10.1.1.1', { login: victim.login, password: victim.password });
    expect(real.statusCode).toBe(200);
    // and the real user's success does not forgive the attacker
    expect(
      (await from('10.6.6.6', { login: victim.login, password: victim.password })).statusCode,
    ).toBe(429);
  });

  it('only slows a login failing from many addresses past the ceiling, never locks it', async () => {
    const victim = await createUser(t);
    for (let address = 1; address <= 4; address++) {
      for (let i = 0; i < 3; i++) {
        const res = await from(`10.7.0.${address}`, {
          login: victim.login,
          password: `no-${i}-xx`,
        });
        expect(res.statusCode).toBe(401);
      }
    }
    const before = t.logs.length;
    const real = await from('10.1.1.2', { login: victim.login, password: victim.password });
    expect(real.statusCode).toBe(200);
    const slowed = t.logs
      .slice(before)
      .map((line) => JSON.parse(line) as { event?: string; login?: string; delayMs?: number })
      .find((entry) => entry.event === 'login_slowed');
    expect(slowed).toMatchObject({ login: victim.login, delayMs: 40 });
  });

  it('grows the delay with the failures and caps it', () => {
    expect(slowdownMs(7, 8, 3000)).toBe(0);
    expect(slowdownMs(8, 8, 3000)).toBe(250);
    expect(slowdownMs(18, 8, 3000)).toBe(500);
    expect(slowdownMs(28, 8, 3000)).toBe(1000);
    expect(slowdownMs(1000, 8, 3000)).toBe(3000);
  });

  it('throttles the current-password check of a password change like a login', async () => {
    const someone = await createUser(t);
    const agent = await login(t.app, someone);
    const change = (currentPassword: string) =>
      agent.request({
        method: 'PUT',
        url: `/api/users/${someone.id}/password`,
        payload: { currentPassword, password: 'a brand new passphrase' },
      });
    for (let i = 0; i < 5; i++) {
      const res = await change(`wrong-${i}-password`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { currentPassword: 'is wrong' } });
    }
    const refused = await change(someone.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the password did not change
    const again = await from('10.1.1.3', { login: someone.login, password: someone.password });
    expect(again.statusCode).toBe(200);
  });
});

describe('headers', () => {
  it('sends the security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'up' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('serves the OpenAPI document and its pages to a logged-in user only', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/json',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
    ]) {
      const anon = await t.app.inject({ method: 'GET', url });
      expect(anon.statusCode, url).toBe(401);
      expect(anon.json()).toEqual({ error: 'unauthorized', message: 'Not logged in' });
      expect(anon.headers['content-security-policy']).toContain("object-src 'none'");
    }
    const agent = await login(t.app, user);
    const res = await agent.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/api/authentication', '/api/islogin', '/api/sessions/{id}']),
    );
  });
});

describe('API_DOCS_PUBLIC=1', () => {
  it('serves the OpenAPI document without a login', async () => {
    const open = await buildApp({
      config: { ...t.config, API_DOCS_PUBLIC: true },
      database: t.database,
      logger: false,
    });
    try {
      const res = await open.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ openapi: string }>().openapi).toMatch(/^3\./);
      type Param = { name: string; in: string; description?: string; schema: { enum?: string[] } };
      const doc = res.json<{ paths: Record<string, { get: { parameters: Param[] } }> }>();
      const isPaid = doc.paths['/api/events']?.get.parameters.find((p) => p.name === 'isPaid');
      expect(isPaid?.schema.enum?.toSorted()).toEqual(['0', '1', '2', 'false', 'true']);
      expect(isPaid?.description).toContain('true or 1: yes; false or 0 or 2: no');
      expect((await open.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('password hashes of older parameters', () => {
  it('makes a hash of older parameters again at login, with no history entry (ADR 049)', async () => {
    const old = await createUser(t, { login: 'older-hash' });
    const { hash } = await import('@node-rs/argon2');
    const before = await hash(old.password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t.database.db.execute(
      sql`update users set password_hash = ${before} where id = ${old.id}`,
    );
    expect((await post({ login: old.login, password: old.password })).statusCode).toBe(200);
    const stored = await t.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where id = ${old.id}`,
    );
    expect(stored.rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect((await post({ login: old.login, password: old.password })).statusCode).toBe(200);
    const changes = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from history where entity = 'users' and entity_id = ${old.id}
          and action = 'password_change'`,
    );
    expect(changes.rows[0]?.n).toBe(0);
  });
});
