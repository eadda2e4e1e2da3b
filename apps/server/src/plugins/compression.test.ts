import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type Agent } from '../../test/helper.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

let agent: Agent;

beforeAll(async () => {
  const t = await createTestApp();
  agent = await login(t.app, await createUser(t));
});

const get = (url: string, acceptEncoding?: string) =>
  agent.request({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compressed answers', () => {
  it('gzips a large JSON list for a client that accepts gzip, keeping its headers', async () => {
    const plain = await get('/api/timezones');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const res = await get('/api/timezones', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the client offers both', async () => {
    const plain = await get('/api/timezones');
    const res = await get('/api/timezones', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a tiny answer as it is', async () => {
    const res = await get('/api/booleans', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual([
      { id: 1, name: 'yes', key: 'booleans.yes' },
      { id: 2, name: 'no', key: 'booleans.no' },
    ]);
    expect(res.headers['x-total-count']).toBe('2');
  });
});
