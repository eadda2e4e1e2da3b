import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedFields } from '../../db/history.js';
import { clients } from '../../db/schema/clients.js';
import { setupApp, stagesOf, type Agent, type TestApp } from '../../../test/helper.js';
import { statementsOf } from '../../../test/statements.js';

/**
 * A client's PUT is one statement (ADR 048): the row, a stage move's log and stamp, and the
 * record history entry, which is the one `recordChange` would write of the rows before and
 * after it (docs/history.md).
 */

let t: TestApp;
let agent: Agent;
let stage: (i: number) => number;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
  stage = await stagesOf(agent);
});

const rowOf = async (id: number) =>
  (await t.database.db.select().from(clients).where(eq(clients.id, id)))[0];

async function lastEntry(id: number) {
  const res = await t.database.db.execute<{ action: string; changes: Record<string, unknown> }>(
    sql`select action, changes from history where entity = 'clients' and entity_id = ${id}
      order by id desc limit 1`,
  );
  return res.rows[0];
}

describe("a client's PUT in one statement (ADR 048)", () => {
  it('writes the history entry recordChange would, a stage move logged and stamped', async () => {
    const made = await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Ola', price: 120, stage: stage(0), dLastContact: '2025-01-02' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;
    const before = await rowOf(id);
    const body = {
      price: 99.5,
      dLastContact: null,
      position: 'Lead "teacher"',
      stage: stage(1),
      probability: 40,
      version: before?.version,
    };
    let res: Awaited<ReturnType<Agent['request']>> | undefined;
    const n = await statementsOf(async () => {
      res = await agent.request({ method: 'PUT', url: `/api/clients/${id}`, payload: body });
    });
    expect(res?.statusCode, res?.body).toBe(200);
    // the write alone: the session is kept (ADR 047), the write one prepared statement (ADR 051)
    expect(n).toBe(1);
    const after = await rowOf(id);
    expect(res?.json()).toMatchObject({ price: 99.5, stage: stage(1), version: after?.version });
    const entry = await lastEntry(id);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toEqual(changedFields(before ?? {}, after ?? {}));
    expect(Object.keys(entry?.changes ?? {})).toEqual(
      expect.arrayContaining(['price', 'dLastContact', 'stageId', 'stageChangedAt', 'version']),
    );
    const moves = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from client_stage_moves where client_id = ${id}`,
    );
    expect(moves.rows[0]?.n).toBe(1);
    // the same again changes nothing: no entry, no move
    const again = await agent.request({
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { ...body, version: after?.version },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await lastEntry(id)).toEqual(entry);
    // an older version: 409, nothing written
    const stale = await agent.request({
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { position: 'x', stage: stage(2), version: before?.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(await rowOf(id)).toEqual(after);
    expect(
      (await agent.request({ method: 'PUT', url: '/api/clients/999999', payload: body }))
        .statusCode,
    ).toBe(404);
  });
});

describe("a client's PUT as one prepared statement (ADR 051)", () => {
  it('sends the same named statement whatever the body sets', async () => {
    const made = await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Iga', price: 50, stage: stage(0) },
    });
    const id = made.json<{ id: number }>().id;
    const sent: { name?: string; text: string }[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0];
      if (config && typeof config === 'object' && 'text' in config) {
        sent.push(config as { name?: string; text: string });
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      for (const payload of [{ stage: stage(1) }, { price: null, position: 'Head' }, {}]) {
        const res = await agent.request({ method: 'PUT', url: `/api/clients/${id}`, payload });
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      pg.Client.prototype.query = query;
    }
    const writes = sent.filter((s) => s.text.includes('update clients c'));
    // the empty body answers the client as it is, without writing (ADR 010)
    expect(writes).toHaveLength(2);
    expect(new Set(writes.map((s) => `${s.name} ${s.text}`)).size).toBe(1);
    expect(writes[0]?.name).toBe('client_update');
    expect(await rowOf(id)).toMatchObject({ price: null, position: 'Head', stageId: stage(1) });
  });
});
