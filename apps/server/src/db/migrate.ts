import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrateQueue } from '../plugins/queue.js';
import type { Database } from './client.js';

/** The same folder from src/db (tests, tsx) and from dist/db (built server). */
export const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Held while migrations (or a restore, ADR 028) change the schema. */
export const MIGRATION_LOCK = 7_411_001;

/**
 * Applies committed migrations, then the job queue's (graphile_worker schema); an advisory
 * lock keeps several instances from racing.
 */
export async function runMigrations({ pool, db }: Database): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(db, { migrationsFolder });
      // the job queue's own schema and migrations (ADR 031)
      await migrateQueue(pool);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
