import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id, version } from './columns.js';

/**
 * A seeded row's translation key (the web shows `lookups.<key>` in the chosen language); null for
 * rows staff named, and cleared when staff rename a seeded row (docs/data-model.md, Lookups).
 */
const translationKey = () => text('key');

/** A lookup table: id, name and translation key (docs/api.md, Lookups). */
const lookup = <N extends string>(name: N) =>
  pgTable(name, {
    id: id(),
    version: version(),
    name: text('name').notNull(),
    key: translationKey(),
  });

/** Pipeline stages, with a colour and their order on the board (docs/data-model.md, Lookups). */
export const stages = pgTable('stages', {
  id: id(),
  version: version(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#94a3b8'),
  order: integer('sort_order').notNull().default(0),
  key: translationKey(),
});

export const languages = lookup('languages');
export const categories = lookup('categories');
export const products = lookup('products');
export const sources = lookup('sources');
export const levels = lookup('levels');
export const timezones = lookup('timezones');
export const conversationTypes = lookup('conversation_types');
export const estimationFunctions = lookup('estimation_functions');
export const answerTypes = lookup('answer_types');
export const clasifications = lookup('clasifications');
export const algorithms = lookup('algorithms');

/** Boolean option (docs/data-model.md): fixed ids 1 yes, 2 no. */
export const booleans = pgTable('booleans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  key: translationKey(),
});

/**
 * Attendance status (docs/money.md, Attendance statuses): the values of a participation's
 * `attendence`, fixed ids 0 to 5 seeded by migration 0024; staff edit the name, whether the
 * status charges the student and whether it pays the teacher.
 */
export const attendanceStatuses = pgTable('attendance_statuses', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  key: translationKey(),
  charge: boolean('charge').notNull(),
  payTeacher: boolean('pay_teacher').notNull(),
  version: version(),
});
