import { z } from 'zod';

/**
 * Teachers' pay (docs/money.md, Teachers' pay; ADR 042): rates kept as history, a month's pay
 * worked out lesson by lesson, and a pay run per teacher and month (draft, approved, paid).
 */

export const PAY_RATE_KINDS = ['hour', 'lesson', 'percent'] as const;
export type PayRateKind = (typeof PAY_RATE_KINDS)[number];
export const PAY_RUN_STATES = ['draft', 'approved', 'paid'] as const;
export type PayRunState = (typeof PAY_RUN_STATES)[number];

/** The largest rate of an hour or a lesson, zł. */
export const MAX_PAY_RATE = 100_000;

/** A month as YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const month = z
  .string({ error: 'must be a month YYYY-MM' })
  .regex(MONTH_PATTERN, 'must be a month YYYY-MM');

const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * POST /api/users/{id}/payrates: the value is a decimal string (a number is taken too): zł with
 * at most two decimals for `hour` and `lesson` (0.01 to 100 000), a percent 0 to 100 with at most
 * two decimals for `percent`.
 */
export const payRateInput = z
  .object({
    kind: z.enum(PAY_RATE_KINDS, { error: 'must be hour, lesson or percent' }),
    value: z.preprocess(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
      z
        .string({ error: 'must be a decimal with at most two places' })
        .trim()
        .regex(DECIMAL, 'must be a decimal with at most two places'),
    ),
    from: isoDate,
  })
  .superRefine((rate, ctx) => {
    const value = Number(rate.value);
    if (rate.kind === 'percent' && value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a percent 0 to 100' });
    }
    if (rate.kind !== 'percent' && (value <= 0 || value > MAX_PAY_RATE)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be 0.01 to 100000.00' });
    }
  })
  .meta({ id: 'PayRateWrite' });
export type PayRateInput = z.input<typeof payRateInput>;

export const payRate = z
  .object({
    id: z.number().int(),
    teacher: z.number().int(),
    kind: z.enum(PAY_RATE_KINDS),
    /** two decimals: zł for hour and lesson, percent for percent */
    value: z.string(),
    from: z.string(),
    /** whether an approved pay run used it (it cannot be deleted then) */
    used: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PayRate' });
export type PayRate = z.infer<typeof payRate>;

/** One line of a month's pay: a lesson, or a correction of an earlier approved month's. */
export const payLine = z
  .object({
    lesson: z.number().int(),
    date: z.string(),
    start: z.string(),
    end: z.string(),
    /** the lesson's course, or its group's name */
    name: z.string(),
    /** hours with two decimals */
    hours: z.string(),
    kind: z.enum(PAY_RATE_KINDS).nullable(),
    /** the rate's value (two decimals); null: the teacher had no rate on that date */
    rate: z.string().nullable(),
    /** zł with two decimals */
    amount: z.string(),
    /** a correction of a lesson of an approved earlier month: the difference */
    correction: z.boolean(),
    /** the month the corrected lesson was paid in (corrections only) */
    correctsMonth: z.string().nullable(),
  })
  .meta({ id: 'PayLine' });
export type PayLine = z.infer<typeof payLine>;

export const payRow = z
  .object({
    teacher: z.number().int(),
    name: z.string(),
    month: z.string(),
    lessons: z.number().int(),
    hours: z.string(),
    amount: z.string(),
    state: z.enum(PAY_RUN_STATES),
    approvedAt: z.string().nullable(),
    paidOn: z.string().nullable(),
    lines: z.array(payLine),
  })
  .meta({ id: 'PayRow' });
export type PayRow = z.infer<typeof payRow>;

export const payrollQuery = z.object({ month });
export const payRunParams = z.object({ month, teacher: z.coerce.number().int().positive() });
export const payMonthParams = z.object({ month });
export const payRateParams = z.object({
  id: z.coerce.number().int().positive(),
  rate: z.coerce.number().int().positive(),
});
export const paidInput = z.object({ date: isoDate }).meta({ id: 'PayRunPaid' });

/** The accountant's CSV of a month (GET /api/payroll/{month}.csv): one row per line. */
export const PAYROLL_CSV_COLUMNS = [
  'month',
  'teacher',
  'name',
  'state',
  'date',
  'lesson',
  'hours',
  'kind',
  'rate',
  'amount',
  'correction',
] as const;
