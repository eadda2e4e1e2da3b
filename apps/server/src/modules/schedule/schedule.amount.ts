/**
 * docs/schedule.md, Amounts: the amount to pay for a lesson = price / 60 × duration × the participants whose
 * toPay is 0 or 1, in zł with two decimals. The one place it is computed (ADR 018): the lesson,
 * the schedule's earned and the info panels all call it.
 *
 * Worked in whole units (grosze, hundredths of a minute) so 12.5 zł × 90 min comes out exact.
 */
export function lessonAmount(price: number | string, duration: number | string, payers: number) {
  const priceCents = Math.round(Number(price) * 100);
  const durationHundredths = Math.round(Number(duration) * 100);
  // (priceCents / 100) / 60 × (durationHundredths / 100) × payers, in cents
  const cents = Math.round((priceCents * durationHundredths * payers) / 6000);
  return cents / 100;
}

/** Whether a participant with this toPay counts in the amount (0 not set, 1 pays). */
export const paysFor = (toPay: number) => toPay === 0 || toPay === 1;

/** Hours of lessons: the sum of their durations / 60, two decimals. */
export const hoursOf = (durations: (number | string)[]) =>
  Math.round(durations.reduce<number>((sum, d) => sum + Number(d), 0) / 0.6) / 100;

/** Minutes from start to end (HH:MM). */
export function minutesBetween(start: string, end: string) {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return toMinutes(end) - toMinutes(start);
}
