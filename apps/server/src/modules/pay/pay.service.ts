import { sql } from 'drizzle-orm';
import { errorCodes } from '@school/contract/common';
import type { PayLine, PayRate, PayRateInput, PayRow } from '@school/contract/pay';
import type { Db } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import { HttpError, invalidField, notFound } from '../../plugins/errors.js';
import { todayIn } from '../schedule/schedule.shared.js';
import { hundredths } from '../money/money.shared.js';
import {
  decimal2,
  firstOpenMonthAfter,
  lessonPay,
  linesOf,
  monthOf,
  rateOn,
  type Line,
  type Rate,
} from './pay.compute.js';
import {
  approvedMonths,
  endedLessons,
  frozenByLesson,
  linesOfRun,
  namesOf,
  ratesOf,
  runsOfMonth,
  teachersOfMonth,
  type Executor,
  type FrozenLine,
} from './pay.queries.js';

/** The school's database and time zone (BOT_TIMEZONE) a month's pay is reckoned in. */
export interface Pay {
  db: Db;
  zone: string;
}

const conflict = (message: string) => new HttpError(409, errorCodes.conflict, message);

/** 400 unless `month` has begun in the school's zone; `ended`: unless it has ended. */
export function requirePastMonth(zone: string, month: string, ended = false) {
  const current = monthOf(todayIn(zone));
  if (month > current) throw invalidField('month', 'must not be a month in the future');
  if (ended && month === current) {
    throw invalidField('month', 'has not ended yet: a month is approved once it is over');
  }
}

async function requireUser(db: Executor, id: number) {
  const res = await db.execute(sql`select 1 from users where id = ${id}`);
  if (res.rows.length === 0) throw notFound('No such user');
}

/** A rate's value as the API shows it: two decimals of zł or of a percent. */
const rateValue = (value: number) => decimal2(value);

/** A line computed now. */
const lineOut = (l: Line): PayLine => ({
  lesson: l.lesson,
  date: l.date,
  start: l.start,
  end: l.end,
  name: l.name,
  hours: decimal2(l.hours),
  kind: l.rate?.kind ?? null,
  rate: l.rate ? rateValue(l.rate.value) : null,
  amount: decimal2(l.amount),
  correction: l.correction,
  correctsMonth: l.correctsMonth,
});

/** A frozen line. */
const frozenOut = (l: FrozenLine): PayLine => ({
  lesson: l.lesson,
  date: l.date,
  start: l.start,
  end: l.end,
  name: l.name,
  hours: l.hours,
  kind: l.kind,
  rate: l.rate === null ? null : rateValue(l.rate),
  amount: decimal2(l.amount),
  correction: l.correction,
  correctsMonth: l.correctsMonth,
});

/**
 * The corrections a teacher's draft `month` carries (docs/money.md, Pay runs): for each lesson of
 * an approved month (paid then, or dated in it now), what it pays now less what the approved runs
 * paid for it, when not 0; each goes to the first month after the latest approved month it
 * belongs to that is not approved itself.
 */
async function correctionsFor(
  db: Executor,
  zone: string,
  teacher: number,
  month: string,
  rates: Rate[],
  approved: Set<string>,
): Promise<Line[]> {
  if (approved.size === 0) return [];
  const frozen = await frozenByLesson(db, teacher);
  const lessons = await endedLessons(db, zone, teacher, {
    ids: frozen.map((f) => f.lesson),
    months: [...approved],
  });
  const now = new Map(lessons.map((l) => [l.lesson, l]));
  const paidFor = new Map(frozen.map((f) => [f.lesson, f]));
  const out: Line[] = [];
  for (const id of new Set([...paidFor.keys(), ...now.keys()])) {
    const was = paidFor.get(id);
    const lesson = now.get(id);
    const lessonMonth = lesson ? monthOf(lesson.date) : null;
    // a lesson now in a month not approved is paid by that month's own lines
    const inApproved = lessonMonth !== null && approved.has(lessonMonth);
    const rate = lesson ? rateOn(rates, lesson.date) : null;
    const current = lesson && inApproved ? (lessonPay(lesson, rate) ?? 0) : 0;
    const difference = current - (was?.amount ?? 0);
    if (difference === 0) continue;
    const months = [was?.month, inApproved ? lessonMonth : undefined].filter(
      (m): m is string => typeof m === 'string',
    );
    const latest = months.sort().at(-1);
    if (!latest || firstOpenMonthAfter(latest, approved) !== month) continue;
    out.push({
      lesson: id,
      date: lesson?.date ?? was?.date ?? '',
      start: lesson?.start ?? was?.start ?? '00:00',
      end: lesson?.end ?? was?.end ?? '00:00',
      name: lesson?.name ?? was?.name ?? '',
      hours: 0,
      rate: inApproved ? rate : null,
      amount: difference,
      correction: true,
      correctsMonth: latest,
    });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.lesson - b.lesson);
}

