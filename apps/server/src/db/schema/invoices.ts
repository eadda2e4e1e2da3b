import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { students } from './students.js';
import { users } from './users.js';

/**
 * The last number given in each invoice series and year (docs/money.md, Invoices; ADR 044): the
 * issuing transaction increments its row, which locks it until that transaction ends, so two
 * issues at once get consecutive numbers and a rolled back one gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** FV an invoice, FK a correcting invoice */
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('invoice_counters_series', sql`${t.series} in ('FV', 'FK')`),
  ],
);

/**
 * An invoice (docs/money.md, Invoices), frozen once issued: its lines, the school's details and
 * the buyer as they were are kept in `document`, so its PDF is the same every time. A trigger
 * refuses UPDATE and DELETE; a mistake is corrected by a correcting invoice (series FK).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    series: text('series').notNull(),
    /** the year it was issued in, the school's calendar: its number's */
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** FV/2026/0001 */
    number: text('number').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** the month its lines are of, YYYY-MM */
    month: text('month').notNull(),
    /** grosze: an invoice's lines' sum; a correcting invoice's difference (may be negative) */
    total: bigint('total', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issueDate: date('issue_date').notNull(),
    /** a correcting invoice's invoice */
    correctsId: integer('corrects_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason').notNull().default(''),
    /** what it says, as issued: lines, school, buyer, language (InvoiceDocument) */
    document: jsonb('document').notNull(),
    issuedBy: integer('issued_by').references(() => users.id),
  },
  (t) => [
    unique('invoices_series_year_seq').on(t.series, t.year, t.seq),
    uniqueIndex('invoices_number_unique').on(t.number),
    // one invoice per student and month; the way to change it is a correcting invoice
    uniqueIndex('invoices_one_per_month')
      .on(t.studentId, t.month)
      .where(sql`${t.series} = 'FV'`),
    index('invoices_student_idx').on(t.studentId),
    index('invoices_issue_date_idx').on(t.issueDate, t.id),
    index('invoices_corrects_idx').on(t.correctsId),
    check('invoices_series', sql`${t.series} in ('FV', 'FK')`),
    check('invoices_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('invoices_corrects', sql`(${t.series} = 'FK') = (${t.correctsId} is not null)`),
  ],
);
