import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp & { user: { id: number } };
let agent: Agent;
let userId: number;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
  userId = t.user.id;
});

describe('projects', () => {
  it('creates, reads, updates and deletes a project; price is a two-decimal number', async () => {
    const created = await agent.request({
      method: 'POST',
      url: '/api/projects',
      payload: {
        name: 'Kyiv office',
        description: 'Evening groups',
        responsible: String(userId),
        price: '450.50',
        product: '1',
      },
    });
    expect(created.statusCode).toBe(201);
    const p = created.json<{ id: number }>();
    expect(p).toMatchObject({ name: 'Kyiv office', responsible: userId, price: 450.5, product: 1 });
    const updated = await agent.request({
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: { name: 'Kyiv office 2', description: '', responsible: '', price: '', product: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Kyiv office 2',
      responsible: null,
      price: null,
      product: null,
    });
    expect(
      (await agent.request({ method: 'GET', url: `/api/projects/${p.id}` })).json(),
    ).toMatchObject({ name: 'Kyiv office 2' });
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/projects/${p.id}` })).statusCode,
    ).toBe(204);
    expect((await agent.request({ method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/projects/${p.id}` })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['missing name', { name: '' }, 'name'],
    ['too long name', { name: 'x'.repeat(201) }, 'name'],
    ['negative price', { price: -1 }, 'price'],
    ['price with 3 decimals', { price: '1.234' }, 'price'],
    ['price not a number', { price: 'cheap' }, 'price'],
    ['unknown responsible type', { responsible: 'boss' }, 'responsible'],
  ])('refuses %s with 400 naming the field', async (_k, change, field) => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'P', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
  });

  it('refuses a responsible user or product that does not exist, writing nothing', async () => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Ghost', responsible: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { responsible: 'does not exist' } });
    const list = await agent.request({ method: 'GET', url: '/api/projects?search=Ghost' });
    expect(list.json()).toEqual([]);
  });

  it('refuses to delete a project a user belongs to (409 linked) and keeps it', async () => {
    const p = (
      await agent.request({ method: 'POST', url: '/api/projects', payload: { name: 'Lviv' } })
    ).json<{ id: number }>();
    await agent.request({
      method: 'PUT',
      url: `/api/users/${userId}`,
      payload: { firstName: 'A', project: p.id },
    });
    const res = await agent.request({ method: 'DELETE', url: `/api/projects/${p.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'linked' });
    expect((await agent.request({ method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(
      200,
    );
  });

  it('searches and sorts', async () => {
    for (const name of ['Alpha school', 'Beta school', 'Gamma club']) {
      await agent.request({ method: 'POST', url: '/api/projects', payload: { name } });
    }
    const res = await agent.request({
      method: 'GET',
      url: '/api/projects?search=school&sort=-name',
    });
    expect(res.json<{ name: string }[]>().map((p) => p.name)).toEqual([
      'Beta school',
      'Alpha school',
    ]);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('answers 401 without a session and 403 without XSRF', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    expect(
      (
        await agent.request({
          method: 'POST',
          url: '/api/projects',
          payload: { name: 'x' },
          xsrf: false,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('groups', () => {
  it('creates, lists, renames and deletes a group', async () => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'B1 evening' },
    });
    expect(res.statusCode).toBe(201);
    const g = res.json<{ id: number }>();
    expect(g).toEqual({ id: g.id, name: 'B1 evening', version: 1 });
    const list = await agent.request({ method: 'GET', url: '/api/groups' });
    expect(list.json()).toContainEqual({ id: g.id, name: 'B1 evening', version: 1 });
    expect(list.headers['x-total-count']).toBe('1');
    const put = await agent.request({
      method: 'PUT',
      url: `/api/groups/${g.id}`,
      payload: { name: 'B1 morning' },
    });
    expect(put.json()).toEqual({ id: g.id, name: 'B1 morning', version: 2 });
    expect((await agent.request({ method: 'DELETE', url: `/api/groups/${g.id}` })).statusCode).toBe(
      204,
    );
    expect((await agent.request({ method: 'GET', url: `/api/groups/${g.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses a blank, a non-string or a too long name', async () => {
    for (const name of ['   ', 12, 'x'.repeat(201)]) {
      const res = await agent.request({ method: 'POST', url: '/api/groups', payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { name: expect.any(String) } });
    }
    expect(
      (await agent.request({ method: 'PUT', url: '/api/groups/abc', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await agent.request({ method: 'PUT', url: '/api/groups/999999', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
  });
});
