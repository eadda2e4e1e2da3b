import { chargeFor, paysFor } from '../money/money.shared.js';

/**
 * docs/schedule.md, Amounts: the amount to pay for a lesson = the sum of its payers' charges,
 * each price / 60 × duration rounded once to a grosz by the one charge function of
 * docs/money.md, in zł with two decimals. The one place it is computed (ADR 018): the lesson,
 * the schedule's earned and the info panels all call it, so a lesson's amount and its
 * participants' charges agree to the grosz.
 */
export function lessonAmount(price: number | string, duration: number | string, payers: number) {
  return (chargeFor(price, duration) * payers) / 100;
}

/** Whether a participant with this toPay counts in the amount (0 not set, 1 pays). */
export { paysFor };

/** Hours of lessons: the sum of their durations / 60, two decimals. */
export const hoursOf = (durations: (number | string)[]) =>
  Math.round(durations.reduce<number>((sum, d) => sum + Number(d), 0) / 0.6) / 100;

/** Minutes from start to end (HH:MM). */
export function minutesBetween(start: string, end: string) {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return toMinutes(end) - toMinutes(start);
}
