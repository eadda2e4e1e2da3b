import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_ENTITIES, AUDIT_SECRET, type AuditEntry } from '@school/contract/audit';
import { TOTAL_COUNT_CAP } from '@school/contract/common';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../../test/helper.js';
import { moneyCalls, PAST } from '../../../test/money.js';
import { loadConfig } from '../../config.js';
import { actorContext, recordChange } from '../../db/history.js';
import { history } from '../../db/schema/history.js';
import {
  auditFilters,
  historyPageQuery,
  recordWhere,
  removeOldHistory,
} from '../../plugins/history.queries.js';
import { HISTORY_RETENTION_CRON, runHistoryRetention } from './audit.retention.js';

let t: AppFixture;
let admin: Agent;
let manager: Agent;
let managerId: number;

beforeAll(async () => {
  t = await setupApp({ admin: true, user: { firstName: 'Anna', lastName: 'Boss' } });
  admin = t.agent;
  const m = await createUser(t, { role: 'manager', firstName: 'Mark', lastName: 'Manager' });
  managerId = m.id;
  manager = await login(t.app, m);
});

const entries = async (agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return { list: res.json<AuditEntry[]>(), total: Number(res.headers['x-total-count']) };
};

describe('record history of a plain resource', () => {
  it('records create, update (only the changed fields) and delete, with who and the request id', async () => {
    const created = await manager.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'History A' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const updated = await manager.request({
      method: 'PUT',
      url: `/api/groups/${id}`,
      payload: { name: 'History B' },
    });
    expect(updated.statusCode).toBe(200);
    // a PUT that changes nothing writes nothing
    await manager.request({
      method: 'PUT',
      url: `/api/groups/${id}`,
      payload: { name: 'History B' },
    });
    const deleted = await manager.request({ method: 'DELETE', url: `/api/groups/${id}` });
    expect(deleted.statusCode).toBe(204);

    const { list, total } = await entries(admin, `/api/groups/${id}/history`);
    expect(total).toBe(3);
    expect(list.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(list[0]).toMatchObject({
      entity: 'groups',
      entityId: id,
      userId: managerId,
      userName: 'Mark Manager',
      changes: { id, name: 'History B' },
      requestId: deleted.headers['x-request-id'],
    });
    expect(list[1]!.changes).toEqual({ name: ['History A', 'History B'] });
    expect(list[2]!.changes).toMatchObject({ id, name: 'History A' });
    expect(new Date(list[0]!.at).toISOString()).toBe(list[0]!.at);
  });

  it('writes nothing for a change that is refused (a duplicate rolls back)', async () => {
    await manager.request({ method: 'POST', url: '/api/groups', payload: { name: 'Dup' } });
    const before = await t.database.db.$count(history);
    const res = await manager.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'dup' },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.$count(history)).toBe(before);
  });

  it('a dry-run delete leaves no entry', async () => {
    const created = await manager.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'Dry' },
    });
    const id = created.json<{ id: number }>().id;
    const res = await manager.request({ method: 'DELETE', url: `/api/groups/${id}?dryRun=true` });
    expect(res.statusCode).toBe(204);
    const { list } = await entries(admin, `/api/groups/${id}/history`);
    expect(list.map((e) => e.action)).toEqual(['create']);
  });

  it('answers 404 for the history of a record that never was', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/groups/999999/history' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/audit', () => {
  it('is for admins only', async () => {
    expect((await manager.request({ method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
  });

  it('filters by entity, id, user, action and searches the changes, newest first, paged', async () => {
    const made = await manager.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'Zebra Finch' },
    });
    const id = made.json<{ id: number }>().id;
    const all = await entries(admin, '/api/audit?limit=2');
    expect(all.list).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect(all.list[0]!.at >= all.list[1]!.at).toBe(true);

    const byId = await entries(admin, `/api/audit?entity=groups&entityId=${id}`);
    expect(byId.list.map((e) => e.entityId)).toEqual([id]);
    const search = await entries(admin, '/api/audit?search=zebra%20FINCH');
    expect(search.list.map((e) => e.entityId)).toEqual([id]);
    const byUser = await entries(admin, `/api/audit?userId=${managerId}&action=create&limit=1`);
    expect(byUser.list[0]).toMatchObject({ userId: managerId, action: 'create', entityId: id });
    const wildcard = await entries(admin, '/api/audit?search=%25%25%25');
    expect(wildcard.total).toBe(0);
  });

  it("filters by the money's entities: payments and their voids, adjustments, the ledger's corrections, attendance statuses", async () => {
    const m = moneyCalls(admin);
    const student = await m.student('Anna');
    const event = await m.takes(student, { date: PAST, price: 60 });
    const paid = await m.pay({ student, amount: 120, method: 'transfer' });
    const voided = await m.post(`/api/payments/${paid.id}/void`, { reason: 'bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    const adjusted = await m.post('/api/adjustments', {
      student,
      amount: -20,
      date: PAST,
      reason: 'goodwill',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const lesson = (await m.get(`/api/events/${event}`)).json<{ lesson: number }>().lesson;
    expect((await m.put(`/api/lessons/${lesson}`, { price: 90 })).statusCode).toBe(200);
    const renamed = await m.put('/api/attendancestatuses/3', { name: 'Excused in time' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const of = async (entity: string) => {
      const { list } = await entries(admin, `/api/audit?entity=${entity}&limit=50`);
      expect(new Set(list.map((e) => e.entity))).toEqual(new Set([entity]));
      return list;
    };
    const payments = (await of('payments')).filter((e) => e.entityId === paid.id);
    expect(payments.map((e) => e.action)).toEqual(['update', 'create']);
    // the void reads on its own: its student, their name and the amount beside the change
    expect(payments[0]!.changes).toEqual({
      voided: [false, true],
      voidReason: ['', 'bounced'],
      student,
      studentName: 'Anna Money 1',
      amount: 120,
    });
    expect(payments[1]!.changes).toMatchObject({
      studentId: student,
      studentName: 'Anna Money 1',
      amount: 120,
      method: 'transfer',
    });
    expect((await of('adjustments'))[0]!.changes).toMatchObject({
      student,
      studentName: 'Anna Money 1',
      amount: -20,
      reason: 'goodwill',
    });
    expect((await of('ledger'))[0]!.changes).toMatchObject({
      student,
      studentName: 'Anna Money 1',
      kind: 'charge',
      correction: true,
      amount: 30,
      lessonDate: PAST,
    });
    expect((await of('attendancestatuses'))[0]).toMatchObject({
      action: 'update',
      entityId: 3,
      changes: { name: [expect.any(String), 'Excused in time'] },
    });

    // every name the contract lists is a filter; a name the history never writes is refused
    for (const entity of AUDIT_ENTITIES) {
      expect(
        (await admin.request({ method: 'GET', url: `/api/audit?entity=${entity}&limit=1` }))
          .statusCode,
      ).toBe(200);
    }
    const wrong = await admin.request({ method: 'GET', url: '/api/audit?entity=paymentz' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toBe('validation');
  });

  it('takes dateFrom and dateTo as inclusive days of the school time zone', async () => {
    const [row] = await t.database.db
      .insert(history)
      .values({
        at: new Date('2020-03-01T22:30:00Z'), // 2 March 00:30 in Kyiv
        userId: null,
        userName: '',
        action: 'update',
        entity: 'groups',
        entityId: 424242,
        changes: {},
      })
      .returning();
    const of = async (q: string) =>
      (await entries(admin, `/api/audit?entityId=424242&${q}`)).list.map((e) => e.id);
    expect(await of('dateFrom=2020-03-02')).toEqual([row!.id]);
    expect(await of('dateTo=2020-03-02')).toEqual([row!.id]);
    expect(await of('dateFrom=2020-03-02&dateTo=2020-03-02')).toEqual([row!.id]);
    expect(await of('dateTo=2020-03-01')).toEqual([]);
    expect(await of('dateFrom=2020-03-03')).toEqual([]);
    const bad = await admin.request({ method: 'GET', url: '/api/audit?dateFrom=2020-13-01' });
    expect(bad.statusCode).toBe(400);
  });

  it('is in the OpenAPI document with the history routes', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, unknown>; components: { schemas: object } }>();
    expect(doc.paths).toHaveProperty('/api/audit');
    for (const path of [
      'groups',
      'clients',
      'students',
      'studentdocuments',
      'users',
      'lessons',
      'events',
      'conversations',
      'answers',
      'grid',
      'setcard',
    ]) {
      expect(doc.paths).toHaveProperty([`/api/${path}/{id}/history`]);
    }
    expect(doc.components.schemas).toHaveProperty('AuditEntry');
  });

  it('has a trigram index that serves the search', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select * from history where ("user_name" || ' ' || "action" || ' ' || "entity" || ' ' || "changes"::text) ilike '%zebra%'`,
      );
    });
    expect(JSON.stringify(plan.rows)).toMatch(/history_search_idx/);
  });
});

describe('the indexes of the history', () => {
  /** The plan of the query a page runs, with sequential scans priced out. */
  const planOf = async (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = await client.query(`explain ${text}`, params);
      await client.query('rollback');
      return JSON.stringify(plan.rows);
    } finally {
      client.release();
    }
  };
  const firstPage = { limit: 50, offset: 0 };

  it("serve a record's history from its entity index", async () => {
    const query = historyPageQuery(t.database.db, recordWhere('clients', 1), firstPage);
    expect(await planOf(query)).toMatch(/history_entity_idx/);
  });

  it('serve the unfiltered newest-first list from the index by time and id, with no sort', async () => {
    const query = historyPageQuery(t.database.db, auditFilters({}, 'UTC'), firstPage);
    const plan = await planOf(query);
    expect(plan).toMatch(/history_at_id_idx/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });
});

describe('the count of the list', () => {
  it('stops at the cap of the long lists, saying so, as a search of them does', async () => {
    const { db } = t.database;
    await db.execute(sql`insert into history (user_name, action, entity, entity_id, changes)
      select 'Bulk', 'update', 'clients', 1, '{}' from generate_series(1, ${TOTAL_COUNT_CAP} + 1)`);
    try {
      const all = await admin.request({ method: 'GET', url: '/api/audit?limit=1' });
      expect(all.headers['x-total-count']).toBe(String(TOTAL_COUNT_CAP));
      expect(all.headers['x-total-count-capped']).toBe('1');
      const some = await admin.request({ method: 'GET', url: '/api/audit?limit=1&action=create' });
      expect(Number(some.headers['x-total-count'])).toBeLessThan(TOTAL_COUNT_CAP);
      expect(some.headers['x-total-count-capped']).toBeUndefined();
    } finally {
      await db.execute(sql`delete from history where user_name = 'Bulk'`);
    }
  });
});

describe('history of an import', () => {
  it('writes one import entry and one entry per record made or changed, by the importer', async () => {
    const made = await manager.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Oksana', lastName: 'Old', email: 'oksana@import.example.com' },
    });
    const existing = made.json<{ id: number }>().id;
    const csv = [
      'firstName,lastName,email',
      'Oksana,New,oksana@import.example.com',
      'Taras,Fresh,taras@import.example.com',
      ',NoName,bad@import.example.com',
    ].join('\n');
    const res = await manager.request({
      method: 'POST',
      url: '/api/clients/import',
      payload: { csv, skipErrors: true, fileName: 'autumn.csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [imported] = (await entries(admin, '/api/audit?action=import')).list;
    expect(imported).toMatchObject({
      userId: managerId,
      entity: 'clients',
      entityId: null,
      changes: { fileName: 'autumn.csv', created: 1, updated: 1, skipped: 1 },
    });
    const { list: own } = await entries(admin, `/api/clients/${existing}/history`);
    expect(own[0]).toMatchObject({
      action: 'update',
      userId: managerId,
      requestId: imported!.requestId,
      changes: { lastName: ['Old', 'New'] },
    });
    const { list: made2 } = await entries(
      admin,
      '/api/audit?entity=clients&action=create&search=taras@import',
    );
    expect(made2).toHaveLength(1);
    expect(made2[0]!.changes).toMatchObject({ firstName: 'Taras', hashCode: AUDIT_SECRET });
  });

  it("a large import, run by the job queue, names the file and the request's user", async () => {
    const long = (n: number) => 'x'.repeat(n);
    const rows = Array.from(
      { length: 600 },
      (_, i) =>
        `Queued${i},${long(100)},queued${i}@example.com,${long(300)},${long(300)},${long(100)},${long(100)}`,
    );
    const csv = [
      'firstName,lastName,email,address,facebook,position,telegramUsername',
      ...rows,
    ].join('\n');
    expect(csv.length).toBeGreaterThan(512 * 1024);
    const res = await manager.request({
      method: 'POST',
      url: '/api/clients/import',
      payload: { csv, fileName: 'large.csv' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    await vi.waitFor(
      async () => {
        const job = await manager.request({ method: 'GET', url: `/api/clients/import/${jobId}` });
        expect(job.json()).toMatchObject({ state: 'done' });
      },
      { timeout: 25_000, interval: 100 },
    );
    const [imported] = (await entries(admin, '/api/audit?action=import')).list;
    expect(imported).toMatchObject({
      userId: managerId,
      entity: 'clients',
      changes: { fileName: 'large.csv', created: 600, updated: 0, skipped: 0 },
    });
    expect(imported!.requestId).toEqual(expect.any(String));
  });

  it('an import refused for its errors leaves no entry', async () => {
    const before = await t.database.db.$count(history);
    const res = await manager.request({
      method: 'POST',
      url: '/api/clients/import',
      payload: { csv: 'firstName,lastName\nGood,Row\n,Bad', fileName: 'bad.csv' },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.$count(history)).toBe(before);
  });
});

describe('retention', () => {
  it('removes the entries older than the days kept, once across instances', async () => {
    const old = (days: number) => ({
      at: new Date(Date.now() - days * 24 * 3600 * 1000),
      action: 'update',
      entity: 'groups',
      entityId: 515151,
      changes: { days },
    });
    await t.database.db.insert(history).values([old(800), old(731), old(729), old(1)]);
    // while another instance holds the lock, this one skips
    const held = await t.database.pool.connect();
    try {
      await held.query('begin');
      await held.query(`select pg_advisory_xact_lock(hashtext('history_retention'))`);
      expect(await removeOldHistory(t.database.db, 730)).toBeNull();
      await held.query('rollback');
    } finally {
      held.release();
    }
    // these two, and an entry of 2020 another test wrote
    expect(await removeOldHistory(t.database.db, 730)).toBe(3);
    const left = await entries(admin, '/api/audit?entityId=515151');
    expect(left.list.map((e) => e.changes['days'])).toEqual([1, 729]);
    expect(await removeOldHistory(t.database.db, 730)).toBe(0);
  });

  it('takes AUDIT_KEEP_DAYS from the configuration, 730 by default, and refuses a bad value', () => {
    expect(loadConfig({}).AUDIT_KEEP_DAYS).toBe(730);
    expect(loadConfig({ AUDIT_KEEP_DAYS: '90' }).AUDIT_KEEP_DAYS).toBe(90);
    expect(() => loadConfig({ AUDIT_KEEP_DAYS: '0' })).toThrow(/AUDIT_KEEP_DAYS/);
    expect(() => loadConfig({ AUDIT_KEEP_DAYS: 'soon' })).toThrow(/AUDIT_KEEP_DAYS/);
  });

  it('logs what the daily run removed', async () => {
    const logged: object[] = [];
    const log = { info: (o: object) => logged.push(o), warn: (o: object) => logged.push(o) };
    await runHistoryRetention(t.database.db, 730, log as never);
    expect(logged).toEqual([expect.objectContaining({ event: 'history_retention', removed: 0 })]);
    // daily, on the job queue's schedule (ADR 031)
    expect(t.app.queue.schedule()).toContainEqual({
      task: 'history_retention',
      match: HISTORY_RETENTION_CRON,
    });
  });
});

describe('who reads a record history', () => {
  it('follows the record: 403 where the role cannot read the domain, 404 for a student not theirs', async () => {
    const teacher = await createUser(t, { role: 'teacher' });
    const teacherAgent = await login(t.app, teacher);
    const client = await manager.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Hidden' },
    });
    const clientId = client.json<{ id: number }>().id;
    const student = await manager.request({
      method: 'POST',
      url: '/api/students',
      payload: { name: 'Not', surname: 'Theirs' },
    });
    const studentId = student.json<{ id: number }>().id;
    const status = async (agent: Agent, url: string) =>
      (await agent.request({ method: 'GET', url })).statusCode;

    expect(await status(teacherAgent, `/api/clients/${clientId}/history`)).toBe(403);
    expect(await status(teacherAgent, `/api/students/${studentId}/history`)).toBe(404);
    expect(await status(teacherAgent, '/api/audit')).toBe(403);
    expect(await status(manager, `/api/clients/${clientId}/history`)).toBe(200);
    expect(await status(manager, `/api/students/${studentId}/history`)).toBe(200);
    const { list } = await entries(manager, `/api/clients/${clientId}/history`);
    expect(list).toEqual([
      expect.objectContaining({ action: 'create', userId: managerId, entity: 'clients' }),
    ]);
  });
});

describe('history of the pipeline', () => {
  it('a stage move is an update of the client: stageId and stageChangedAt', async () => {
    const stages = (await admin.request({ method: 'GET', url: '/api/stages' })).json<
      { id: number }[]
    >();
    const made = await manager.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Moving', stage: stages[0]!.id },
    });
    const id = made.json<{ id: number }>().id;
    const moved = await manager.request({
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { stage: stages[1]!.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [move] = (await entries(admin, `/api/clients/${id}/history`)).list;
    expect(move).toMatchObject({ action: 'update', userId: managerId });
    expect(Object.keys(move!.changes).sort()).toEqual(['stageChangedAt', 'stageId']);
    expect(move!.changes['stageId']).toEqual([stages[0]!.id, stages[1]!.id]);
  });
});

describe('writes without a staff request', () => {
  it('are not recorded; inside a request they name its user and id', async () => {
    const change = {
      action: 'update',
      entity: 'groups',
      entityId: 626262,
      changes: { name: 'x' },
    } as const;
    // outside any request, as the bot's own updates, reminders and demo data run
    await recordChange(t.database.db, change);
    expect((await entries(admin, '/api/audit?entityId=626262')).total).toBe(0);
    await actorContext.run({ userId: managerId, userName: 'Mark Manager', requestId: 'r-1' }, () =>
      recordChange(t.database.db, change),
    );
    const { list } = await entries(admin, '/api/audit?entityId=626262');
    expect(list).toEqual([
      expect.objectContaining({ userId: managerId, requestId: 'r-1', changes: { name: 'x' } }),
    ]);
  });
});
