import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns.js';
import { categories, languages, products, sources, stages } from './lookups.js';
import { projects, users } from './users.js';

/** Client (docs/data-model.md): a person in the sales pipeline. */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    version: version(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    tel: text('tel').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }),
    dLastContact: date('d_last_contact'),
    probability: integer('probability'),
    responsibleId: integer('responsible_id').references(() => users.id),
    projectId: integer('project_id').references(() => projects.id),
    stageId: integer('stage_id').references(() => stages.id),
    languageId: integer('language_id').references(() => languages.id),
    categoryId: integer('category_id').references(() => categories.id),
    productId: integer('product_id').references(() => products.id),
    sourceId: integer('source_id').references(() => sources.id),
    hashCode: text('hash_code').notNull().unique(),
    dateBirth: date('date_birth'),
    position: text('position').notNull().default(''),
    address: text('address').notNull().default(''),
    age: integer('age'),
    facebook: text('facebook').notNull().default(''),
    telegramUsername: text('telegram_username').notNull().default(''),
    timezone: text('timezone').notNull().default(''),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    device: text('device').notNull().default(''),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('clients_stage_name_idx').on(t.stageId, t.lastName, t.id),
    index('clients_name_idx').on(t.lastName, t.firstName),
    index('clients_email_idx').on(sql`lower(${t.email})`),
    index('clients_tel_idx').on(t.tel),
    // the import matches clients by the digits of their phone number
    index('clients_tel_digits_idx').on(sql`regexp_replace(${t.tel}, '\\D', '', 'g')`),
    index('clients_responsible_idx').on(t.responsibleId),
    index('clients_project_idx').on(t.projectId),
    index('clients_product_idx').on(t.productId),
    index('clients_source_idx').on(t.sourceId),
    index('clients_created_idx').on(t.createdAt),
  ],
);

/** Every stage change of a client, for the dashboard's "stage moves" figure. */
export const clientStageMoves = pgTable(
  'client_stage_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fromStageId: integer('from_stage_id').references(() => stages.id, { onDelete: 'set null' }),
    toStageId: integer('to_stage_id').references(() => stages.id, { onDelete: 'set null' }),
    movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_stage_moves_at_idx').on(t.at),
    index('client_stage_moves_client_idx').on(t.clientId),
  ],
);

/**
 * Per stage, how many clients, the sum of their price and of their weighted price, kept exact
 * by triggers on clients in the writing transaction (migrations 0005 and 0011, ADR 016).
 * `stage_key` is the stage id, 0 for clients without a stage. The list's X-Total-Count, the
 * pipeline headers and the dashboard read it instead of counting every client.
 */
export const clientStageTotals = pgTable('client_stage_totals', {
  stageKey: integer('stage_key').primaryKey(),
  clients: integer('clients').notNull().default(0),
  priceSum: numeric('price_sum', { precision: 16, scale: 2 }).notNull().default('0'),
  /** the sum of price x probability / 100: the dashboard's pipeline value (migration 0011) */
  weightedSum: numeric('weighted_sum', { precision: 18, scale: 4 }).notNull().default('0'),
});

/**
 * Per day, how many clients were added and how many stage moves were made, kept exact by
 * statement-level triggers on clients and client_stage_moves in the writing transaction
 * (migration 0019, ADR 016). `day` is the date of `created_at` or `at` in the writing session's
 * time zone, the database's for every connection of the server, the same date the dashboard's
 * "last 30 days" take. The dashboard reads its 30 days here instead of counting the month's rows.
 */
export const clientDayTotals = pgTable('client_day_totals', {
  day: date('day').primaryKey(),
  added: integer('added').notNull().default(0),
  stageMoves: integer('stage_moves').notNull().default(0),
});
