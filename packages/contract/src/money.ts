import { z } from 'zod';
import { CURRENCIES } from './bank.js';
import { month } from './pay.js';
import {
  conflictErrorBody,
  formDecimal,
  formInteger,
  listQueryWith,
  recordVersion,
  requiredText,
  text,
  updateOf,
} from './common.js';

/**
 * Attendance status (docs/money.md, Attendance statuses): the values of a participation's
 * `attendence`, fixed ids 0 to 5; `charge` says whether the student is charged for the lesson,
 * `payTeacher` whether the teacher is paid for it.
 */
export const ATTENDANCE_STATUS_IDS = [0, 1, 2, 3, 4, 5] as const;
export const ATTENDANCE_NOT_MARKED = 0;
export const ATTENDANCE_PRESENT = 1;
export const ATTENDANCE_ABSENT = 2;
export const ATTENDANCE_EXCUSED = 3;
export const ATTENDANCE_LATE_CANCEL = 4;
export const ATTENDANCE_CANCELLED_BY_SCHOOL = 5;

export const attendanceStatus = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** the translation key of a seeded name (the web shows `lookups.<key>`); null once renamed */
    key: z.string().nullable(),
    charge: z.boolean(),
    payTeacher: z.boolean(),
    /** the row's version (ADR 038): the /settings edit dialog sends it with its save */
    version: recordVersion.optional(),
  })
  .meta({ id: 'AttendanceStatus' });
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

/** What staff edit of a status: its name and both flags (the /settings edit dialog's fields). */
export const attendanceStatusInput = z.object({
  name: requiredText(100),
  charge: z.boolean({ error: 'must be true or false' }),
  payTeacher: z.boolean({ error: 'must be true or false' }),
});

/** PUT /api/attendancestatuses/{id}: fields left out keep their values (ADR 010). */
export const attendanceStatusUpdate = updateOf(attendanceStatusInput).meta({
  id: 'AttendanceStatusUpdate',
});
export type AttendanceStatusUpdate = z.infer<typeof attendanceStatusUpdate>;

/**
 * The school's currency unless its details say EUR (docs/money.md, Amounts): every amount has
 * at most two decimals.
 */
