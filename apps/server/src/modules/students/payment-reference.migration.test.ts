import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { PAYMENT_REFERENCE_PATTERN } from '@school/contract/bank';
import { createDatabase } from '../../db/client.js';
import { runMigrations } from '../../db/migrate.js';
import { createTestDatabase } from '../../../test/databases.js';
import { firstMigrations } from '../../../test/migrations.js';

// Migration 0027 (ADR 040): every student an older release made gets a payment reference of
// their own, their record's version untouched; the school's details row is made, empty.

const BEFORE = (tag: string) => tag < '0027';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('gives every existing student a distinct reference and keeps their versions', async () => {
  const database = await createTestDatabase(inject('adminDatabaseUrl'), 'template0');
  cleanups.push(database.drop);
  const all = await firstMigrations(Number.MAX_SAFE_INTEGER);
  cleanups.push(all.remove);
  const older = await firstMigrations(all.tags.filter(BEFORE).length);
  cleanups.push(older.remove);
  const pool = new pg.Pool({ connectionString: database.url });
  cleanups.push(() => pool.end());
  await migrate(drizzle(pool), { migrationsFolder: older.dir });

  await pool.query(
    `insert into students (name, hash_code)
     select 'Student ' || n, 'hash-' || n from generate_series(1, 300) n`,
  );
  await pool.query(`update students set surname = 'Edited' where name = 'Student 7'`);

  const migrated = createDatabase(database.url);
  cleanups.push(() => migrated.pool.end());
  await runMigrations(migrated);

  const { rows } = await pool.query<{ name: string; reference: string; version: number }>(
    `select name, payment_reference as reference, version from students order by id`,
  );
  expect(rows).toHaveLength(300);
  for (const row of rows) expect(row.reference).toMatch(PAYMENT_REFERENCE_PATTERN);
  expect(new Set(rows.map((r) => r.reference)).size).toBe(300);
  // a backfill is no change anyone made: versions as they were
  expect(rows.filter((r) => r.version !== 1).map((r) => [r.name, r.version])).toEqual([
    ['Student 7', 2],
  ]);
  // a student made after it gets one from the column's default; the version trigger is back on
  const { rows: made } = await pool.query<{ reference: string }>(
    `insert into students (name, hash_code) values ('New', 'hash-new')
     returning payment_reference as reference`,
  );
  expect(made[0]?.reference).toMatch(PAYMENT_REFERENCE_PATTERN);
  await pool.query(`update students set surname = 'Again' where name = 'Student 8'`);
  const { rows: bumped } = await pool.query<{ version: number }>(
    `select version from students where name = 'Student 8'`,
  );
  expect(bumped[0]?.version).toBe(2);
  const { rows: school } = await pool.query(`select * from school_details`);
  expect(school).toEqual([
    {
      id: 1,
      version: 1,
      name: '',
      address: '',
      tax_id: '',
      iban: '',
      currency: 'PLN',
      vat_exemption: '',
    },
  ]);
});
