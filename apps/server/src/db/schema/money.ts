import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { events } from './schedule.js';
import { students } from './students.js';

/** Whole grosze (docs/money.md, Amounts): a bigint column read as a JS number. */
const grosze = (name: string) => bigint(name, { mode: 'number' });

/**
 * A payment (docs/money.md, Payments). It stays when voided: `voided` and the reason are set,
 * and the ledger gets a void entry; nothing else of it changes.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    amount: grosze('amount').notNull(),
    date: date('date').notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** participations it covers first, in this order (docs/money.md, What covers what) */
    events: integer('events')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    voided: boolean('voided').notNull().default(false),
    voidReason: text('void_reason').notNull().default(''),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_student_idx').on(t.studentId, t.date),
    index('payments_date_idx').on(t.date),
    // the payments that name a participation (isPaid of one still ahead, docs/money.md)
    index('payments_events_idx').using('gin', t.events),
    check('payments_amount_range', sql`${t.amount} between 1 and 100000000`),
    check('payments_method', sql`${t.method} in ('cash', 'transfer', 'card', 'other')`),
  ],
);

/** An adjustment (docs/money.md, Adjustments): + the student owes more, - the school owes them. */
export const adjustments = pgTable(
  'adjustments',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    amount: grosze('amount').notNull(),
    date: date('date').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('adjustments_student_idx').on(t.studentId, t.date),
    check('adjustments_amount_range', sql`${t.amount} <> 0 and abs(${t.amount}) <= 100000000`),
  ],
);

/**
 * The ledger (docs/money.md, ADR 039): one append-only row per charge, payment, adjustment and
 * void of a student; a trigger refuses UPDATE and DELETE. `event_id` and `lesson_id` are plain
 * ids, no foreign key: a deleted lesson takes its participations with it, never its entries,
 * which keep the lesson's date and course as they were.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** charge, payment, adjustment or void */
    kind: text('kind').notNull(),
    /** the moment it counts: a charge's when the participation ended, else when recorded */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** the day it belongs to: the lesson's date, the payment's or adjustment's date, a void's day */
    date: date('date').notNull(),
    /** + owed, - paid or credited */
    amount: grosze('amount').notNull(),
    /** a correcting charge written after the participation's charge was due */
    correction: boolean('correction').notNull().default(false),
    eventId: integer('event_id'),
    lessonId: integer('lesson_id'),
    paymentId: integer('payment_id').references(() => payments.id),
    adjustmentId: integer('adjustment_id').references(() => adjustments.id),
    /** the lesson's course, the payment's method and reference, a reason: as they were */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_student_idx').on(t.studentId, t.at, t.id),
    index('ledger_entries_date_idx').on(t.date),
    index('ledger_entries_event_idx').on(t.eventId),
    check('ledger_entries_kind', sql`${t.kind} in ('charge', 'payment', 'adjustment', 'void')`),
  ],
);

/**
 * A student's kept figures (docs/money.md, Balance), updated in the same transaction as every
 * change of their money; its row is locked (FOR UPDATE) to serialise one student's writes.
 */
export const accounts = pgTable(
  'accounts',
  {
    /** kept figures only: they go with a student who has no money (ledger entries refuse it) */
    studentId: integer('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** charges due and not covered */
    due: grosze('due').notNull().default(0),
    /** payments and credits not yet used */
    credit: grosze('credit').notNull().default(0),
    /** due - credit: + owed, - credit */
    balance: grosze('balance').notNull().default(0),
    oldestDueDate: date('oldest_due_date'),
    /**
     * What is due by the age of its lesson in days as of `aged_on` (the school's day they were
     * worked out): the balances' ages, read as kept while that day is today (ADR 048)
     */
    agedOn: date('aged_on'),
    d0_30: grosze('d0_30').notNull().default(0),
    d31_60: grosze('d31_60').notNull().default(0),
    d61_90: grosze('d61_90').notNull().default(0),
    d90plus: grosze('d90plus').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // the balances' first page, largest due first, by the index alone (ADR 041): the order the
  // list asks for (`due desc nulls last, student_id`), so no sort of every account (ADR 048)
  (t) => [index('accounts_due_student_idx').on(t.due.desc().nullsLast(), t.studentId)],
);

/**
 * What covers what (docs/money.md): per participation, the part of its charge each payment or
 * credit covers, and what is still open with its day; recomputed per student under the
 * account's lock on each write.
 */
export const coverage = pgTable(
  'coverage',
  {
    studentId: integer('student_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** the covering payment; null: an adjustment's credit */
    paymentId: integer('payment_id'),
    adjustmentId: integer('adjustment_id'),
    amount: grosze('amount').notNull(),
  },
  (t) => [
    index('coverage_student_idx').on(t.studentId),
    index('coverage_event_idx').on(t.eventId),
    // what a payment covers, read with it: a payment's answer, the payments' list, a bank
    // statement's payments (docs/quality.md, Bench; migration 0035)
    index('coverage_payment_idx').on(t.paymentId),
  ],
);

/**
 * The open (uncovered) part of each due charge, by its day: the balances' ages, and what a new
 * payment covers, oldest first, without recomputing the rest (ADR 048).
 */
export const openCharges = pgTable(
  'open_charges',
  {
    studentId: integer('student_id').notNull(),
    /** a participation's id; null for a positive adjustment */
    eventId: integer('event_id'),
    adjustmentId: integer('adjustment_id'),
    date: date('date').notNull(),
    amount: grosze('amount').notNull(),
    /** its place in what covers what, oldest first: its (latest) charge entry's instant and id */
    at: timestamp('at', { withTimezone: true }),
    entryId: integer('entry_id'),
  },
  (t) => [index('open_charges_student_idx').on(t.studentId, t.date)],
);

/**
 * When each participation falls due and whether its charge is in the ledger (ADR 041): the end
 * on the school's wall clock (its date and end, else its lesson's), kept by triggers on events
 * and lessons, and `charged`, set by the catch-up that writes its charge and cleared when a
 * change moves it ahead again. The participations not charged are found by a partial index, so
 * "has anything fallen due since?" is one small index scan.
 */
export const participationDues = pgTable(
  'participation_dues',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
    /** the school's wall clock: coalesce(e.date, l.date) + coalesce(e.end, l.end) */
    endsAt: timestamp('ends_at').notNull(),
    /** its charge is in the ledger as it stands (docs/money.md, Falling due) */
    charged: boolean('charged').notNull().default(false),
  },
  (t) => [
    index('participation_dues_pending_idx')
      .on(t.endsAt)
      .where(sql`not ${t.charged}`),
    index('participation_dues_student_pending_idx')
      .on(t.studentId, t.endsAt)
      .where(sql`not ${t.charged}`),
  ],
);