export const CURRENCY = 'PLN';
export const PAYMENT_METHODS = ['cash', 'transfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The reference of a payment recorded by ticking a participation paid (docs/money.md). */
export const MARKED_PAID = 'marked paid';
export const MAX_AMOUNT = 1_000_000;
export const LEDGER_KINDS = ['charge', 'payment', 'adjustment', 'void'] as const;

const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
const zl = (schema: z.ZodNumber) =>
  formDecimal(
    schema
      .max(MAX_AMOUNT, 'must be at most 1000000.00')
      .min(-MAX_AMOUNT, 'must be at least -1000000.00')
      .multipleOf(0.01, 'must have at most two decimals'),
  );
const studentRef = formInteger(
  z.number({ error: 'is required' }).int('must be an id').positive('must be an id'),
);

/** POST /api/payments (docs/money.md, Payments). */
export const paymentInput = z
  .object({
    student: studentRef,
    amount: zl(z.number({ error: 'must be a number' }).min(0.01, 'must be at least 0.01')),
    date: isoDate,
    method: z.enum(PAYMENT_METHODS, { error: 'must be cash, transfer, card or other' }),
    reference: text(200),
    note: text(2000),
    /** participations of that student this payment covers first, in this order */
    events: z.array(z.number().int().positive()).max(500).default([]),
  })
  .meta({ id: 'PaymentWrite' });
export type PaymentInput = z.input<typeof paymentInput>;

/** A payment as the API answers it; `covers` is what it covers now. */
export const payment = z
  .object({
    id: z.number().int(),
    student: z.number().int(),
    studentName: z.string(),
    amount: z.number(),
    date: z.string(),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string(),
    note: z.string(),
    events: z.array(z.number().int()),
    voided: z.boolean(),
    voidReason: z.string(),
    createdAt: z.string(),
    covers: z.array(z.object({ event: z.number().int(), amount: z.number() })),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof payment>;

/** What selects payments, whatever their order and paging: the list's, its totals' and CSV's. */
const paymentFilters = {
  student: z.coerce.number().int().positive().optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'must be cash, transfer, card or other' }).optional(),
};

export const paymentListQuery = listQueryWith(['date', 'amount', 'id']).extend(paymentFilters);

/** GET /api/payments/totals and /api/payments/export.csv: the list's filters and search. */
export const paymentFilterQuery = z.object({
  search: z.string().trim().max(200).optional(),
  ...paymentFilters,
});
export type PaymentFilterQuery = z.output<typeof paymentFilterQuery>;

/**
 * GET /api/payments/totals: the payments the filters select, all of them (not a page): how many,
 * the sum of those not voided, and how many of them are voided and for how much.
 */
export const paymentTotals = z
  .object({
    count: z.number().int(),
    amount: z.number(),
    voidedCount: z.number().int(),
    voidedAmount: z.number(),
    currency: z.literal(CURRENCY),
  })
  .meta({ id: 'PaymentTotals' });
export type PaymentTotals = z.infer<typeof paymentTotals>;

/** The columns of GET /api/payments/export.csv, in order (amounts plain: 120.00). */
export const PAYMENT_CSV_COLUMNS = [
  'id',
  'date',
  'student',
  'studentName',
  'amount',
  'method',
  'reference',
  'note',
  'voided',
  'voidReason',
  'createdAt',
] as const;

export const voidInput = z.object({ reason: requiredText(500) }).meta({ id: 'PaymentVoid' });

/** POST /api/adjustments: + the student owes more, - a credit. */
export const adjustmentInput = z
  .object({
    student: studentRef,
    amount: zl(z.number({ error: 'must be a number' })).refine((v) => v !== 0, 'must not be 0'),
    date: isoDate,
    reason: requiredText(500),
  })
  .meta({ id: 'AdjustmentWrite' });

export const adjustment = z
  .object({
    id: z.number().int(),
    student: z.number().int(),
    amount: z.number(),
    date: z.string(),
    reason: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Adjustment' });
export type Adjustment = z.infer<typeof adjustment>;

/** GET /api/students/{id}/account (docs/money.md, Balance). */
export const account = z
  .object({
    /** due - credit: + owed, - credit */
    balance: z.number(),
    /** charges due and not covered */
    due: z.number(),
    /** payments and credits not used yet */
    credit: z.number(),
    /** the charges of the participations still ahead, as they stand */
    upcoming: z.number(),
    /** the lesson date of the oldest charge not covered; null when none */
    oldestDueDate: z.string().nullable(),
    /** the school's currency (its details, ADR 040) */
    currency: z.enum(CURRENCIES),
    /** the student's payment reference, which their transfers carry in the title (ADR 040) */
    reference: z.string(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof account>;

export const ledgerQuery = z.object({
  student: z.coerce.number({ error: 'is required' }).int().positive(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
});

export const ledgerEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    date: z.string(),
    kind: z.enum(LEDGER_KINDS),
    amount: z.number(),
    /** the running balance after this entry */
    balance: z.number(),
    correction: z.boolean(),
    event: z.number().int().nullable(),
    lesson: z.number().int().nullable(),
    payment: z.number().int().nullable(),
    adjustment: z.number().int().nullable(),
    note: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/**
 * 409 of PUT /api/events/{id}: a save on an older version (ADR 038: changed, by, at), or
 * isPaid=false while another payment covers the participation (payment).
 */
export const paidConflictBody = conflictErrorBody
  .extend({
    payment: z.object({ id: z.number().int(), date: z.string(), amount: z.number() }).optional(),
  })
  .meta({ id: 'PaidConflictError' });

/**
 * GET /api/balances (docs/money.md, Balances): largest due first unless sorted otherwise; `age`
 * by the days since the oldest uncovered charge, `since` by its date (oldest first ascending).
 */
export const balancesQuery = listQueryWith(['due', 'age', 'since', 'balance', 'name']).extend({
  /** true/1: only students who owe (balance > 0) */
  owing: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** only those whose oldest uncovered charge is at least this many days old */
  olderThan: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(0)
    .max(36_500)
    .optional(),
});

export const balanceRow = z
  .object({
    student: z.number().int(),
    name: z.string(),
    due: z.number(),
    credit: z.number(),
    balance: z.number(),
    oldestDueDate: z.string().nullable(),
    /** what is due by the age of its lesson, in days: 0-30, 31-60, 61-90, over 90 */
    aging: z.object({
      d0_30: z.number(),
      d31_60: z.number(),
      d61_90: z.number(),
      d90plus: z.number(),
    }),
  })
  .meta({ id: 'Balance' });
export type BalanceRow = z.infer<typeof balanceRow>;

/** The columns of GET /api/balances/export.csv, in order (amounts plain: 120.00). */
export const BALANCE_CSV_COLUMNS = [
  'student',
  'name',
  'd0_30',
  'd31_60',
  'd61_90',
  'd90plus',
  'due',
  'credit',
  'balance',
  'oldestDueDate',
] as const;

const MONTH_FIRST = 'must be a date YYYY-MM-DD';
export const moneyReportQuery = z.object({
  dateFrom: z.iso.date({ error: MONTH_FIRST }).optional(),
  dateTo: z.iso.date({ error: MONTH_FIRST }).optional(),
});

/** One month of GET /api/reports/money (docs/money.md, The monthly report). */
export const moneyReportMonth = z
  .object({
    month: z.string(),
    charged: z.number(),
    received: z.number(),
    outstanding: z.number(),
  })
  .meta({ id: 'MoneyReportMonth' });
export type MoneyReportMonth = z.infer<typeof moneyReportMonth>;

/** The languages a statement or an invoice is written in (docs/money.md, Statements). */
export const DOCUMENT_LOCALES = ['en', 'pl', 'uk'] as const;
export type DocumentLocale = (typeof DOCUMENT_LOCALES)[number];

/**
 * GET /api/students/{id}/statement and /api/public/students/{hashCode}/statement: the month, and
 * the language to write it in (else the request's Accept-Language, docs/money.md, Statements).
 */
export const statementQuery = z.object({
  month,
  lang: z.enum(DOCUMENT_LOCALES, { error: 'must be en, pl or uk' }).optional(),
});
export type StatementQuery = z.output<typeof statementQuery>;
