import { integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** The columns most tables share: a serial id and the moment the row was made. */
export const id = () => serial('id').primaryKey();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * The record version of a row staff edit through a form (ADR 038): 1 when made, one more on
 * every update that changes the row (a trigger, migration 0022). A save names the version it
 * was made on, and one made on an older version is refused (409 conflict).
 */
export const version = () => integer('version').notNull().default(1);
