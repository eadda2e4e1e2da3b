import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../test/helper.js';

// ADR 025: a delete's dry run (DELETE /api/{resource}/{id}?dryRun=true) answers what the delete
// would answer, and deletes nothing.

let t: TestApp & { user: { id: number } };
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
});

const post = async (url: string, payload: unknown) => {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
};
const get = (url: string) => agent.request({ method: 'GET', url });
const del = (url: string) => agent.request({ method: 'DELETE', url });

describe('a delete’s dry run', () => {
  it('answers 409 linked for a group with lessons, the delete’s own answer, and deletes nothing', async () => {
    const group = await post('/api/groups', { name: 'A2 evening' });
    const lesson = await post('/api/lessons', {
      date: '2031-03-03',
      start: '18:00',
      end: '19:00',
      price: 60,
      groupe: group.id,
    });
    const dry = await del(`/api/groups/${group.id}?dryRun=true`);
    expect(dry.statusCode).toBe(409);
    expect(dry.json()).toMatchObject({ error: 'linked' });
    expect((await get(`/api/groups/${group.id}`)).statusCode).toBe(200);
    expect((await get(`/api/lessons/${lesson.id}`)).statusCode).toBe(200);
    // the real delete is refused with the same body
    const real = await del(`/api/groups/${group.id}`);
    expect(real.statusCode).toBe(409);
    expect(real.json()).toEqual(dry.json());
  });

  it('answers 204 for a group nothing points at, and the group stays', async () => {
    const group = await post('/api/groups', { name: 'B1 morning' });
    for (const flag of ['true', '1']) {
      const dry = await del(`/api/groups/${group.id}?dryRun=${flag}`);
      expect(dry.statusCode, dry.body).toBe(204);
      expect(dry.body).toBe('');
    }
    expect((await get(`/api/groups/${group.id}`)).json()).toEqual({
      id: group.id,
      name: 'B1 morning',
      version: 1,
    });
    // dryRun=false (or none) deletes
    expect((await del(`/api/groups/${group.id}?dryRun=false`)).statusCode).toBe(204);
    expect((await get(`/api/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('leaves what a delete would take with it (cascades) in place', async () => {
    const other = await createUser(t, { firstName: 'Iryna', lastName: 'Dry' });
    await login(t.app, other);
    const sessions = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from sessions where user_id = ${other.id}`,
        )
      ).rows[0]?.n;
    expect(await sessions()).toBe(1);
    // a user's delete takes their sessions with it
    expect((await del(`/api/users/${other.id}?dryRun=true`)).statusCode).toBe(204);
    expect((await get(`/api/users/${other.id}`)).statusCode).toBe(200);
    expect(await sessions()).toBe(1);
  });

  it('answers the refusals of a resource’s own delete rules (deleting oneself)', async () => {
    const dry = await del(`/api/users/${t.user.id}?dryRun=true`);
    expect(dry.statusCode).toBe(409);
    expect(dry.json()).toMatchObject({ error: 'self' });
  });

  it('answers 404 for a record that does not exist and 400 for a bad flag', async () => {
    expect((await del('/api/groups/99999999?dryRun=true')).statusCode).toBe(404);
    const group = await post('/api/groups', { name: 'C1 weekend' });
    const bad = await del(`/api/groups/${group.id}?dryRun=maybe`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/groups/${group.id}`)).statusCode).toBe(200);
  });
});

describe('the undoable deletes outside the resource helper', () => {
  // A lesson's and a participation's delete are offered with Undo without a dry run (ADR 025):
  // nothing can refuse them, because every row that points at them goes with them or lets go.
  it('cannot be refused: every foreign key to lessons and events cascades or sets null', async () => {
    const { rows } = await t.database.db.execute<{ name: string; rule: string }>(sql`
      select conname as name, confdeltype as rule from pg_constraint
      where contype = 'f' and confrelid in ('lessons'::regclass, 'events'::regclass)`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.rule !== 'c' && r.rule !== 'n')).toEqual([]);
  });
});
