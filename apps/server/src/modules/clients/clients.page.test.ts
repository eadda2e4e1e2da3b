import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { clientsPageJson, listClients } from './clients.queries.js';

let t: TestApp;
let agent: Agent;
let stageId: number;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
  stageId = (await agent.request({ method: 'GET', url: '/api/stages' })).json<
    { id: number }[]
  >()[1]!.id;
  const product = (await agent.request({ method: 'GET', url: '/api/products' })).json<
    { id: number }[]
  >()[0]!.id;
  const full = {
    firstName: 'Daryna',
    lastName: 'Full',
    email: 'daryna@example.com',
    tel: '+380501112233',
    price: 1234.5,
    dLastContact: '2026-03-04',
    probability: 40,
    stage: stageId,
    product,
    dateBirth: '1990-12-31',
    position: 'Director',
    address: 'Kyiv',
    age: 35,
    facebook: 'daryna.full',
    telegramUsername: 'daryna',
    timezone: 'Europe/Kyiv',
  };
  for (const payload of [full, { firstName: 'Bare', stage: stageId }]) {
    const res = await agent.request({ method: 'POST', url: '/api/clients', payload });
    expect(res.statusCode, res.body).toBe(201);
  }
});

describe('the stage list as a prepared statement (ADR 016)', () => {
  it('answers the very rows, values and total the general mapping of the same query does', async () => {
    for (const q of [
      { stage: stageId, limit: 50, offset: 0 },
      { limit: 50, offset: 0, sort: '-createdAt' },
      { stage: stageId, limit: 1, offset: 1 },
    ]) {
      const fast = await listClients(t.database.db, q);
      const [general] = await clientsPageJson(t.database.db, q);
      expect(JSON.parse(fast.json)).not.toHaveLength(0);
      expect(fast).toEqual(general);
    }
  });
});

describe('the page written as JSON by PostgreSQL (ADR 052)', () => {
  it('answers each client as its own GET does, whatever its values hold', async () => {
    const odd = {
      firstName: 'Ünïcode "quoted" \\ back\tslash',
      lastName: 'Юлія 𝄞 \u2028 line',
      email: 'odd@example.com',
      price: 0.1,
      stage: stageId,
      position: 'control \u0001 char',
    };
    const created = await agent.request({ method: 'POST', url: '/api/clients', payload: odd });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    // an instant with microseconds, which a Date (and so the API) cuts to milliseconds
    await t.database.pool.query(
      `update clients set last_activity = '2026-05-06 07:08:09.123999+00', price = 123456789.99
       where id = $1`,
      [id],
    );
    for (const url of [
      `/api/clients?stage=${stageId}&limit=50`,
      `/api/clients?limit=50&sort=-createdAt`,
      // a search is not a prepared statement: the same JSON by the general query
      `/api/clients?search=${encodeURIComponent('example.com')}&limit=50`,
    ]) {
      const page = await agent.request({ method: 'GET', url });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
      const items = page.json<{ id: number }[]>();
      expect(items.length).toBeGreaterThanOrEqual(2);
      for (const item of items) {
        const one = await agent.request({ method: 'GET', url: `/api/clients/${item.id}` });
        expect(item).toStrictEqual(one.json());
      }
    }
    // the page's order is the sort's, however PostgreSQL joins the texts
    const orders: [string, string][] = [
      [`stage=${stageId}`, 'last_name, id'],
      ['sort=-createdAt', 'created_at desc, id'],
      ['sort=price', 'price nulls last, id'],
      ['sort=-price', 'price desc nulls first, id'],
      ['sort=firstName', 'first_name, id'],
    ];
    for (const [query, order] of orders) {
      const page = await agent.request({ method: 'GET', url: `/api/clients?${query}&limit=50` });
      const where = query.startsWith('stage=') ? `where stage_id = ${stageId}` : '';
      const { rows } = await t.database.pool.query<{ id: number }>(
        `select id from clients ${where} order by ${order} limit 50`,
      );
      expect(page.json<{ id: number }[]>().map((c) => c.id)).toEqual(rows.map((r) => r.id));
    }
    // past the last row: no clients, and the total still counted
    const past = await agent.request({ method: 'GET', url: `/api/clients?limit=5&offset=100000` });
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const one = await agent.request({ method: 'GET', url: `/api/clients/${id}` });
    expect(one.json()).toMatchObject({
      ...odd,
      price: 123456789.99,
      lastActivity: '2026-05-06T07:08:09.123Z',
    });
  });
});
