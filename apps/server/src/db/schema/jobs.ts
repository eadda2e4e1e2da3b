import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** The file as UTF-8 bytes: any text, a NUL character too, is kept as it came. */
const utf8Bytes = customType<{ data: string; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value, 'utf8'),
  fromDriver: (value) => value.toString('utf8'),
});

/**
 * CSV imports (ADR 012, ADR 031): one row per import or preview, shared by every instance.
 * `state` is queued, running, done or failed; at most one row is queued or running (the
 * partial unique index), which is the one-import-at-a-time rule across instances. `csv` holds
 * a queued import's file until the job finishes; `heartbeatAt` is renewed while it runs, so a
 * row left running by an instance that died can be told apart.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey(),
    list: text('list').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    csv: utf8Bytes('csv'),
    skipErrors: boolean('skip_errors').notNull().default(false),
    /** the file's name and who imports (ADR 027), for the import's history entries */
    fileName: text('file_name'),
    actor: jsonb('actor'),
    result: jsonb('result'),
    error: jsonb('error'),
    status: integer('status'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('import_jobs_one_active')
      .on(sql`(true)`)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/**
 * Backups taken by the server (ADR 028, ADR 031): one row per backup, queued by the API or
 * the schedule and run by whichever instance's job queue takes it, so its progress and
 * outcome are read from every instance and outlive a restart. At most one row is queued or
 * running (the partial unique index); `heartbeatAt` is renewed while it runs.
 */
export const backupJobs = pgTable(
  'backup_jobs',
  {
    id: uuid('id').primaryKey(),
    /** request or schedule */
    trigger: text('trigger').notNull(),
    state: text('state').notNull(),
    tablesDone: integer('tables_done').notNull().default(0),
    tablesTotal: integer('tables_total').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** the file written, once done */
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileCreatedAt: timestamp('file_created_at', { withTimezone: true }),
    error: text('error'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('backup_jobs_one_active')
      .on(sql`(true)`)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);
