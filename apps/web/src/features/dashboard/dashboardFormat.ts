import { schoolCurrency } from '../../lib/currency';

/** Formatting for the dashboard, in the chosen language (docs/interface.md, Languages); money: lib/format. */

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A 'YYYY-MM-DD' day from the API as "12 May"; the date has no time zone, so none is applied. */
export function formatDay(date: string, locale: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(day);
}

/** "A, B and C" in the chosen language. */
export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** A report's month 'YYYY-MM' as "Nov" (`short`) or "November 2026" (`long`), with no zone applied. */
export function formatMonth(month: string, locale: string, style: 'short' | 'long'): string {
  const first = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(first.getTime())) return month;
  return new Intl.DateTimeFormat(
    locale,
    style === 'short'
      ? { month: 'short', timeZone: 'UTC' }
      : { month: 'long', year: 'numeric', timeZone: 'UTC' },
  ).format(first);
}

/**
 * An axis's amount, short: "12K zł", "12 tys. zł", "€12K" in the school's currency (the figures
 * and the table say it whole).
 */
export function formatMoneyShort(amount: number, locale: string): string {
  const compact = { notation: 'compact', maximumFractionDigits: 1 } as const;
  const currency = schoolCurrency();
  if (currency !== 'PLN') {
    return new Intl.NumberFormat(locale, { ...compact, style: 'currency', currency }).format(
      amount,
    );
  }
  return `${new Intl.NumberFormat(locale, compact).format(amount)} zł`;
}
