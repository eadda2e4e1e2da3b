import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The text the history's search looks in: who, what and the changes. The same expression in
 * the index and in the query, so the trigram index serves `ilike '%…%'`.
 */
export const HISTORY_SEARCH_TEXT = sql.raw(
  `("user_name" || ' ' || "action" || ' ' || "entity" || ' ' || "changes"::text)`,
);

/**
 * Record history (docs/history.md, ADR 027): one row per change made through the API, written
 * in the same transaction as the change. No foreign key to users: an entry outlives its
 * author, whose name is kept beside the id.
 */
export const history = pgTable(
  'history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name').notNull().default(''),
    action: text('action').notNull(),
    /** as in the record's API path: clients, students, lessons, … */
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    changes: jsonb('changes').notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [
    // GET /api/audit: newest first, filtered or not; the id orders the entries of one
    // transaction (one time), so the page is read off the index without a sort
    index('history_at_id_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // GET /api/{entity}/{id}/history
    index('history_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('history_user_idx').on(t.userId, t.at.desc()),
    // the search: a case-insensitive "contains" over the entry's text (pg_trgm)
    index('history_search_idx').using('gin', sql`${HISTORY_SEARCH_TEXT} gin_trgm_ops`),
  ],
);
