import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { payments } from './money.js';
import { students } from './students.js';
import { users } from './users.js';

/**
 * An incoming transfer of an imported bank statement (docs/money.md, Bank statements; ADR 045):
 * matched by a student's payment reference and paid (its payment), waiting for review, assigned
 * by hand or dismissed. Outgoing transfers are never stored. `dedup_key` is the bank's
 * transaction id, else a hash of the booking date, amount, title and counterparty account with
 * the row's occurrence among equal rows of its file: its unique index makes a statement imported
 * twice, or two overlapping ones, add each transfer once, whatever imports run at once.
 */
export const bankRows = pgTable(
  'bank_rows',
  {
    id: id(),
    dedupKey: text('dedup_key').notNull(),
    /** the bank whose export it came from (contract BANKS); null: read by a mapping */
    bank: text('bank'),
    /** the bank's booking date: the payment's date */
    bookedOn: date('booked_on').notNull(),
    /** whole grosze, above 0 */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    title: text('title').notNull().default(''),
    counterparty: text('counterparty').notNull().default(''),
    account: text('account').notNull().default(''),
    transactionId: text('transaction_id').notNull().default(''),
    /** matched, unmatched, assigned or dismissed */
    status: text('status').notNull(),
    /** the student it was paid to: by its reference (matched) or by hand (assigned) */
    studentId: integer('student_id').references(() => students.id),
    paymentId: integer('payment_id').references(() => payments.id),
    /** a student whose name and what they owe fit it; a suggestion only */
    suggestedStudentId: integer('suggested_student_id').references(() => students.id, {
      onDelete: 'set null',
    }),
    fileName: text('file_name').notNull().default(''),
    /** its line in the file */
    line: integer('line').notNull().default(0),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_rows_dedup_key_unique').on(t.dedupKey),
    // the review list: newest booking first, by status
    index('bank_rows_status_idx').on(t.status, t.bookedOn.desc(), t.id.desc()),
    check('bank_rows_amount', sql`${t.amount} > 0`),
    check(
      'bank_rows_status',
      sql`${t.status} in ('matched', 'unmatched', 'assigned', 'dismissed')`,
    ),
    check(
      'bank_rows_paid_student',
      sql`${t.status} not in ('matched', 'assigned') or ${t.studentId} is not null`,
    ),
  ],
);

/**
 * A mapping of a bank's columns, remembered for its header row (ADR 045): the file's columns
 * named for date, amount, title, counterparty, account and transaction id, keyed by a
 * fingerprint of the header row; the next file with that header is read by it.
 */
export const bankMappings = pgTable('bank_mappings', {
  key: text('key').primaryKey(),
  /** the header row as the file wrote it */
  columns: text('columns').array().notNull(),
  mapping: jsonb('mapping').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
