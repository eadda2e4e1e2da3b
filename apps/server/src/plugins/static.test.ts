import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/helper.js';

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
  // what the web build's precompress step writes beside each built file
  const bundle = `export const words = ${JSON.stringify(Array(400).fill('lesson'))};`;
  await fs.writeFile(path.join(webDist, 'assets', 'index-abcd.js'), bundle);
  await fs.writeFile(path.join(webDist, 'assets', 'index-abcd.js.br'), brotliCompressSync(bundle));
  await fs.writeFile(path.join(webDist, 'assets', 'index-abcd.js.gz'), gzipSync(bundle));
  await fs.writeFile(
    path.join(webDist, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  t = await setupApp({ env: { WEB_DIST: webDist, DEFAULT_LOCALE: 'uk' }, login: false });
});

afterAll(() => fs.rm(webDist, { recursive: true, force: true }));

describe('serving the web app', () => {
  it.each(['/', '/clients/5', '/settings', '/students/4', '//messages/byconvprogress/3'])(
    'answers %s with the app (history fallback)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>app</title>');
      expect(res.body).toContain('<html lang="uk" data-default-locale="uk">');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/nope.js', '/robots.txt', '/favicon.ico', '/clients/app.js.map', '/assets/gone.css'])(
    'answers a missing file %s with a JSON 404, not the app page',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ error: 'not_found', message: `No file ${url}` });
    },
  );

  it('still serves files that exist outside /assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });

  it('serves the brotli file built beside an asset, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('export const words');
  });

  it('serves the gzip file to a client without brotli, and the plain one to neither', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abcd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const words');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

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
