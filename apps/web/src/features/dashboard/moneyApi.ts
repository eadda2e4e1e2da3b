import type { MoneyReportMonth } from '@school/contract/money';
import { api, withQuery } from '@school/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/http';

/** How many months the dashboard's money chart shows: this one and the eleven before it. */
export const MONEY_MONTHS = 12;

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The report's range for the last MONEY_MONTHS months, this one included, in the browser's
 * calendar: from the first day of the month eleven months back to today. The report answers
 * whole months (docs/money.md, The monthly report), so this month is complete.
 */
export function moneyRange(today = new Date()): { dateFrom: string; dateTo: string } {
  const first = new Date(today.getFullYear(), today.getMonth() - (MONEY_MONTHS - 1), 1);
  return { dateFrom: isoDay(first), dateTo: isoDay(today) };
}

/**
 * GET /api/reports/money for the dashboard (admins and managers: `enabled` is false for a role
 * the server would refuse, so no call is made). One request, one statement on the server, for
 * the whole year.
 */
export function useMoneyReport(enabled: boolean) {
  const range = moneyRange();
  return useQuery({
    queryKey: ['dashboard', 'money', range.dateFrom, range.dateTo],
    queryFn: ({ signal }) =>
      request<MoneyReportMonth[]>(withQuery(api.moneyReport, range), {
        // zod stays out of the first download (docs/quality.md): the schema comes beside it
        schema: () =>
          import('@school/contract/money').then((contract) => contract.moneyReportMonth.array()),
        signal,
      }),
    enabled,
    // payments are recorded on other screens: reopening the dashboard asks again
    refetchOnMount: 'always',
  });
}
