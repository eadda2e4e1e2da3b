import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  time,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

/**
 * A teacher's pay rate from a date (docs/money.md, Teachers' pay; ADR 042): history, never
 * edited; a new rate is a new row. `value` is whole grosze (hour, lesson) or basis points
 * (percent: 1250 is 12.50 %).
 */
export const payRates = pgTable(
  'pay_rates',
  {
    id: id(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    from: date('from').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pay_rates_teacher_from_unique').on(t.teacherId, t.from),
    check('pay_rates_kind', sql`${t.kind} in ('hour', 'lesson', 'percent')`),
    check(
      'pay_rates_value',
      sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`,
    ),
  ],
);

/**
 * A teacher's pay run of a month (docs/money.md, Pay runs): made when the month is approved
 * (a draft has no row); one per teacher and month, so two approvals at once make one.
 */
export const payRuns = pgTable(
  'pay_runs',
  {
    id: id(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    /** YYYY-MM */
    month: text('month').notNull(),
    /** approved or paid */
    state: text('state').notNull().default('approved'),
    lessons: integer('lessons').notNull(),
    /** hours with two decimals */
    hours: numeric('hours', { precision: 10, scale: 2 }).notNull(),
    /** grosze */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer('approved_by').references(() => users.id),
    paidOn: date('paid_on'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pay_runs_teacher_month_unique').on(t.teacherId, t.month),
    check('pay_runs_state', sql`${t.state} in ('approved', 'paid')`),
    check('pay_runs_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * The frozen lines of an approved run: its lessons as they were paid, and the corrections of
 * earlier approved months it carries. `lesson_id` is a plain id: a deleted lesson's line stays.
 */
export const payLines = pgTable(
  'pay_lines',
  {
    id: id(),
    runId: integer('run_id')
      .notNull()
      .references(() => payRuns.id),
    lessonId: integer('lesson_id').notNull(),
    date: date('date').notNull(),
    start: time('start').notNull(),
    end: time('end').notNull(),
    name: text('name').notNull().default(''),
    /** hours with two decimals */
    hours: numeric('hours', { precision: 10, scale: 2 }).notNull(),
    kind: text('kind'),
    rateId: integer('rate_id').references(() => payRates.id),
    /** the rate's value as stored (grosze or basis points) */
    rate: integer('rate'),
    /** grosze */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    correction: boolean('correction').notNull().default(false),
    /** the month the corrected lesson was paid in */
    correctsMonth: text('corrects_month'),
  },
  (t) => [
    index('pay_lines_run_idx').on(t.runId),
    index('pay_lines_lesson_idx').on(t.lessonId),
    index('pay_lines_rate_idx').on(t.rateId),
  ],
);
