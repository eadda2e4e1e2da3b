import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let playerDist: string;
let webDist: string;

beforeAll(async () => {
  playerDist = await fs.mkdtemp(path.join(os.tmpdir(), 'school-player-'));
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'school-web-'));
  await fs.mkdir(path.join(playerDist, 'assets'));
  await fs.writeFile(
    path.join(playerDist, 'index.html'),
    '<!doctype html><html lang="en"><title>player</title>',
  );
  await fs.writeFile(
    path.join(playerDist, 'me.html'),
    '<!doctype html><html lang="en"><title>learner</title>',
  );
  const bundle = `export const x = ${JSON.stringify(Array(300).fill('tile'))};`;
  await fs.writeFile(path.join(playerDist, 'assets', 'index-ab12.js'), bundle);
  await fs.writeFile(path.join(playerDist, 'assets', 'index-ab12.js.gz'), gzipSync(bundle));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>admin</title>');
  t = await setupApp({
    env: { PLAYER_DIST: playerDist, WEB_DIST: webDist, DEFAULT_LOCALE: 'uk' },
    login: false,
  });
});

afterAll(async () => {
  await fs.rm(playerDist, { recursive: true, force: true });
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('serving the player at /play', () => {
  it.each(['/play/grid?id=1', '/play/quiz?id=2', '/play/word?id=3', '/play/matching-gaps?id=4'])(
    'answers %s with the player page, which any site may frame',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>player</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    },
  );

  it('answers /play/set, /play and an unknown page with the player (its own not-found page)', async () => {
    for (const url of ['/play/set?id=1&s=abc', '/play', '/play/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>player</title>');
    }
  });

  it("answers /play/me with the learner's page, which no site may frame", async () => {
    for (const url of ['/play/me?s=abc', '/play/me/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>learner</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("starts every page in the server's first language (DEFAULT_LOCALE)", async () => {
    for (const url of ['/play/me?s=abc', '/play/quiz?id=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<html lang="uk">');
    }
  });

  it('serves its built files, cached for a year, precompressed when accepted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/play/assets/index-ab12.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/play/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the admin app unframeable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/students' });
    expect(res.body).toContain('<title>admin</title>');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
