import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.js';

const t = await createTestApp({ API_DOCS_PUBLIC: '1' });
const { version } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

it('answers 200 with the database, the package version and the uptime in seconds', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  const body = res.json<Record<string, unknown>>();
  expect(body).toEqual({
    status: 'ok',
    db: 'up',
    version,
    uptimeS: expect.any(Number),
    lastBackupAt: null,
  });
  expect(Number.isInteger(body.uptimeS)).toBe(true);
  expect(body.uptimeS).toBeGreaterThanOrEqual(0);
  expect(res.headers['cache-control']).toBe('no-store');
});

it('describes the answer in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ components: { schemas: Record<string, { properties: object }> } }>();
  expect(Object.keys(doc.components.schemas.Health?.properties ?? {})).toEqual(
    expect.arrayContaining(['status', 'db', 'version', 'uptimeS', 'lastBackupAt']),
  );
});

it('lists GET /metrics with its bearer token in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, { get?: { security?: unknown } }>;
    components: { securitySchemes: Record<string, unknown> };
  }>();
  expect(doc.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
  expect(doc.components.securitySchemes.metricsToken).toMatchObject({ scheme: 'bearer' });
});
