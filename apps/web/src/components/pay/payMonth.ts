import { payRow, type PayLine } from '@school/contract/pay';
import { api, withQuery } from '@school/contract/paths';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatMoney } from '../../lib/format';
import { request } from '../../lib/http';

const pad = (n: number) => String(n).padStart(2, '0');

/** The month now in the browser's calendar, YYYY-MM: a pay screen opens on it. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
}

/** Today in the browser's calendar: a run is marked paid today unless changed. */
export function today(now = new Date()): string {
  return `${currentMonth(now)}-${pad(now.getDate())}`;
}

/** The query key of a month's pay: approving or paying reads it again. */
export const payrollKey = (month: string) => ['payroll', month] as const;

/** GET /api/payroll?month: each teacher's row (a teacher: their own). */
export function usePayroll(month: string) {
  return useQuery({
    queryKey: payrollKey(month),
    queryFn: ({ signal }) =>
      request(withQuery(api.payroll, { month }), { schema: z.array(payRow), signal }),
  });
}

/** A decimal string of the API (two places) as the chosen language writes the number. */
export function formatDecimal(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(value));
}

/** zł from a decimal string of the API. */
export const formatZl = (value: string, locale: string) => formatMoney(Number(value), locale);

/** A rate in words: "45,50 zł an hour", "70,00 zł a lesson", "12,50 %". */
export function rateText(
  rate: { kind: PayLine['kind']; rate?: string | null; value?: string },
  t: TFunction,
  locale: string,
): string {
  const value = rate.rate ?? rate.value ?? null;
  if (rate.kind === null || value === null) return t('payroll.noRate');
  if (rate.kind === 'percent')
    return t('payroll.ratePercent', { value: formatDecimal(value, locale) });
  const amount = formatZl(value, locale);
  return rate.kind === 'hour'
    ? t('payroll.rateHour', { amount })
    : t('payroll.rateLesson', { amount });
}
