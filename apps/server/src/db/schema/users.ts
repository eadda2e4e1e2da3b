import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Staff who log in (SPEC.md §3 User, plus login and password hash: DESIGN.md §3). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    tel: text('tel').notNull().default(''),
    dateBirth: date('date_birth'),
    position: text('position').notNull().default(''),
    projectId: integer('project_id'),
    language: text('language').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`)],
);
