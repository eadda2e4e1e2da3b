import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@school/contract/clients';
import { setupApp, type AppFixture } from '../../../test/helper.js';

// docs/clients.md, Dashboard: the last 30 days are the chart's days, in every figure

let fixture: AppFixture;

beforeAll(async () => {
  fixture = await setupApp();
});

const dashboard = async () =>
  (await fixture.agent.request({ method: 'GET', url: '/api/dashboard' })).json<Dashboard>();

describe('the dashboard', () => {
  it("counts the clients added and the stage moves over the chart's 30 days, no more", async () => {
    const { db } = fixture.database;
    const [stage] = (await db.execute<{ id: number }>(sql`select id from stages limit 1`)).rows;
    // one client and one move a minute before the chart's first day, one of each today
    await db.execute(sql`
      with made as (
        insert into clients (first_name, stage_id, hash_code, created_at)
        values ('Before', ${stage!.id}, 'dash-before', (current_date - 29)::timestamptz - interval '1 minute'),
               ('Today', ${stage!.id}, 'dash-today', now())
        returning id, created_at)
      insert into client_stage_moves (client_id, to_stage_id, at)
      select id, ${stage!.id}, created_at from made`);
    const d = await dashboard();
    expect(d.newClientsByDay).toHaveLength(30);
    expect(d.newClientsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(1);
    expect(d.newClients30d).toBe(1);
    expect(d.stageMoves30d).toBe(1);
    expect(d.totalClients).toBe(2);
  });
});
