import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  importClients,
  lastStatementOf,
  setupApp,
  stagesOf,
  type Agent,
  type TestApp,
} from '../../../test/helper.js';

let t: TestApp;
let agent: Agent;
let stage: (i: number) => number;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
  stage = await stagesOf(agent);
});
const totalOf = async (query: string) => {
  const res = await agent.request({ method: 'GET', url: `/api/clients?limit=1${query}` });
  return {
    total: Number(res.headers['x-total-count']),
    capped: res.headers['x-total-count-capped'],
  };
};

/** What a fresh count over every client says, per stage and in all. */
async function freshAggregate() {
  const rows = (
    await t.database.db.execute<{ id: number; count: number; sum: string }>(sql`
      select s.id, count(c.id)::int as count, coalesce(sum(c.price), 0) as sum
      from stages s left join clients c on c.stage_id = s.id
      group by s.id order by s.sort_order, s.id`)
  ).rows.map((r) => ({ id: r.id, count: r.count, sum: Number(r.sum) }));
  const [all] = (
    await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from clients`)
  ).rows;
  return { rows, all: all?.n ?? 0 };
}

/** The list totals (per stage and unfiltered) and the pipeline headers equal a fresh count. */
async function expectExactTotals() {
  const fresh = await freshAggregate();
  const bystage = (await agent.request({ method: 'GET', url: '/api/clients/bystage' })).json<
    { id: number; count: number; sum: number }[]
  >();
  expect(bystage.map(({ id, count, sum }) => ({ id, count, sum }))).toEqual(fresh.rows);
  for (const row of fresh.rows) {
    expect((await totalOf(`&stage=${row.id}`)).total).toBe(row.count);
  }
  expect(await totalOf('')).toEqual({ total: fresh.all, capped: undefined });
  // the table the triggers keep, stage by stage, without rows for nobody
  type Kept = { stage_key: number; clients: number; price_sum: string; weighted_sum: string };
  const kept = (
    await t.database.db.execute<Kept>(
      sql`select stage_key, clients, price_sum, weighted_sum from client_stage_totals
          where clients <> 0`,
    )
  ).rows;
  const counted = (
    await t.database.db.execute<Kept>(sql`
      select coalesce(stage_id, 0) as stage_key, count(*)::int as clients,
             coalesce(sum(price), 0) as price_sum,
             coalesce(sum(price * probability / 100.0), 0) as weighted_sum
      from clients group by 1`)
  ).rows;
  const byKey = (rows: typeof kept) =>
    rows
      .map((r) => [r.stage_key, r.clients, Number(r.price_sum), Number(r.weighted_sum)])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
  expect(byKey(kept)).toEqual(byKey(counted));
  // the dashboard reads them: its figures are a fresh count's
  const [all] = (
    await t.database.db.execute<{ clients: number; value: string }>(sql`
      select count(*)::int as clients, coalesce(sum(price * probability / 100.0), 0) as value
      from clients`)
  ).rows;
  const dashboard = (await agent.request({ method: 'GET', url: '/api/dashboard' })).json<{
    totalClients: number;
    pipelineValue: number;
  }>();
  expect(dashboard.totalClients).toBe(all?.clients);
  expect(dashboard.pipelineValue).toBe(Math.round(Number(all?.value) * 100) / 100);
}

describe('client totals kept by the database', () => {
  it('stay exact through create, stage move, price change, delete and import', async () => {
    const created = [];
    for (const [i, price, probability] of [
      [0, 100, 50],
      [0, 250.5, 33],
      [1, 300, null],
      [2, null, 80],
    ] as const) {
      const res = await agent.request({
        method: 'POST',
        url: '/api/clients',
        payload: { firstName: `Totals${i}`, stage: stage(i), price, probability },
      });
      expect(res.statusCode).toBe(201);
      created.push(res.json<{ id: number }>().id);
    }
    // made without a stage: in the first one (docs/clients.md, Stages)
    await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'No stage' },
    });
    await expectExactTotals();
    expect((await totalOf(`&stage=${stage(0)}`)).total).toBe(3);

    const [first, second, third] = created;
    await agent.request({
      method: 'PUT',
      url: `/api/clients/${first}`,
      payload: { stage: stage(3) },
    });
    await expectExactTotals();
    expect((await totalOf(`&stage=${stage(0)}`)).total).toBe(2);
    expect((await totalOf(`&stage=${stage(3)}`)).total).toBe(1);

    await agent.request({ method: 'PUT', url: `/api/clients/${second}`, payload: { price: 999 } });
    await agent.request({ method: 'PUT', url: `/api/clients/${third}`, payload: { price: null } });
    await expectExactTotals();
    // the pipeline value follows a probability too
    await agent.request({
      method: 'PUT',
      url: `/api/clients/${second}`,
      payload: { probability: 71 },
    });
    await agent.request({ method: 'PUT', url: `/api/clients/${third}`, payload: { price: 12.34 } });
    await expectExactTotals();

    expect(
      (await agent.request({ method: 'DELETE', url: `/api/clients/${first}` })).statusCode,
    ).toBe(204);
    await expectExactTotals();

    const imported = await importClients(agent, [
      'firstName,lastName,email,stage',
      'Imported,One,imported1@example.com,New lead',
      'Imported,Two,imported2@example.com,Won',
      'Imported,Three,imported3@example.com,',
    ]);
    expect(imported.statusCode).toBe(200);
    await expectExactTotals();
  });

  it('are rebuilt by the migrations from rows already there', async () => {
    // each migration's last statement, on a table emptied of totals
    const counts = await lastStatementOf('0005_client_stage_totals.sql');
    const weighted = await lastStatementOf('0011_client_weighted_totals.sql');
    expect(counts).toMatch(/insert into "client_stage_totals"/i);
    expect(weighted).toMatch(/update "client_stage_totals"/i);
    await t.database.db.execute(sql`delete from client_stage_totals`);
    await t.database.db.execute(sql.raw(counts));
    await t.database.db.execute(sql.raw(weighted));
    await expectExactTotals();
  });

  it('a search counts at most 10,000 clients and says there are more', async () => {
    await t.database.db.execute(sql`
      insert into clients (first_name, last_name, stage_id, hash_code)
      select 'Capped', 'Searchable' || i, ${stage(1)}, 'cap' || i
      from generate_series(1, 10050) i`);
    expect(await totalOf('&search=searchable')).toEqual({ total: 10000, capped: '1' });
    expect(await totalOf('&search=searchable1005')).toEqual({ total: 2, capped: undefined });
    // past the last row the total is counted on its own, capped the same way
    expect(await totalOf('&search=searchable&offset=20000')).toEqual({
      total: 10000,
      capped: '1',
    });
    // a stage filter stays exact however many
    await expectExactTotals();
  });
});
