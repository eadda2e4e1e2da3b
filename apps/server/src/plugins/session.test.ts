import { beforeAll, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/helper.js';
import { findLiveSession, liveSessionQuery } from './session.queries.js';
import { hashToken } from './session.js';

let t: TestApp;
let user: { login: string; password: string };

beforeAll(async () => {
  ({ user, ...t } = await setupApp({ env: { COOKIE_SECURE: '1' }, login: false }));
});

/** Logs in with `timeZone`: the answer and its session token (the __Host- cookie's value). */
async function logIn(timeZone: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { ...user, timeZone },
  });
  return { res, token: res.cookies.find((c) => c.name === '__Host-sid')?.value ?? '' };
}

it('with COOKIE_SECURE uses Secure cookies with the __Host- prefix and sends HSTS', async () => {
  const { res } = await logIn('Europe/Warsaw');
  expect(res.statusCode).toBe(200);
  const sid = res.cookies.find((c) => c.name === '__Host-sid');
  expect(sid).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
  expect(sid?.domain).toBeUndefined();
  expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);

  const check = await t.app.inject({
    method: 'GET',
    url: '/api/islogin',
    cookies: { '__Host-sid': sid?.value ?? '' },
  });
  expect(check.statusCode).toBe(200);
  expect(check.json()).toMatchObject({ timeZone: 'Europe/Warsaw' });
});

it('refuses an unknown time zone quietly by storing UTC', async () => {
  const { res } = await logIn('Mars/Olympus');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ timeZone: 'UTC' });
});

it('with COOKIE_SECURE ignores a plain sid cookie, even one holding a live session token', async () => {
  const { token } = await logIn('Europe/Warsaw');
  expect(token).not.toBe('');
  const planted = await t.app.inject({
    method: 'GET',
    url: '/api/islogin',
    cookies: { sid: token },
  });
  expect(planted.statusCode).toBe(401);
  expect(planted.json()).toMatchObject({ error: 'unauthorized' });
});

it('reads the live session as arrays into the very row drizzle maps (db/rows.ts)', async () => {
  const { token } = await logIn('Europe/Kyiv');
  const tokenHash = hashToken(token);
  const fast = await findLiveSession(t.database.db, tokenHash, 60);
  const general = await liveSessionQuery(t.database.db)
    .prepare('live_session_general')
    .execute({ tokenHash, idleMinutes: 60 });
  expect(fast).toMatchObject({ timezone: 'Europe/Kyiv', role: expect.any(String) });
  expect(fast?.stale).toBe(false);
  // the times are the database's at each read: numbers, within what a fresh login leaves
  const times = { activityAgeMs: expect.any(Number), expiresInMs: expect.any(Number) };
  expect(fast).toEqual({ ...general[0], ...times });
  expect(general[0]).toEqual({ ...fast, ...times });
  expect(fast?.activityAgeMs).toBeGreaterThanOrEqual(0);
  expect(fast?.activityAgeMs).toBeLessThan(60_000);
  expect(fast?.expiresInMs).toBeGreaterThan(29 * 86_400_000);
  expect(fast?.expiresInMs).toBeLessThanOrEqual(30 * 86_400_000);
  expect(await findLiveSession(t.database.db, hashToken('not a token'), 60)).toBeUndefined();
});
