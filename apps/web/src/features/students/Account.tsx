import {
  account as accountSchema,
  ledgerEntry,
  payment as paymentSchema,
  type Account as AccountFigures,
  type LedgerEntry,
  type Payment,
} from '@school/contract/money';
import { api, withQuery } from '@school/contract/paths';
import { schoolDetails } from '@school/contract/school';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import layout from '../../components/layout.module.css';
import { LoadingState } from '../../components/LoadingState';
import { ScrollingTable } from '../../components/list/ScrollingTable';
import { useCopy } from '../../components/list/useRowActions';
import { useMayDo } from '../../lib/access';
import { formatDate, formatMoney } from '../../lib/format';
import { request } from '../../lib/http';
import { AccountDialog, type MoneyDialog } from './AccountDialogs';
import { AccountDocuments } from './AccountDocuments';
import styles from './Students.module.css';
import own from './Account.module.css';

/** The query keys of one student's money: an action reads them all again. */
const moneyKey = (studentId: number) => ['student-money', studentId] as const;

/**
 * The student's account (docs/money.md; docs/screens.md, Student): the balance and since when,
 * what is upcoming, the ledger with its running balance, and Record payment, Void and Adjust.
 * Admins and managers only: a teacher sees none of it (docs/roles.md).
 */
export function Account({ studentId, studentName }: { studentId: number; studentName: string }) {
  return useMayDo('money', 'read') ? (
    <AccountSection studentId={studentId} studentName={studentName} />
  ) : null;
}

