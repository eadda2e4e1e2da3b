/**
 * docs/money.md, Charges: what one participation costs, in whole grosze. The one place a charge
 * is computed (ADR 039); the schedule's lesson amount is the sum of its participants' charges,
 * so the two agree to the grosz.
 *
 * Inputs are decimals with at most two places (price in zł per hour, duration in minutes, as
 * numeric columns or numbers); they are read as whole hundredths and multiplied as bigints, so
 * no float error can move a charge across a rounding boundary.
 */

/** A decimal with at most two places as whole hundredths: '12.5' -> 1250n, 90 -> 9000n. */
export function hundredths(value: number | string): bigint {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) throw new TypeError(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -units : units;
}

/** n / d rounded half up (away from zero at exactly .5 for n >= 0), d > 0. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  if (n >= 0n) return (2n * n + d) / (2n * d);
  return -((2n * -n + d) / (2n * d));
}

/**
 * price / 60 × duration in grosze, rounded once, half up: price (zł per hour) in grosze is
 * hundredths(price), duration in hundredths of a minute is hundredths(duration), so the charge is
 * priceGrosze × durationHundredths / 6000.
 */
export function chargeFor(price: number | string, duration: number | string): number {
  // a school has a few prices and durations: each pair is worked out once (a week of the
  // schedule asks for a hundred lessons' charges on every read, docs/quality.md)
  const key = `${price}|${duration}`;
  const known = charges.get(key);
  if (known !== undefined) return known;
  const charge = Number(divideHalfUp(hundredths(price) * hundredths(duration), 6000n));
  if (charges.size >= KNOWN_CHARGES) charges.clear();
  charges.set(key, charge);
  return charge;
}

/** The charges of the price and duration pairs met so far, at most KNOWN_CHARGES of them. */
const charges = new Map<string, number>();
const KNOWN_CHARGES = 10_000;

/** Whether a participant with this toPay is charged (0 not set, 1 pays; 2 does not pay). */
export const paysFor = (toPay: number) => toPay === 0 || toPay === 1;

/**
 * The charge of one participation in grosze: price / 60 × duration when its toPay is 0 or 1 and
 * its attendance status charges; 0 otherwise.
 */
export const participationCharge = (p: {
  price: number | string;
  duration: number | string;
  toPay: number;
  charges: boolean;
}) => (paysFor(p.toPay) && p.charges ? chargeFor(p.price, p.duration) : 0);

/** Grosze as the API's zł with two decimals (a number, as price is sent). */
export const zl = (grosze: number | bigint | string) => Number(grosze) / 100;

/** Grosze as a CSV's plain zł, always two decimals and no grouping: -1250.50, 0.00. */
export function plainZl(grosze: number | bigint | string): string {
  const whole = BigInt(grosze);
  const size = whole < 0n ? -whole : whole;
  return `${whole < 0n ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

/** zł with at most two decimals (a validated number) as whole grosze. */
export const grosze = (amount: number | string) => Number(hundredths(amount));
