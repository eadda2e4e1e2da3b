import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@school/contract/clients';
import {
  importClients,
  lastStatementOf,
  setupApp,
  stagesOf,
  type Agent,
  type TestApp,
} from '../../../test/helper.js';

// ADR 016, migration 0019: the clients added and the stage moves per day, kept by triggers, are
// what a count of the rows says, and the dashboard answers as its count over the rows did

let t: TestApp;
let agent: Agent;
let stage: (i: number) => number;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
  stage = await stagesOf(agent);
});
const db = () => t.database.db;

type Day = { day: string; added: number; stage_moves: number };

/** The kept days (without the rows that came back to nothing) and a count of the rows. */
async function keptAndCounted() {
  const kept = (
    await db().execute<Day>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, added, stage_moves from client_day_totals
      where added <> 0 or stage_moves <> 0 order by day`)
  ).rows;
  const counted = (
    await db().execute<Day>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(added)::int as added,
             sum(stage_moves)::int as stage_moves
      from (select created_at::date as day, 1 as added, 0 as stage_moves from clients
            union all select at::date, 0, 1 from client_stage_moves) d
      group by day order by day`)
  ).rows;
  return { kept, counted };
}

/** What the dashboard answered when it counted the rows (before migration 0019). */
async function dashboardByCount() {
  const since = sql`current_date - 29`;
  const [figures] = (
    await db().execute<{ newClients30d: number; stageMoves30d: number }>(sql`
      select (select count(*)::int from clients where created_at >= ${since}) as "newClients30d",
             (select count(*)::int from client_stage_moves where at >= ${since}) as "stageMoves30d"`)
  ).rows;
  const byDay = await db().execute<{ date: string; count: number }>(sql`
    select to_char(d, 'YYYY-MM-DD') as date, count(c.id)::int as count
    from generate_series(${since}, current_date, interval '1 day') d
    left join clients c on c.created_at >= d and c.created_at < d + interval '1 day'
    group by d order by d`);
  return { ...figures, newClientsByDay: byDay.rows };
}

/** The kept days equal a count, and the dashboard's figures a count's. */
async function expectExactDays() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  const res = await agent.request({ method: 'GET', url: '/api/dashboard' });
  expect(res.statusCode).toBe(200);
  const dashboard = res.json<Dashboard>();
  expect({
    newClients30d: dashboard.newClients30d,
    stageMoves30d: dashboard.stageMoves30d,
    newClientsByDay: dashboard.newClientsByDay,
  }).toEqual(await dashboardByCount());
  // its stages are the unfiltered pipeline headers
  const bystage = (await agent.request({ method: 'GET', url: '/api/clients/bystage' })).json();
  expect(dashboard.byStage).toEqual(bystage);
  return kept;
}

