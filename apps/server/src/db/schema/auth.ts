import {
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A login session; only the SHA-256 of the cookie token is stored (docs/api.md, Sessions). */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull().unique(),
    device: text('device').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, counted per login and per address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: text('login').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_login_idx').on(t.login, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);

/** Server-wide secrets shared by every app instance (e.g. the XSRF HMAC key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
});
