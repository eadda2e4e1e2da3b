import { beforeAll, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../test/helper.js';
import { loadDemoData } from './demo.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
});

it('loads demo data into an empty database once', async () => {
  expect(await loadDemoData(t.database.db)).toBe(true);
  const list = await agent.request({ method: 'GET', url: '/api/clients?limit=1' });
  expect(list.headers['x-total-count']).toBe('60');
  const byStage = (await agent.request({ method: 'GET', url: '/api/clients/bystage' })).json<
    { count: number }[]
  >();
  expect(byStage.every((s) => s.count > 0)).toBe(true);
  expect((await agent.request({ method: 'GET', url: '/api/groups' })).json()).toHaveLength(3);
  expect(await loadDemoData(t.database.db)).toBe(false);
  expect(
    (await agent.request({ method: 'GET', url: '/api/clients?limit=1' })).headers['x-total-count'],
  ).toBe('60');
});