/** A teacher's draft of a month: its lessons' lines, then the corrections it carries. */
export async function draftLines(db: Executor, zone: string, teacher: number, month: string) {
  const rates = await ratesOf(db, teacher);
  const approved = await approvedMonths(db, teacher);
  const lines = linesOf(await endedLessons(db, zone, teacher, { month }), rates);
  return [...lines, ...(await correctionsFor(db, zone, teacher, month, rates, approved))];
}

const totals = (lines: { hours: number; amount: number; correction: boolean }[]) => ({
  lessons: lines.filter((l) => !l.correction).length,
  hours: lines.reduce((s, l) => s + l.hours, 0),
  amount: lines.reduce((s, l) => s + l.amount, 0),
});

/** GET /api/payroll?month: each teacher's row of the month; `only`: that teacher's alone. */
export async function payroll({ db, zone }: Pay, month: string, only?: number) {
  requirePastMonth(zone, month);
  const ids = only === undefined ? await teachersOfMonth(db, month) : [only];
  const runs = new Map((await runsOfMonth(db, month, only)).map((r) => [r.teacher, r]));
  const names = await namesOf(db, ids);
  const rows: PayRow[] = [];
  for (const teacher of ids) {
    const run = runs.get(teacher);
    const base = { teacher, name: names.get(teacher) ?? String(teacher), month };
    if (run) {
      rows.push({
        ...base,
        lessons: run.lessons,
        hours: run.hours,
        amount: decimal2(run.amount),
        state: run.state,
        approvedAt: new Date(run.approvedAt).toISOString(),
        paidOn: run.paidOn,
        lines: (await linesOfRun(db, run.id)).map(frozenOut),
      });
      continue;
    }
    const lines = await draftLines(db, zone, teacher, month);
    if (lines.length === 0 && only === undefined) continue;
    const sum = totals(lines);
    rows.push({
      ...base,
      lessons: sum.lessons,
      hours: decimal2(sum.hours),
      amount: decimal2(sum.amount),
      state: 'draft',
      approvedAt: null,
      paidOn: null,
      lines: lines.map(lineOut),
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.teacher - b.teacher);
}

/**
 * POST /api/payroll/{month}/{teacher}/approve: the draft as it stands is frozen into a run. The
 * unique (teacher, month) makes a second approval, even at the same moment, a 409.
 */
export async function approve({ db, zone }: Pay, month: string, teacher: number, by: number) {
  requirePastMonth(zone, month, true);
  await requireUser(db, teacher);
  await db.transaction(async (tx) => {
    const lines = await draftLines(tx, zone, teacher, month);
    const sum = totals(lines);
    const made = await tx.execute<{ id: number }>(sql`
      insert into pay_runs (teacher_id, month, lessons, hours, amount, approved_by)
      values (${teacher}, ${month}, ${sum.lessons}, ${decimal2(sum.hours)}, ${sum.amount}, ${by})
      on conflict (teacher_id, month) do nothing
      returning id`);
    const run = made.rows[0]?.id;
    if (run === undefined) throw conflict('This month of this teacher is approved already');
    for (const l of lines) {
      await tx.execute(sql`
        insert into pay_lines (run_id, lesson_id, date, start, "end", name, hours, kind, rate_id,
          rate, amount, correction, corrects_month)
        values (${run}, ${l.lesson}, ${l.date}, ${l.start}, ${l.end}, ${l.name},
          ${decimal2(l.hours)}, ${l.rate?.kind ?? null}, ${l.rate?.id ?? null},
          ${l.rate?.value ?? null}, ${l.amount}, ${l.correction}, ${l.correctsMonth})`);
    }
    await recordChange(tx, {
      action: 'create',
      entity: 'payruns',
      entityId: run,
      after: {
        teacher,
        month,
        state: 'approved',
        lessons: sum.lessons,
        hours: decimal2(sum.hours),
        amount: decimal2(sum.amount),
        corrections: lines.filter((l) => l.correction).length,
      },
    });
  });
  const [row] = await payroll({ db, zone }, month, teacher);
  if (!row) throw new Error('run not read back');
  return row;
}

/** POST /api/payroll/{month}/{teacher}/paid {date}: an approved run marked paid on a date. */
export async function markPaid({ db, zone }: Pay, month: string, teacher: number, date: string) {
  requirePastMonth(zone, month);
  if (date > todayIn(zone)) throw invalidField('date', 'must not be in the future');
  if (monthOf(date) < month) throw invalidField('date', 'must not be before the month paid');
  await requireUser(db, teacher);
  await db.transaction(async (tx) => {
    const [run] = await runsOfMonth(tx, month, teacher);
    if (!run) throw conflict('The month is not approved yet: approve it before marking it paid');
    const res = await tx.execute<{ id: number }>(sql`
      update pay_runs set state = 'paid', paid_on = ${date}
      where id = ${run.id} and state = 'approved' returning id`);
    if (res.rows.length === 0) throw conflict(`The month was marked paid already`);
    await recordChange(tx, {
      action: 'update',
      entity: 'payruns',
      entityId: run.id,
      before: { state: 'approved', paidOn: null },
      after: { state: 'paid', paidOn: date },
    });
  });
  const [row] = await payroll({ db, zone }, month, teacher);
  if (!row) throw new Error('run not read back');
  return row;
}

/** GET /api/users/{id}/payrates: newest first, each with whether an approved run used it. */
export async function listRates(db: Db, teacher: number): Promise<PayRate[]> {
  await requireUser(db, teacher);
  const res = await db.execute<PayRate & Record<string, unknown>>(sql`
    select r.id, r.teacher_id as "teacher", r.kind, r.value, r."from"::text as "from",
      exists (select 1 from pay_lines pl where pl.rate_id = r.id) as "used",
      r.created_at as "createdAt"
    from pay_rates r where r.teacher_id = ${teacher} order by r."from" desc, r.id desc`);
  return res.rows.map((r) => ({
    ...r,
    value: rateValue(Number(r.value)),
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/**
 * POST /api/users/{id}/payrates: a new rate from its date. It never reaches back into a month
 * the teacher has approved (409), and one date has one rate (409).
 */
export async function addRate(db: Db, teacher: number, input: PayRateInput & { value: string }) {
  await requireUser(db, teacher);
  const value = Number(hundredths(input.value));
  const id = await db.transaction(async (tx) => {
    const approved = await approvedMonths(tx, teacher);
    const last = [...approved].sort().at(-1);
    if (last && monthOf(input.from) <= last) {
      throw conflict(
        `${last} is approved: a new rate may start in a later month only (it never applies backwards)`,
      );
    }
    const made = await tx.execute<{ id: number }>(sql`
      insert into pay_rates (teacher_id, kind, value, "from")
      values (${teacher}, ${input.kind}, ${value}, ${input.from})
      on conflict (teacher_id, "from") do nothing returning id`);
    const row = made.rows[0];
    if (!row) throw conflict(`A rate from ${input.from} exists already: delete it first`);
    await recordChange(tx, {
      action: 'create',
      entity: 'payrates',
      entityId: row.id,
      after: { teacher, kind: input.kind, value: rateValue(value), from: input.from },
    });
    return row.id;
  });
  const rate = (await listRates(db, teacher)).find((r) => r.id === id);
  if (!rate) throw new Error('rate not read back');
  return rate;
}

/** DELETE /api/users/{id}/payrates/{rate}: only a rate no approved run used (else 409). */
export async function deleteRate(db: Db, teacher: number, rate: number) {
  await db.transaction(async (tx) => {
    const found = await tx.execute<{ kind: string; value: number; from: string }>(sql`
      select kind, value, "from"::text as "from" from pay_rates
      where id = ${rate} and teacher_id = ${teacher} for update`);
    const row = found.rows[0];
    if (!row) throw notFound('No such pay rate');
    const used = await tx.execute(sql`select 1 from pay_lines where rate_id = ${rate} limit 1`);
    if (used.rows.length > 0) {
      throw new HttpError(
        409,
        errorCodes.linked,
        'An approved pay run used this rate: it stays; add a new rate from a later date instead',
      );
    }
    await tx.execute(sql`delete from pay_rates where id = ${rate}`);
    await recordChange(tx, {
      action: 'delete',
      entity: 'payrates',
      entityId: rate,
      before: { teacher, kind: row.kind, value: rateValue(Number(row.value)), from: row.from },
    });
  });
}

/** The CSV's records of a month: one per line, of every teacher's row. */
export async function payrollRecords(pay: Pay, month: string) {
  const rows = await payroll(pay, month);
  return rows.flatMap((r) =>
    r.lines.map((l) => [
      month,
      String(r.teacher),
      r.name,
      r.state,
      l.date,
      l.correction ? `${l.name} (correction of ${l.correctsMonth ?? ''})` : l.name,
      l.hours,
      l.kind ?? '',
      l.rate ?? '',
      l.amount,
      l.correction ? 'yes' : 'no',
    ]),
  );
}
