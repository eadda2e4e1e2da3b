import { balanceRow, payment, type BalanceRow, type Payment } from '@school/contract/money';
import { api } from '@school/contract/paths';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Resource } from '../../components/list/types';
import { LIST_QUERY_KEY } from '../../components/list/useInfiniteList';

/** The payments screen's totals, by the query of the rows they sum. */
export const PAYMENT_TOTALS_KEY = 'payment-totals';
/** How many statement transfers wait for review (the payments screen's link to them). */
export const UNMATCHED_COUNT_KEY = 'unmatched-count';

export const paymentsResource: Resource<Payment> = {
  path: api.payments,
  list: z.array(payment),
  rowLabel: (row) => row.studentName,
};

/** A balance is the student's: the list kit's row id is the student's id. */
export type Balance = BalanceRow & { id: number };

export const balancesResource: Resource<Balance> = {
  path: api.balances,
  list: z.array(balanceRow).transform((rows) => rows.map((row) => ({ ...row, id: row.student }))),
  rowLabel: (row) => row.name,
};

/** The student's page at its Account section (docs/screens.md, Student). */
export const accountPath = (student: number) => `/students/${student}#account`;

/**
 * After a payment is voided or a statement imported or reviewed: the payments, their totals, the balances and any student's account
 * read again (docs/money.md, Voiding: what it covered is open again).
 */
export function refreshMoney(queryClient: QueryClient): void {
  for (const queryKey of [
    [LIST_QUERY_KEY, api.payments],
    [PAYMENT_TOTALS_KEY],
    [LIST_QUERY_KEY, api.balances],
    [LIST_QUERY_KEY, api.unmatchedPayments],
    [UNMATCHED_COUNT_KEY],
    ['student-money'],
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
