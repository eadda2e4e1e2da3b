import { schoolCurrency } from './currency';

/** Date and time in the chosen UI language and the user's own time zone (docs/interface.md, Languages). */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    // An unknown IANA zone stored for the user must not hide the date.
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/**
 * A school's date and clock time ('YYYY-MM-DD', 'HH:MM') as formatDateTime words an instant,
 * with no zone applied: a lesson's start as the school's clock reads it, the clock its
 * "17:00–18:30" is in, whatever the user's zone (docs/api.md, Instants).
 */
export function formatWallClock(isoDate: string, time: string, locale: string): string {
  const clock = new Date(`${isoDate}T${time}:00Z`);
  if (Number.isNaN(clock.getTime())) return `${isoDate} ${time}`;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(clock);
}

/**
 * A 'YYYY-MM-DD' day from the API in the chosen language ("17 wrz 2025"), as the lists show
 * dates (docs/interface.md, Languages); the day has no time zone, so none is applied.
 */
export function formatDate(isoDate: string | null | undefined, locale: string): string {
  if (!isoDate) return '';
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}

/**
 * docs/interface.md: amounts are shown with two decimals in the school's currency (zł, or
 * euro: docs/money.md, Amounts); digits follow the chosen language. An amount the API answers
 * in a currency of its own (its `currency`) shows that one's sign the language's way.
 */
export function formatMoney(
  amount: number | null,
  locale: string,
  currency: string = schoolCurrency(),
): string {
  if (amount === null || !Number.isFinite(amount)) return '';
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (currency !== 'PLN') {
    return new Intl.NumberFormat(locale, { ...digits, style: 'currency', currency }).format(amount);
  }
  return `${new Intl.NumberFormat(locale, digits).format(amount)} zł`;
}

/** A month as the chosen language writes it: "October 2026" (short: "Oct 2026", in a list). */
export function formatMonth(
  month: string,
  locale: string,
  style: 'long' | 'short' = 'long',
): string {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: style, year: 'numeric' }).format(
    new Date(y, m - 1, 1),
  );
}
