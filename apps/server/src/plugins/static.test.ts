import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'school-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><title>app</title></html>',
  );
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist, DEFAULT_LOCALE: 'uk' });
});

afterAll(() => fs.rm(webDist, { recursive: true, force: true }));

describe('serving the web app', () => {
  it.each(['/', '/clients/5', '/settings', '//messages/byconvprogress/3'])(
    'answers %s with the app (history fallback)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>app</title>');
      expect(res.body).toContain('<html lang="uk" data-default-locale="uk">');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    },
  );

  it('serves hashed assets with a long cache, and 404 for a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps /api paths JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients-not-yet' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/settings', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
