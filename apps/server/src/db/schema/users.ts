import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns.js';
import { languages, products } from './lookups.js';

/** The staff roles (docs/roles.md); the contract's ROLES are the same list. */
export const USER_ROLES = ['admin', 'manager', 'teacher'] as const;

/** Staff who log in (docs/data-model.md, User: with a login and a password hash). */
export const users = pgTable(
  'users',
  {
    id: id(),
    version: version(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    tel: text('tel').notNull().default(''),
    dateBirth: date('date_birth'),
    position: text('position').notNull().default(''),
    projectId: integer('project_id').references((): AnyPgColumn => projects.id),
    languageId: integer('language_id').references(() => languages.id),
    /** what the user may do (docs/roles.md); an admin is exactly a user of role admin */
    role: text('role', { enum: USER_ROLES }).notNull().default('manager'),
    disabled: boolean('disabled').notNull().default(false),
    /** the secret of the teacher's calendar feed address (ADR 018); null: no feed */
    icalToken: text('ical_token').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`),
    check('users_role_check', sql`${t.role} in ('admin', 'manager', 'teacher')`),
    index('users_project_idx').on(t.projectId),
    index('users_language_idx').on(t.languageId),
  ],
);

/** Project (docs/data-model.md): name, description, responsible; price and product from its labels. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    version: version(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    responsibleId: integer('responsible_id').references((): AnyPgColumn => users.id),
    price: numeric('price', { precision: 12, scale: 2 }),
    productId: integer('product_id').references(() => products.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_responsible_idx').on(t.responsibleId),
    index('projects_product_idx').on(t.productId),
  ],
);

/** Group (docs/data-model.md): a class of students taught together; no two share a name (any case). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    version: version(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_name_lower_idx').on(sql`lower(btrim(${t.name}))`)],
);
