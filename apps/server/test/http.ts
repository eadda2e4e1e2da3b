import { expect } from 'vitest';
import { api } from '@school/contract/paths';

/**
 * Logs in to a server started as a process of its own (over HTTP, not `inject`) as the first
 * admin: the cookie and XSRF headers its later calls send.
 */
export async function logInOverHttp(base: string, password: string, login = 'admin') {
  const res = await fetch(`${base}${api.authentication}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), 'x-xsrf-token': xsrf ?? '' };
}
