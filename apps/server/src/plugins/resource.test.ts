import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent } from '../../test/helper.js';

// ADR 010: every resource answers an update that sets nothing with the record as it is, and
// refuses values of the wrong type instead of coercing them.

let agent: Agent;
let clientId: number;
let projectId: number;
let stageId: number;

beforeAll(async () => {
  ({ agent } = await setupApp({ admin: true }));
  const stages = (await agent.request({ method: 'GET', url: '/api/stages' })).json<
    { id: number }[]
  >();
  stageId = stages[0]?.id ?? 0;
  const created = await agent.request({
    method: 'POST',
    url: '/api/clients',
    payload: { firstName: 'Olena', lastName: 'Koval', stage: stageId, price: 100 },
  });
  clientId = created.json<{ id: number }>().id;
  const project = await agent.request({
    method: 'POST',
    url: '/api/projects',
    payload: { name: 'Evening course' },
  });
  projectId = project.json<{ id: number }>().id;
});

const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });

describe('an update that sets nothing', () => {
  const cases = [
    ['a client', () => `/api/clients/${clientId}`],
    ['a project', () => `/api/projects/${projectId}`],
    ['a stage', () => `/api/stages/${stageId}`],
  ] as const;
  for (const [what, url] of cases) {
    it(`answers ${what} unchanged for {} and for unknown fields only`, async () => {
      const before = (await get(url())).json<Record<string, unknown>>();
      for (const body of [{}, { nosuchfield: 1, other: 'x' }]) {
        const res = await put(url(), body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(before);
      }
      expect((await get(url())).json()).toEqual(before);
    });
  }

  it('still answers 404 for a record that does not exist', async () => {
    const res = await put('/api/clients/99999999', {});
    expect(res.statusCode).toBe(404);
  });
});

describe('strict types at the boundary', () => {
  const wrong: [string, unknown][] = [
    ['stage', true],
    ['price', []],
    ['probability', '50abc'],
    ['probability', true],
    ['email', 123],
    ['firstName', 42],
    ['age', '31 years'],
  ];
  for (const [field, value] of wrong) {
    it(`refuses ${field}: ${JSON.stringify(value)} with 400 naming the field, changing nothing`, async () => {
      const before = (await get(`/api/clients/${clientId}`)).json<Record<string, unknown>>();
      const res = await put(`/api/clients/${clientId}`, { firstName: 'Changed', [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields?: Record<string, string> }>().fields).toHaveProperty(field);
      expect((await get(`/api/clients/${clientId}`)).json()).toEqual(before);
    });
  }

  it('refuses the same on create, writing nothing', async () => {
    const count = Number((await get('/api/clients?limit=1')).headers['x-total-count']);
    const res = await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'A', lastName: 'B', price: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields?: Record<string, string> }>().fields).toHaveProperty('price');
    expect(
      Number((await get('/api/clients?limit=1')).headers['x-total-count'] as string | undefined),
    ).toBe(count);
  });

  it('accepts the canonical numeric strings a form sends', async () => {
    const res = await put(`/api/clients/${clientId}`, { probability: '50', price: '12.50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ probability: 50, price: 12.5 });
  });
});
