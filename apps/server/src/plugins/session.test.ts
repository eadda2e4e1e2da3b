import { beforeAll, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let user: { login: string; password: string };

beforeAll(async () => {
  ({ user, ...t } = await setupApp({ env: { COOKIE_SECURE: '1' }, login: false }));
});

it('with COOKIE_SECURE uses Secure cookies with the __Host- prefix and sends HSTS', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { ...user, timeZone: 'Europe/Warsaw' },
  });
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
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { ...user, timeZone: 'Mars/Olympus' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ timeZone: 'UTC' });
});

it('with COOKIE_SECURE ignores a plain sid cookie, even one holding a live session token', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authentication',
    payload: { ...user, timeZone: 'Europe/Warsaw' },
  });
  const token = res.cookies.find((c) => c.name === '__Host-sid')?.value ?? '';
  expect(token).not.toBe('');
  const planted = await t.app.inject({
    method: 'GET',
    url: '/api/islogin',
    cookies: { sid: token },
  });
  expect(planted.statusCode).toBe(401);
  expect(planted.json()).toMatchObject({ error: 'unauthorized' });
});
