import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ user: { firstName: 'Iryna', lastName: 'Lysenko' } }));
});

const get = (url: string) => agent.request({ method: 'GET', url });

describe('lookups', () => {
  it.each([
    'stages',
    'languages',
    'categories',
    'products',
    'sources',
    'levels',
    'timezones',
    'booleans',
    'conversationtypes',
    'estimationfunctions',
    'answertypes',
    'clasifications',
    'algorithms',
    'users',
    'projects',
    'groups',
  ])('GET /api/%s answers a list of {id, name}', async (name) => {
    const res = await get(`/api/${name}`);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ id: number; name: string }[]>();
    expect(Array.isArray(items)).toBe(true);
    for (const item of items) {
      expect(typeof item.id).toBe('number');
      expect(typeof item.name).toBe('string');
    }
    expect(res.headers['x-total-count']).toBe(String(items.length));
  });

  it('seeds booleans 1 yes, 2 no; stages in order with colours; IANA time zones', async () => {
    expect((await get('/api/booleans')).json()).toEqual([
      { id: 1, name: 'yes' },
      { id: 2, name: 'no' },
    ]);
    const stages = (await get('/api/stages')).json<
      { name: string; color: string; order: number }[]
    >();
    expect(stages.length).toBeGreaterThanOrEqual(5);
    expect(stages.map((s) => s.order)).toEqual(
      [...stages.map((s) => s.order)].sort((a, b) => a - b),
    );
    for (const s of stages) expect(s.color).toMatch(/^#[0-9a-f]{6}$/i);
    const zones = (await get('/api/timezones')).json<{ name: string }[]>().map((z) => z.name);
    expect(zones).toEqual(expect.arrayContaining(['Europe/Kyiv', 'Europe/Warsaw', 'UTC']));
    for (const name of [
      'conversationtypes',
      'estimationfunctions',
      'answertypes',
      'clasifications',
      'algorithms',
      'levels',
      'products',
    ]) {
      expect((await get(`/api/${name}`)).json<unknown[]>().length).toBeGreaterThan(0);
    }
  });

  it('GET /api/users items carry firstName and lastName for selectors', async () => {
    const users = (await get('/api/users')).json<
      { name: string; firstName: string; lastName: string }[]
    >();
    expect(users).toContainEqual(
      expect.objectContaining({ name: 'Iryna Lysenko', firstName: 'Iryna', lastName: 'Lysenko' }),
    );
  });

  it('lets staff edit stages: create at the end, recolour, reorder, delete', async () => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/stages',
      payload: { name: 'Paused', color: '#123abc' },
    });
    expect(res.statusCode).toBe(201);
    const stage = res.json<{ id: number; order: number }>();
    const all = (await get('/api/stages')).json<{ id: number }[]>();
    expect(all.at(-1)?.id).toBe(stage.id);
    const put = await agent.request({
      method: 'PUT',
      url: `/api/stages/${stage.id}`,
      payload: { name: 'On hold', color: '#abcdef', order: 0 },
    });
    expect(put.json()).toMatchObject({ name: 'On hold', color: '#abcdef', order: 0 });
    expect((await get('/api/stages')).json<{ id: number }[]>()[0]?.id).toBe(stage.id);
    const blankOrder = await agent.request({
      method: 'POST',
      url: '/api/stages',
      payload: { name: 'Last one', color: '#000000', order: '' },
    });
    const last = blankOrder.json<{ id: number }>();
    expect((await get('/api/stages')).json<{ id: number }[]>().at(-1)?.id).toBe(last.id);
    await agent.request({ method: 'DELETE', url: `/api/stages/${last.id}` });
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/stages/${stage.id}` })).statusCode,
    ).toBe(204);
  });

  it.each(['products', 'sources', 'categories', 'levels'])('lets staff edit %s', async (name) => {
    const res = await agent.request({
      method: 'POST',
      url: `/api/${name}`,
      payload: { name: 'Extra item' },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    const put = await agent.request({
      method: 'PUT',
      url: `/api/${name}/${id}`,
      payload: { name: 'Renamed' },
    });
    expect(put.json()).toEqual({ id, name: 'Renamed' });
    expect((await agent.request({ method: 'DELETE', url: `/api/${name}/${id}` })).statusCode).toBe(
      204,
    );
    expect((await agent.request({ method: 'DELETE', url: `/api/${name}/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses bad dictionary values, and fixed lookups cannot be written', async () => {
    const badColour = await agent.request({
      method: 'POST',
      url: '/api/stages',
      payload: { name: 'X', color: 'red' },
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json()).toMatchObject({ fields: { color: expect.any(String) } });
    const noName = await agent.request({ method: 'POST', url: '/api/products', payload: {} });
    expect(noName.json()).toMatchObject({ fields: { name: expect.any(String) } });
    expect(
      (await agent.request({ method: 'POST', url: '/api/booleans', payload: { name: 'maybe' } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to delete a product a project uses (409 linked)', async () => {
    const product = (
      await agent.request({ method: 'POST', url: '/api/products', payload: { name: 'IELTS' } })
    ).json<{ id: number }>();
    await agent.request({
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'IELTS course', product: product.id },
    });
    const res = await agent.request({ method: 'DELETE', url: `/api/products/${product.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'linked' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stages' })).statusCode).toBe(401);
  });
});
