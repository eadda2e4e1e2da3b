import net from 'node:net';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { registerErrorHandling } from './errors.js';

let t: TestApp;
let reference: Record<string, unknown>;

/** The headers helmet puts on every answer of the API. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: '1', BODY_LIMIT_BYTES: '1000' });
  // an ordinary answer that went through every hook
  reference = (await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers;
  for (const name of SECURITY_HEADERS) expect(reference[name], name).toBeDefined();
});

function expectJsonError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  for (const key of Object.keys(body)) expect(['error', 'message', 'fields']).toContain(key);
  for (const name of SECURITY_HEADERS) expect(res.headers[name], name).toBe(reference[name]);
}

describe('every request error is a JSON error with the security headers', () => {
  it('a URL the router cannot decode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/%E0%A4%A' });
    expectJsonError(res, 400, 'bad_url');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('a path parameter too long for the router', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/clients/${'9'.repeat(500)}` });
    expectJsonError(res, 414, 'uri_too_long');
  });

  type BodyCase = { headers: Record<string, string>; payload?: string };
  const bodies: [string, BodyCase, number, string][] = [
    [
      'an unsupported media type',
      { headers: { 'content-type': 'text/xml' }, payload: '<login/>' },
      415,
      'unsupported_media_type',
    ],
    [
      'a media type that cannot be parsed',
      { headers: { 'content-type': 'application/json; charset' }, payload: '{}' },
      400,
      'validation',
    ],
    [
      'bad JSON',
      { headers: { 'content-type': 'application/json' }, payload: '{"login": ' },
      400,
      'validation',
    ],
    ['an empty JSON body', { headers: { 'content-type': 'application/json' } }, 400, 'validation'],
    [
      'a body shorter than its Content-Length',
      { headers: { 'content-type': 'application/json', 'content-length': '50' }, payload: '{}' },
      400,
      'validation',
    ],
    [
      'a body over the limit',
      { headers: { 'content-type': 'application/json' }, payload: `"${'x'.repeat(5000)}"` },
      413,
      'too_large',
    ],
  ];
  for (const [what, request, status, code] of bodies) {
    it(what, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authentication',
        ...request,
      });
      expectJsonError(res, status, code);
    });
  }

  it('a method no route has', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/health' });
    expectJsonError(res, 404, 'not_found');
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  reset: boolean;
}

/** Sends raw bytes and reads the whole answer, noting whether the connection was reset. */
function rawRequest(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let reset = false;
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('error', () => (reset = true));
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, reset });
    });
    socket.write(text);
  });
}

describe('errors of the HTTP parser, over a real connection', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it('a URL longer than the parser takes: 414 with a JSON body, never a reset', async () => {
    const res = await rawRequest(
      port,
      `GET /api/clients?search=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(res.reset).toBe(false);
    expectJsonError(
      { statusCode: res.status, headers: res.headers, body: res.body },
      414,
      'uri_too_long',
    );
  });

  it('headers larger than the parser takes: 431', async () => {
    const res = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 400 }, (_, i) => `x-filler-${i}: ${'b'.repeat(60)}`).join('\r\n')}\r\n\r\n`,
    );
    expect(res.reset).toBe(false);
    expectJsonError(
      { statusCode: res.status, headers: res.headers, body: res.body },
      431,
      'headers_too_large',
    );
  });

  it('a request that is not HTTP: 400', async () => {
    const res = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(res.reset).toBe(false);
    expectJsonError(
      { statusCode: res.status, headers: res.headers, body: res.body },
      400,
      'bad_request',
    );
  });
});

describe('a database that refuses work is a 503 with Retry-After', () => {
  const states = ['55000', '57014', '57P01', '57P02', '57P03', '53300', '08006', 'ECONNREFUSED'];
  for (const state of states) {
    it(state, async () => {
      const app = Fastify();
      registerErrorHandling(app);
      // drizzle wraps the driver's error: the code is on the cause
      app.get('/fail', () => {
        throw new Error('Failed query: select 1', {
          cause: Object.assign(new Error('refused'), { code: state }),
        });
      });
      const res = await app.inject({ method: 'GET', url: '/fail' });
      await app.close();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'unavailable', message: expect.any(String) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  }
});

describe('slow and idle connections are closed by the server timeouts', () => {
  let port = 0;
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '600',
      KEEP_ALIVE_TIMEOUT_MS: '200',
    });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const address = slow.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it('headers that never end: 408 with the JSON body, and the connection closed', async () => {
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(res.reset).toBe(false);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'timeout', message: expect.any(String) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a body that never arrives in full: 408, and the connection closed', async () => {
    const res = await rawRequest(
      port,
      'POST /api/authentication HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"login":',
    );
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'timeout' });
  });

  it('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    // the answer comes, then the server closes the idle connection (rawRequest resolves on close)
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(res.status).toBe(200);
    expect(res.headers['keep-alive']).toMatch(/timeout=0?\.?\d/);
    expect(res.reset).toBe(false);
  });
});
