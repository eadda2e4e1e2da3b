import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { clientsPageQuery, listClients } from './clients.queries.js';

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

describe('the stage list read as arrays (ADR 016)', () => {
  it('answers the very rows, values and total the general mapping of the same query does', async () => {
    for (const q of [
      { stage: stageId, limit: 50, offset: 0 },
      { limit: 50, offset: 0, sort: '-createdAt' },
      { stage: stageId, limit: 1, offset: 1 },
    ]) {
      const fast = await listClients(t.database.db, q);
      const general = await clientsPageQuery(t.database.db, q);
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(general);
    }
  });
});
