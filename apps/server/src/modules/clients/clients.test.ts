import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  importClients,
  login,
  setupApp,
  type Agent,
  type TestApp,
} from '../../../test/helper.js';

let t: TestApp & { user: { id: number } };
let agent: Agent;
let userId: number;
let stages: { id: number; name: string }[];

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ user: { firstName: 'Sales', lastName: 'Person' } }));
  userId = t.user.id;
  stages = (await agent.request({ method: 'GET', url: '/api/stages' })).json();
});

const stageId = (i: number) => stages[i]?.id ?? 0;
const create = (payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url: '/api/clients', payload });

describe('clients', () => {
  it('creates a client with every field; hashCode is a 22-character token', async () => {
    const res = await create({
      firstName: 'Oksana',
      lastName: 'Hnatyuk',
      email: 'oksana@example.com',
      tel: '+380 50 111 22 33',
      price: '1200.00',
      dLastContact: '2026-11-01',
      probability: '60',
      responsibleId: String(userId),
      project: '',
      stage: String(stageId(0)),
      language: 1,
      category: 1,
      product: { id: 2, name: 'ignored' },
      source: 3,
      dateBirth: '1995-02-03',
      position: 'Manager',
      address: 'Kyiv, Khreshchatyk 1',
      age: '31',
      facebook: 'fb.com/oksana',
      telegramUsername: '@oksana',
      timezone: 'Europe/Kyiv',
      device: 'iPhone',
    });
    expect(res.statusCode).toBe(201);
    const c = res.json<Record<string, unknown>>();
    expect(c).toMatchObject({
      firstName: 'Oksana',
      price: 1200,
      probability: 60,
      responsibleId: userId,
      project: null,
      stage: stageId(0),
      product: { id: 2, name: expect.any(String) },
      age: 31,
      dateBirth: '1995-02-03',
    });
    expect(c.product).not.toMatchObject({ name: 'ignored' });
    expect(c.hashCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await agent.request({ method: 'GET', url: `/api/clients/${c.id}` })).json()).toEqual(c);
  });

  it.each([
    ['missing firstName', { firstName: '' }, 'firstName'],
    ['firstName not text', { firstName: 7 }, 'firstName'],
    ['too long lastName', { lastName: 'x'.repeat(101) }, 'lastName'],
    ['bad email', { email: 'oksana@' }, 'email'],
    ['bad date', { dLastContact: '31.12.2026' }, 'dLastContact'],
    ['probability over 100', { probability: 101 }, 'probability'],
    ['negative probability', { probability: -1 }, 'probability'],
    ['probability with decimals', { probability: 50.5 }, 'probability'],
    ['price not a number', { price: 'a lot' }, 'price'],
    ['age too high', { age: 200 }, 'age'],
    ['unknown stage', { stage: 999999 }, 'stage'],
    ['unknown responsible', { responsibleId: 999999 }, 'responsibleId'],
    ['stage not an id', { stage: 'won' }, 'stage'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_k, change, field) => {
    const before = (await agent.request({ method: 'GET', url: '/api/clients' })).headers[
      'x-total-count'
    ];
    const res = await create({ firstName: 'Bad', ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
    const after = (await agent.request({ method: 'GET', url: '/api/clients' })).headers[
      'x-total-count'
    ];
    expect(after).toBe(before);
  });

  it('lists by stage, searches name, email and tel, filters and sorts', async () => {
    await create({
      firstName: 'Andriy',
      lastName: 'Zaitsev',
      email: 'az@example.com',
      tel: '111',
      stage: stageId(1),
      price: 10,
      source: 1,
    });
    await create({
      firstName: 'Bohdana',
      lastName: 'Yarema',
      email: 'by@example.com',
      tel: '222',
      stage: stageId(1),
      price: 30,
    });
    await create({
      firstName: 'Vira',
      lastName: 'Xenko',
      email: 'vx@example.com',
      tel: '333',
      stage: stageId(2),
      price: 20,
    });
    const byStage = await agent.request({
      method: 'GET',
      url: `/api/clients?stage=${stageId(1)}&sort=-price`,
    });
    expect(byStage.json<{ firstName: string }[]>().map((c) => c.firstName)).toEqual([
      'Bohdana',
      'Andriy',
    ]);
    expect(byStage.headers['x-total-count']).toBe('2');
    for (const q of ['Xenk', 'vx@EXAMPLE', '333']) {
      const res = await agent.request({
        method: 'GET',
        url: `/api/clients?search=${encodeURIComponent(q)}`,
      });
      expect(res.json<{ firstName: string }[]>().map((c) => c.firstName)).toEqual(['Vira']);
    }
    const bySource = await agent.request({ method: 'GET', url: '/api/clients?source=1' });
    expect(bySource.json<{ firstName: string }[]>().map((c) => c.firstName)).toContain('Andriy');
    const sorted = await agent.request({
      method: 'GET',
      url: '/api/clients?sort=lastName&limit=2',
    });
    expect(sorted.json<{ lastName: string }[]>()[0]?.lastName).toBe('Hnatyuk');
    expect((await agent.request({ method: 'GET', url: '/api/clients?stage=abc' })).statusCode).toBe(
      400,
    );
    expect(
      (await agent.request({ method: 'GET', url: '/api/clients?sort=hashCode' })).statusCode,
    ).toBe(400);
  });

  it('moves a client to another stage with a PUT of just the stage; the move is stamped and counted', async () => {
    const c = (
      await create({ firstName: 'Mover', stage: stageId(0), price: 100, probability: 50 })
    ).json<{ id: number; stageChangedAt: string; email: string }>();
    await t.database.db.execute(
      sql`update clients set stage_changed_at = now() - interval '3 days' where id = ${c.id}`,
    );
    const before = (await agent.request({ method: 'GET', url: '/api/dashboard' })).json<{
      stageMoves30d: number;
    }>();
    const res = await agent.request({
      method: 'PUT',
      url: `/api/clients/${c.id}`,
      payload: { stage: stageId(3) },
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json<{
      stage: number;
      stageChangedAt: string;
      firstName: string;
      price: number;
    }>();
    expect(moved).toMatchObject({ stage: stageId(3), firstName: 'Mover', price: 100 });
    expect(Date.now() - Date.parse(moved.stageChangedAt)).toBeLessThan(60_000);
    const after = (await agent.request({ method: 'GET', url: '/api/dashboard' })).json<{
      stageMoves30d: number;
    }>();
    expect(after.stageMoves30d).toBe(before.stageMoves30d + 1);
    const unknown = await agent.request({
      method: 'PUT',
      url: `/api/clients/${c.id}`,
      payload: { stage: 999999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await agent.request({ method: 'GET', url: `/api/clients/${c.id}` })).json(),
    ).toMatchObject({ stage: stageId(3) });
    expect(
      (
        await agent.request({
          method: 'PUT',
          url: '/api/clients/999999',
          payload: { stage: stageId(1) },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sums count and price per stage for the pipeline headers, in stage order', async () => {
    const res = await agent.request({ method: 'GET', url: '/api/clients/bystage' });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ id: number; count: number; sum: number; order: number }[]>();
    expect(rows.map((r) => r.id)).toEqual(stages.map((s) => s.id));
    const stage1 = rows.find((r) => r.id === stageId(1));
    expect(stage1).toMatchObject({ count: 2, sum: 40 });
  });

  it('answers the dashboard from aggregates', async () => {
    const res = await agent.request({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(200);
    const d = res.json<{
      totalClients: number;
      pipelineValue: number;
      newClients30d: number;
      byStage: unknown[];
      newClientsByDay: { count: number }[];
    }>();
    const total = Number(
      (await agent.request({ method: 'GET', url: '/api/clients' })).headers['x-total-count'],
    );
    expect(d.totalClients).toBe(total);
    expect(d.newClients30d).toBe(total);
    // 1200 × 60% + 100 × 50%
    expect(d.pipelineValue).toBe(770);
    expect(d.byStage).toHaveLength(stages.length);
    expect(d.newClientsByDay).toHaveLength(30);
    expect(d.newClientsByDay.reduce((s, r) => s + r.count, 0)).toBe(total);
  });

  it('deletes a client; 404 afterwards', async () => {
    const c = (await create({ firstName: 'Gone' })).json<{ id: number }>();
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/clients/${c.id}` })).statusCode,
    ).toBe(204);
    expect((await agent.request({ method: 'GET', url: `/api/clients/${c.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a stage that clients are in (409 linked)', async () => {
    const boss = await createUser(t, { login: 'stages-admin', role: 'admin' });
    const admin = await login(t.app, boss);
    const res = await admin.request({ method: 'DELETE', url: `/api/stages/${stageId(1)}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'linked' });
  });

  it('needs a session and the XSRF header', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect(
      (
        await agent.request({
          method: 'POST',
          url: '/api/clients',
          payload: { firstName: 'x' },
          xsrf: false,
        })
      ).statusCode,
    ).toBe(403);
  });
});

// docs/clients.md, Stages: every client is in a stage
describe('a client without a chosen stage', () => {
  const get = async (id: number) =>
    (await agent.request({ method: 'GET', url: `/api/clients/${id}` })).json<{ stage: number }>();

  it('is made in the first stage in pipeline order', async () => {
    const res = await create({ firstName: 'Unstaged', lastName: 'Newcomer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ stage: stageId(0) });
  });

  it.each([
    ['null', null],
    ['empty', ''],
  ])('refuses a %s stage on create and update with 400 naming it', async (_k, stage) => {
    const made = await create({ firstName: 'Staged', stage: stageId(2) });
    const { id } = made.json<{ id: number }>();
    const refusedCreate = await create({ firstName: 'Stageless', stage });
    expect(refusedCreate.statusCode).toBe(400);
    expect(refusedCreate.json()).toMatchObject({ fields: { stage: 'is required' } });
    const refusedUpdate = await agent.request({
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { stage, lastName: 'Changed' },
    });
    expect(refusedUpdate.statusCode).toBe(400);
    expect(refusedUpdate.json()).toMatchObject({ fields: { stage: 'is required' } });
    expect(await get(id)).toMatchObject({ stage: stageId(2), lastName: '' });
  });

  it('from a CSV file is made in the first stage; a matched one keeps its stage', async () => {
    const kept = (
      await create({ firstName: 'Kept', email: 'kept.stage@example.com', stage: stageId(3) })
    ).json<{ id: number }>();
    const res = await importClients(agent, [
      'firstName,email,stage',
      'Imported,imported.stage@example.com,',
      'Kept,kept.stage@example.com,',
    ]);
    expect(res.json()).toMatchObject({ created: 1, updated: 1 });
    expect(await get(kept.id)).toMatchObject({ stage: stageId(3) });
    const found = await agent.request({
      method: 'GET',
      url: '/api/clients?search=imported.stage%40',
    });
    expect(found.json()).toEqual([expect.objectContaining({ stage: stageId(0) })]);
  });
});
