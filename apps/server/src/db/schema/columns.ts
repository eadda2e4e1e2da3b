import { serial, timestamp } from 'drizzle-orm/pg-core';

/** The columns most tables share: a serial id and the moment the row was made. */
export const id = () => serial('id').primaryKey();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
