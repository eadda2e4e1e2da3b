import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { AUDIT_UPGRADE } from '@school/contract/audit';
import { createDatabase } from '../../db/client.js';
import { runMigrations } from '../../db/migrate.js';
import { createTestDatabase } from '../../../test/databases.js';
import { firstMigrations } from '../../../test/migrations.js';

// Migration 0023 (docs/clients.md, Stages): the clients an older release made without a stage
// go to the pipeline's first stage, each with an entry in the history; the totals follow.

/** The migrations before 0023, 0000 to 0021 (a migration numbered 0022 may come between). */
const BEFORE = (tag: string) => tag < '0023';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('moves the stage-less clients to the first stage in pipeline order, recorded, totals right', async () => {
  const database = await createTestDatabase(inject('adminDatabaseUrl'), 'template0');
  cleanups.push(database.drop);
  const all = await firstMigrations(Number.MAX_SAFE_INTEGER);
  cleanups.push(all.remove);
  const older = await firstMigrations(all.tags.filter(BEFORE).length);
  cleanups.push(older.remove);
  const pool = new pg.Pool({ connectionString: database.url });
  cleanups.push(() => pool.end());
  await migrate(drizzle(pool), { migrationsFolder: older.dir });

  // a stage ordered before the seeded ones, made last: the first by order, not by id
  const { rows: made } = await pool.query<{ id: number }>(
    `insert into stages (name, sort_order) values ('Intake', -5) returning id`,
  );
  const first = made[0]?.id;
  const { rows: other } = await pool.query<{ id: number }>(
    `select id from stages where id <> $1 order by sort_order desc limit 1`,
    [first],
  );
  const staged = other[0]?.id;
  const { rows: clients } = await pool.query<{ id: number; stage_id: number | null }>(
    `insert into clients (first_name, price, probability, stage_id, hash_code,
       stage_changed_at, created_at)
     values ('Lost', 100, 50, null, 'h-lost', '2026-10-01T09:00Z', '2026-10-01T09:00Z'),
            ('Also lost', 20.5, null, null, 'h-also', now(), now()),
            ('Placed', 70, 10, $1, 'h-placed', now(), now())
     returning id, stage_id`,
    [staged],
  );
  const [lost, alsoLost, placed] = clients.map((c) => c.id);

  const migrated = createDatabase(database.url);
  cleanups.push(() => migrated.pool.end());
  await runMigrations(migrated);

  const { rows: after } = await pool.query<{ id: number; stage_id: number; moved: string }>(
    `select id, stage_id, to_char(stage_changed_at at time zone 'UTC', 'YYYY-MM-DD') as moved
       from clients order by id`,
  );
  expect(after).toEqual([
    { id: lost, stage_id: first, moved: '2026-10-01' },
    { id: alsoLost, stage_id: first, moved: expect.any(String) },
    { id: placed, stage_id: staged, moved: expect.any(String) },
  ]);

  const { rows: entries } = await pool.query(
    `select user_id, user_name, action, entity, entity_id, changes from history order by id`,
  );
  expect(entries).toEqual(
    [lost, alsoLost].map((id) => ({
      user_id: null,
      user_name: AUDIT_UPGRADE,
      action: 'update',
      entity: 'clients',
      entity_id: id,
      changes: { stageId: [null, first] },
    })),
  );

  // ADR 016: the kept totals are what a count of the rows says; no stage move was counted
  const { rows: kept } = await pool.query(
    `select stage_key, clients, price_sum::float8, weighted_sum::float8 from client_stage_totals
      where clients <> 0 order by stage_key`,
  );
  const { rows: counted } = await pool.query(
    `select coalesce(stage_id, 0) as stage_key, count(*)::int as clients,
            sum(coalesce(price, 0))::float8 as price_sum,
            round(sum(coalesce(price * probability / 100, 0)), 4)::float8 as weighted_sum
       from clients group by 1 order by 1`,
  );
  expect(kept).toEqual(counted);
  const { rows: days } = await pool.query<{ added: number; stage_moves: number }>(
    `select sum(added)::int as added, sum(stage_moves)::int as stage_moves from client_day_totals`,
  );
  expect(days).toEqual([{ added: 3, stage_moves: 0 }]);
});