const create = async (firstName: string, stageIndex: number) => {
  const res = await agent.request({
    method: 'POST',
    url: '/api/clients',
    payload: { firstName, stage: stage(stageIndex), price: 120.5, probability: 40 },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
};

describe('the clients and stage moves kept per day', () => {
  it('stay exact through create, stage move, delete, import and a write rolled back', async () => {
    const first = await create('Daily', 0);
    const second = await create('Daily', 1);
    expect((await expectExactDays()).at(-1)).toMatchObject({ added: 2, stage_moves: 0 });

    expect(
      (
        await agent.request({
          method: 'PUT',
          url: `/api/clients/${first}`,
          payload: { stage: stage(2) },
        })
      ).statusCode,
    ).toBe(200);
    expect((await expectExactDays()).at(-1)).toMatchObject({ added: 2, stage_moves: 1 });

    // a delete takes the client's stage moves with it
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/clients/${first}` })).statusCode,
    ).toBe(204);
    expect((await expectExactDays()).at(-1)).toMatchObject({ added: 1, stage_moves: 0 });

    const imported = await importClients(agent, [
      'firstName,lastName,email,stage',
      'Imported,One,day1@example.com,New lead',
      'Imported,Two,day2@example.com,Won',
      'Imported,Three,day3@example.com,',
    ]);
    expect(imported.statusCode).toBe(200);
    expect((await expectExactDays()).at(-1)).toMatchObject({ added: 4 });

    // a transaction rolled back leaves the totals as they were
    const before = await keptAndCounted();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`
          insert into clients (first_name, hash_code) values ('Rolled back', 'day-rolled-back')`);
        await tx.execute(sql`
          insert into client_stage_moves (client_id, to_stage_id) values (${second}, ${stage(3)})`);
        await tx.execute(sql`delete from clients where id = ${second}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await keptAndCounted()).toEqual(before);
    await expectExactDays();
  });

  it('date each row in its day, before and after the 30 days, many rows a statement', async () => {
    // an import-like insert over 45 days back and 2 ahead, some rows a minute from midnight
    await db().execute(sql`
      insert into clients (first_name, stage_id, hash_code, created_at)
      select 'Spread', ${stage(1)}, 'day-spread-' || i,
             (current_date - (i % 47) + 2)::timestamptz
               + case when i % 3 = 0 then interval '1 day' - interval '1 minute'
                      when i % 3 = 1 then interval '0' else interval '13 hours' end
      from generate_series(1, 1500) i`);
    const kept = await expectExactDays();
    expect(kept.length).toBeGreaterThanOrEqual(47);
    await db().execute(sql`
      insert into client_stage_moves (client_id, to_stage_id, at)
      select id, ${stage(2)}, created_at + interval '30 minutes'
      from clients where first_name = 'Spread' and id % 4 = 0`);
    await expectExactDays();
    // a created_at changed by hand moves the client to its new day
    await db().execute(sql`
      update clients set created_at = created_at - interval '3 days'
      where first_name = 'Spread' and id % 5 = 0`);
    await db().execute(sql`
      update client_stage_moves set at = at + interval '1 day' where id % 2 = 0`);
    await expectExactDays();
    // rows deleted many a statement, their moves with them
    await db().execute(sql`delete from clients where first_name = 'Spread' and id % 7 = 0`);
    await expectExactDays();
  });

  it('are rebuilt by the migration from rows already there', async () => {
    const fill = await lastStatementOf('0019_client_day_totals.sql');
    expect(fill).toMatch(/insert into "client_day_totals"/i);
    const { kept } = await keptAndCounted();
    expect(kept.length).toBeGreaterThan(0);
    await db().execute(sql`delete from client_day_totals`);
    await db().execute(sql.raw(fill));
    expect((await keptAndCounted()).kept).toEqual(kept);
    await expectExactDays();
  });

  it('a stage move waits for a writer holding its day, not a deadlock', async () => {
    const moved = await create('Waiting', 1);
    // a long writer, as an import is: today's row, then one stage's totals, then another's
    const writer = await t.database.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(
        `insert into clients (first_name, stage_id, hash_code) values ('Long', $1, 'day-long-1')`,
        [stage(0)],
      );
      // the move from stage 1 to stage 3 waits for today's row and holds no stage's totals
      const move = agent.request({
        method: 'PUT',
        url: `/api/clients/${moved}`,
        payload: { stage: stage(3) },
      });
      await vi.waitFor(
        async () => {
          const waiting = await writer.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(waiting.rows[0]?.n).toBeGreaterThan(0);
        },
        { timeout: 5_000, interval: 20 },
      );
      await writer.query(
        `insert into clients (first_name, stage_id, hash_code) values ('Long', $1, 'day-long-2')`,
        [stage(1)],
      );
      await writer.query('commit');
      expect((await move).statusCode).toBe(200);
    } finally {
      writer.release();
    }
    expect((await expectExactDays()).length).toBeGreaterThan(0);
  });

  it('come back to nothing when the rows are truncated', async () => {
    await db().execute(sql`truncate client_stage_moves`);
    expect((await expectExactDays()).every((d) => d.stage_moves === 0)).toBe(true);
    await db().execute(sql`truncate clients cascade`);
    expect(await expectExactDays()).toEqual([]);
    const dashboard = (
      await agent.request({ method: 'GET', url: '/api/dashboard' })
    ).json<Dashboard>();
    expect(dashboard.newClientsByDay).toHaveLength(30);
    expect(dashboard.totalClients).toBe(0);
    // and count again from there
    await create('After truncate', 0);
    expect((await expectExactDays()).at(-1)).toMatchObject({ added: 1, stage_moves: 0 });
  });
});
