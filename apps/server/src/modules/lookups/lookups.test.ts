import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@school/contract/audit';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({
    admin: true,
    user: { firstName: 'Iryna', lastName: 'Lysenko' },
  }));
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
      { id: 1, name: 'yes', key: 'booleans.yes' },
      { id: 2, name: 'no', key: 'booleans.no' },
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
    expect(put.json()).toEqual({ id, name: 'Renamed', key: null, version: 2 });
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

  it('answers seeded rows with a translation key, rows staff named without one', async () => {
    const keys = async (name: string) =>
      Object.fromEntries(
        (await get(`/api/${name}`))
          .json<{ name: string; key: string | null }[]>()
          .map((i) => [i.name, i.key]),
      );
    expect(await keys('answertypes')).toEqual({
      'Message with buttons': 'answerTypes.buttons',
      'Free text answer': 'answerTypes.freeText',
      'Final message': 'answerTypes.final',
    });
    expect(await keys('conversationtypes')).toMatchObject({ Test: 'conversationTypes.test' });
    expect(await keys('languages')).toEqual({
      Ukrainian: 'languages.ukrainian',
      English: 'languages.english',
      Polish: 'languages.polish',
    });
    expect(await keys('stages')).toMatchObject({ 'New lead': 'stages.newLead' });
    expect(await keys('levels')).toMatchObject({ 'B1 Intermediate': 'levels.b1' });
    // brand names and IANA zones read the same in every language
    expect(await keys('sources')).toMatchObject({ Instagram: null, Website: 'sources.website' });
    expect((await keys('timezones'))['Europe/Kyiv']).toBeNull();

    const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
    const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });
    const made = await post('/api/categories', { name: 'Seniors' });
    expect(made.json()).toMatchObject({ name: 'Seniors', key: null });

    // the same name sent again (a stage recoloured in its form) keeps the key
    const stage = (await get('/api/stages')).json<{ id: number; name: string }[]>()[0]!;
    const recoloured = await put(`/api/stages/${stage.id}`, { name: stage.name, color: '#112233' });
    expect(recoloured.json()).toMatchObject({ name: stage.name, key: expect.any(String) });
    // a renamed seeded row shows the name staff typed: its key is gone
    const renamed = await put(`/api/stages/${stage.id}`, { name: 'First call' });
    expect(renamed.json()).toMatchObject({ name: 'First call', key: null });
    const level = (await get('/api/levels')).json<{ id: number; name: string }[]>()[0]!;
    const renamedLevel = await put(`/api/levels/${level.id}`, { name: 'Starter' });
    expect(renamedLevel.json()).toEqual({ id: level.id, name: 'Starter', key: null, version: 2 });
    expect((await get('/api/levels')).json()).toContainEqual({
      id: level.id,
      name: 'Starter',
      key: null,
      version: 2,
    });
  });

  it('a rename that fails keeps the key; one that succeeds records the key cleared with the name', async () => {
    const { db } = t.database;
    const level = (await get('/api/levels')).json<
      { id: number; name: string; key: string }[]
    >()[1]!;
    expect(level.key).toEqual(expect.any(String));
    // the database refuses the rename: nothing of it stays, the key neither
    await db.execute(sql`create function refuse_rename() returns trigger language plpgsql as $$
      begin
        if new.name = 'Refused' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger refuse_rename before update on levels for each row execute function refuse_rename()`,
    );
    try {
      const refused = await agent.request({
        method: 'PUT',
        url: `/api/levels/${level.id}`,
        payload: { name: 'Refused' },
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_rename on levels`);
      await db.execute(sql`drop function refuse_rename()`);
    }
    expect((await get(`/api/levels/${level.id}`)).json()).toEqual(level);
    expect((await get(`/api/levels/${level.id}/history`)).json()).toEqual([]);

    const renamed = await agent.request({
      method: 'PUT',
      url: `/api/levels/${level.id}`,
      payload: { name: 'Climbing' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Climbing', key: null });
    const [entry] = (await get(`/api/levels/${level.id}/history`)).json<AuditEntry[]>();
    expect(entry).toMatchObject({
      action: 'update',
      changes: { name: [level.name, 'Climbing'], key: [level.key, null] },
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stages' })).statusCode).toBe(401);
  });
});
