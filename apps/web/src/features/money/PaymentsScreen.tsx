import {
  PAYMENT_METHODS,
  paymentTotals,
  type Payment,
  type PaymentTotals,
} from '@school/contract/money';
import { api } from '@school/contract/paths';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column, RowAction } from '../../components/list/types';
import { filterQuery, type ListParams } from '../../components/list/useInfiniteList';
import { useMayDo } from '../../lib/access';
import { formatDate, formatMoney } from '../../lib/format';
import { request } from '../../lib/http';
import { requestPage } from '../../lib/page';
import { VoidPaymentDialog } from '../../components/money/VoidPaymentDialog';
import { BankImportDialog } from './BankImportDialog';
import {
  PAYMENT_TOTALS_KEY,
  paymentsResource,
  refreshMoney,
  UNMATCHED_COUNT_KEY,
} from './moneyApi';
import { bankRow } from '@school/contract/bank-import';
import { z } from 'zod';
import { studentColumn } from './studentColumn';
import styles from './Money.module.css';

function usePaymentColumns(): readonly Column<Payment>[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const money = (amount: number) => formatMoney(amount, i18n.language);
    const voidNote = (row: Payment) =>
      row.voided ? t('money.voided', { reason: row.voidReason }) : '';
    const noteOf = (row: Payment) => [voidNote(row), row.note].filter(Boolean).join(' · ');
    const struck = (row: Payment, text: string) =>
      row.voided ? <span className={styles.struck}>{text}</span> : text;
    return [
      {
        key: 'date',
        label: 'fields.date',
        sort: 'date',
        whole: true,
        value: (row) => formatDate(row.date, i18n.language),
      },
      studentColumn(),
      {
        key: 'amount',
        label: 'fields.amount',
        sort: 'amount',
        align: 'end',
        whole: true,
        value: (row) => money(row.amount),
        render: (row) => struck(row, money(row.amount)),
      },
      {
        key: 'method',
        label: 'money.columns.method',
        whole: true,
        value: (row) => t(`account.methods.${row.method}`),
      },
      {
        key: 'reference',
        label: 'fields.reference',
        value: (row) => row.reference,
        render: (row) => struck(row, row.reference),
      },
      {
        key: 'note',
        label: 'money.columns.note',
        value: noteOf,
        render: (row) =>
          row.voided ? (
            <>
              <span className={styles.voidNote}>{voidNote(row)}</span>
              {row.note && ` · ${row.note}`}
            </>
          ) : (
            row.note
          ),
      },
    ];
  }, [t, i18n.language]);
}

function usePaymentFilters(): readonly FilterSpec[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { param: 'dateFrom', label: 'fields.from', date: true, before: 'dateTo' },
      { param: 'dateTo', label: 'fields.to', date: true, after: 'dateFrom' },
      {
        param: 'method',
        label: 'money.columns.method',
        options: PAYMENT_METHODS.map((value) => ({ value, label: t(`account.methods.${value}`) })),
      },
    ],
    [t],
  );
}

/**
 * The sum of the payments the search and filters select, all of them rather than the pages
 * loaded (GET /api/payments/totals): what was received, the voided apart.
 */
function PaymentTotalsLine({ params }: { params: ListParams }) {
  const { t, i18n } = useTranslation();
  const query = filterQuery(params).toString();
  const totals = useQuery({
    queryKey: [PAYMENT_TOTALS_KEY, query],
    queryFn: ({ signal }) =>
      request<PaymentTotals>(query === '' ? api.paymentTotals : `${api.paymentTotals}?${query}`, {
        schema: paymentTotals,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  if (totals.isError && !totals.data) {
    return <p className={`${styles.totals} ${styles.muted}`}>{t('money.totalsError')}</p>;
  }
  if (!totals.data) return null;
  const { amount, voidedCount, voidedAmount, currency } = totals.data;
  const money = (value: number) => formatMoney(value, i18n.language, currency);
  return (
    <p className={styles.totals} aria-live="polite" aria-busy={totals.isFetching}>
      <span className={styles.received}>{t('money.received', { amount: money(amount) })}</span>
      {voidedCount > 0 && (
        <span className={styles.muted}>
          {t('money.voidedSum', { amount: money(voidedAmount) })}
        </span>
      )}
    </p>
  );
}

/** How many statement transfers wait for review, linked to their list (docs/money.md, Bank statements). */
function UnmatchedLink() {
  const { t } = useTranslation();
  const count = useQuery({
    queryKey: [UNMATCHED_COUNT_KEY],
    queryFn: ({ signal }) =>
      requestPage(`${api.unmatchedPayments}?limit=1`, { schema: z.array(bankRow), signal }),
  });
  const total = count.data?.total ?? 0;
  if (!count.data) return null;
  return (
    <p className={styles.totals}>
      <Link to="/payments/unmatched">{t('money.bank.toReviewLink', { count: total })}</Link>
    </p>
  );
}

/**
 * /payments (docs/money.md, The payments screen): every payment, newest first, filtered by days
 * and method and searched by the student's name or the reference, with the sum of all those
 * selected, a CSV of them, and Void (with a reason) on each payment not voided yet.
 */
export function PaymentsScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const mayVoid = useMayDo('money', 'create');
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const more = useMemo<readonly RowAction<Payment>[]>(
    () =>
      mayVoid
        ? [
            {
              key: 'void',
              icon: Ban,
              variant: 'danger',
              label: (row) =>
                t('money.voidPayment', {
                  amount: formatMoney(row.amount, i18n.language),
                  name: row.studentName,
                  date: formatDate(row.date, i18n.language),
                }),
              available: (row) => !row.voided,
              onClick: setVoiding,
            },
          ]
        : [],
    [mayVoid, t, i18n.language],
  );
  return (
    <>
      <ListScreen
        title={t('titles.payments')}
        caption={t('money.paymentsCaption')}
        fileName="payments"
        resource={paymentsResource}
        columns={usePaymentColumns()}
        filters={usePaymentFilters()}
        defaultSort="-date"
        serverExport={api.paymentsCsv}
        summary={(params) => (
          <>
            <PaymentTotalsLine params={params} />
            <UnmatchedLink />
          </>
        )}
        tools={mayVoid ? <BankImportDialog /> : undefined}
        actions={{ more }}
      />
      {voiding && (
        <VoidPaymentDialog
          payment={voiding}
          onClose={() => setVoiding(null)}
          onSaved={() => refreshMoney(queryClient)}
        />
      )}
    </>
  );
}
