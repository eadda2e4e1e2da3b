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
    // the session's read and the write
    expect(n).toBeLessThanOrEqual(2);
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
