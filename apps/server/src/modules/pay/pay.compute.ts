import type { PayRateKind } from '@school/contract/pay';
import { divideHalfUp, hundredths, participationCharge } from '../money/money.shared.js';

/**
 * A teacher's pay for a lesson (docs/money.md, Teachers' pay; ADR 042), in whole numbers: pure,
 * so its rules are tested apart from the database. Rates are whole grosze (hour, lesson) or
 * basis points (percent); each lesson's amount is rounded once, half up, to a grosz.
 */

export interface Rate {
  id: number;
  kind: PayRateKind;
  /** grosze (hour, lesson) or basis points (percent) */
  value: number;
  /** YYYY-MM-DD */
  from: string;
}

export interface Participant {
  toPay: number;
  /** the attendance status charges the student */
  charges: boolean;
  /** the attendance status pays the teacher */
  payTeacher: boolean;
}

export interface PaidLesson {
  lesson: number;
  date: string;
  start: string;
  end: string;
  name: string;
  /** zł per hour, a decimal */
  price: string;
  /** minutes, a decimal */
  duration: string;
  participants: Participant[];
}

export interface Line {
  lesson: number;
  date: string;
  start: string;
  end: string;
  name: string;
  /** hundredths of an hour */
  hours: number;
  rate: Rate | null;
  /** grosze */
  amount: number;
  correction: boolean;
  correctsMonth: string | null;
}

/** The rate in force on `date`: the one with the latest `from` not after it. */
export function rateOn(rates: readonly Rate[], date: string): Rate | null {
  let found: Rate | null = null;
  for (const r of rates) if (r.from <= date && (!found || r.from > found.from)) found = r;
  return found;
}

/** A lesson's length in hundredths of an hour, rounded half up: 90 minutes is 150 (1.50 h). */
export const hoursOf = (duration: string) => Number(divideHalfUp(hundredths(duration), 60n));

/**
 * What a lesson pays its teacher, in grosze; null when none of its participants' statuses pays
 * the teacher (everyone excused or cancelled by the school: the lesson pays nothing, no line).
 * hour: the rate × the duration; lesson: the rate; percent: the rate's percent of the charges of
 * the participants whose statuses pay the teacher (the one charge function). No rate: 0.
 */
export function lessonPay(lesson: PaidLesson, rate: Rate | null): number | null {
  const paying = lesson.participants.filter((p) => p.payTeacher);
  if (paying.length === 0) return null;
  if (!rate) return 0;
  if (rate.kind === 'lesson') return rate.value;
  if (rate.kind === 'hour') {
    return Number(divideHalfUp(BigInt(rate.value) * hundredths(lesson.duration), 6000n));
  }
  const charges = paying.reduce(
    (sum, p) =>
      sum + BigInt(participationCharge({ ...p, price: lesson.price, duration: lesson.duration })),
    0n,
  );
  return Number(divideHalfUp(charges * BigInt(rate.value), 10000n));
}

/** The lines of lessons, each paid at the rate in force on its date; lessons paying nothing left out. */
export function linesOf(lessons: readonly PaidLesson[], rates: readonly Rate[]): Line[] {
  const lines: Line[] = [];
  for (const l of lessons) {
    const rate = rateOn(rates, l.date);
    const amount = lessonPay(l, rate);
    if (amount === null) continue;
    lines.push({
      lesson: l.lesson,
      date: l.date,
      start: l.start,
      end: l.end,
      name: l.name,
      hours: hoursOf(l.duration),
      rate,
      amount,
      correction: false,
      correctsMonth: null,
    });
  }
  return lines.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

/** Whole hundredths as a decimal with two places: 150 -> '1.50', -5 -> '-0.05'. */
export function decimal2(hundredthsValue: number): string {
  const sign = hundredthsValue < 0 ? '-' : '';
  const abs = Math.abs(hundredthsValue);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The month of a date: '2026-10-05' -> '2026-10'. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month after `month`: '2026-12' -> '2027-01'. */
export function nextMonth(month: string): string {
  const [y = 0, m = 0] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The first month after `month` that `approved` does not hold: where a correction goes. */
export function firstOpenMonthAfter(month: string, approved: ReadonlySet<string>): string {
  let m = nextMonth(month);
  while (approved.has(m)) m = nextMonth(m);
  return m;
}