function AccountSection({ studentId, studentName }: { studentId: number; studentName: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const mayWrite = useMayDo('money', 'create');
  const [dialog, setDialog] = useState<MoneyDialog | null>(null);
  const figures = useQuery({
    queryKey: [...moneyKey(studentId), 'account'],
    queryFn: ({ signal }) =>
      request(api.studentAccount(studentId), { schema: accountSchema, signal }),
  });
  const ledger = useQuery({
    queryKey: [...moneyKey(studentId), 'ledger'],
    queryFn: ({ signal }) =>
      request(withQuery(api.ledger, { student: studentId }), {
        schema: z.array(ledgerEntry),
        signal,
      }),
  });
  const payments = useQuery({
    queryKey: [...moneyKey(studentId), 'payments'],
    queryFn: ({ signal }) =>
      request(withQuery(api.payments, { student: studentId, limit: 5000 }), {
        schema: z.array(paymentSchema),
        signal,
      }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: moneyKey(studentId) });
    // isPaid of the participations follows the money (docs/money.md, isPaid)
    void queryClient.invalidateQueries({ queryKey: ['student-events'] });
    void queryClient.invalidateQueries({ queryKey: ['student-events-info', studentId] });
  };
  // the school's bank account: without one the learner's page cannot say how to pay (ADR 040)
  const school = useQuery({
    queryKey: ['school-details'],
    queryFn: ({ signal }) => request(api.schoolDetails, { schema: schoolDetails, signal }),
  });
  const failed = figures.isError || ledger.isError || payments.isError;
  // a link to the account (/students/12#account, from the money screens) shows it once loaded
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = figures.data !== undefined && ledger.data !== undefined;
  useEffect(() => {
    if (hash === '#account' && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  return (
    <section
      ref={section}
      id="account"
      className={`${controls.card} ${styles.section} ${own.account}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{t('account.title')}</h2>
      {failed ? (
        <p className={styles.error}>
          {t('account.error')}{' '}
          <button type="button" className={styles.retry} onClick={refresh}>
            {t('messages.retry')}
          </button>
        </p>
      ) : !figures.data || !ledger.data || !payments.data ? (
        <LoadingState />
      ) : (
        <>
          <Figures figures={figures.data} />
          {school.data?.iban === '' && (
            <p className={own.hint} role="note">
              {t('account.noIban')} <Link to="/settings">{t('account.toSchoolDetails')}</Link>
            </p>
          )}
          <AccountDocuments studentId={studentId} />
          {mayWrite && (
            <div className={`${layout.buttonRow} ${own.actions}`}>
              <button
                type="button"
                className={controls.button}
                onClick={() => setDialog({ kind: 'pay' })}
              >
                {t('account.pay')}
              </button>
              <button
                type="button"
                className={controls.secondaryButton}
                onClick={() => setDialog({ kind: 'adjust' })}
              >
                {t('account.adjust')}
              </button>
            </div>
          )}
          <Ledger
            entries={ledger.data}
            payments={payments.data}
            onVoid={mayWrite ? (payment) => setDialog({ kind: 'void', payment }) : undefined}
          />
        </>
      )}
      {dialog && (
        <AccountDialog
          dialog={dialog}
          studentId={studentId}
          studentName={studentName}
          due={figures.data?.due ?? 0}
          onClose={() => setDialog(null)}
          onSaved={refresh}
        />
      )}
    </section>
  );
}

/** The balance (owed since the oldest uncovered lesson, or a credit) and what is upcoming. */
function Figures({ figures }: { figures: AccountFigures }) {
  const { t, i18n } = useTranslation();
  const copy = useCopy();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const balance =
    figures.balance > 0
      ? t('account.owed', { amount: money(figures.balance) })
      : figures.balance < 0
        ? t('account.credit', { amount: money(-figures.balance) })
        : t('account.settled');
  return (
    <dl className={own.figures} aria-label={t('account.figures')}>
      <div>
        <dt>{t('account.balance')}</dt>
        <dd className={figures.balance > 0 ? own.owed : undefined}>
          {balance}
          {figures.oldestDueDate !== null && (
            <span className={own.since}>
              {' '}
              {t('account.since', { date: formatDate(figures.oldestDueDate, i18n.language) })}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('account.upcoming')}</dt>
        <dd>{money(figures.upcoming)}</dd>
      </div>
      <div>
        <dt>{t('account.reference')}</dt>
        <dd className={own.reference}>
          <code title={t('account.referenceHint')}>{figures.reference}</code>
          <button
            type="button"
            className={controls.iconButton}
            aria-label={t('account.copyReference')}
            title={t('account.copyReference')}
            onClick={() => void copy(figures.reference)}
          >
            <Copy size={16} aria-hidden="true" />
          </button>
        </dd>
      </div>
    </dl>
  );
}

interface LedgerProps {
  entries: readonly LedgerEntry[];
  payments: readonly Payment[];
  onVoid?: (payment: Payment) => void;
}

/** The ledger, oldest first, with its running balance; a voided payment is struck through. */
function Ledger({ entries, payments, onVoid }: LedgerProps) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className={styles.muted}>{t('account.empty')}</p>;
  const byId = new Map(payments.map((p) => [p.id, p]));
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const headers = [
    t('fields.date'),
    t('account.entry'),
    t('fields.amount'),
    t('account.runningBalance'),
    ...(onVoid ? [t('account.actions')] : []),
  ];
  const describe = (entry: LedgerEntry, paid: Payment | undefined) => {
    // a correction's note names the lesson as it was (docs/money.md, Changes after a charge is due)
    if (entry.kind === 'charge' && entry.correction) return entry.note.replace(/^correction: /, '');
    if (entry.kind === 'charge')
      return t('account.lessonOn', {
        course: entry.note || t('schedule.lesson'),
        date: formatDate(entry.date, i18n.language),
      });
    if (entry.kind === 'payment' && paid)
      return [t(`account.methods.${paid.method}`), paid.reference].filter(Boolean).join(' · ');
    return entry.note;
  };
  return (
    <ScrollingTable
      label={t('account.ledger')}
      caption={t('account.ledgerCount', { count: entries.length })}
      headers={headers}
      classes={{ ...styles, caption: own.caption }}
    >
      {entries.map((entry) => {
        const paid = entry.payment === null ? undefined : byId.get(entry.payment);
        const voided = entry.kind === 'payment' && paid?.voided === true;
        return (
          <tr key={entry.id} className={voided ? own.voided : undefined}>
            <th scope="row" data-label={headers[0]}>
              {formatDate(entry.date, i18n.language)}
            </th>
            <td data-label={headers[1]}>
              {/* one piece, so a narrow card shows it beside its label */}
              <span>
                <span className={own.kind}>{t(`account.kind.${entry.kind}`)}</span>
                {entry.correction && ` (${t('account.correction')})`}{' '}
                <span className={own.struck}>{describe(entry, paid)}</span>
                {voided && (
                  <span className={own.voidNote}>
                    {' '}
                    {t('account.voided', { reason: paid.voidReason })}
                  </span>
                )}
              </span>
            </td>
            <td data-label={headers[2]} className={styles.number}>
              <span className={own.struck}>{money(entry.amount)}</span>
            </td>
            <td data-label={headers[3]} className={styles.number}>
              {money(entry.balance)}
            </td>
            {onVoid && (
              <td data-label={headers[4]}>
                {entry.kind === 'payment' && paid && !paid.voided && (
                  <button
                    type="button"
                    className={controls.secondaryButton}
                    aria-label={`${t('account.void')}: ${money(paid.amount)}, ${formatDate(paid.date, i18n.language)}`}
                    onClick={() => onVoid(paid)}
                  >
                    {t('account.void')}
                  </button>
                )}
              </td>
            )}
          </tr>
        );
      })}
    </ScrollingTable>
  );
}
