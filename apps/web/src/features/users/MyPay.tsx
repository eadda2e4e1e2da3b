import { useState, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardRetry, CardSection } from '../../components/CardSection';
import { LoadingState } from '../../components/LoadingState';
import { PayLines } from '../../components/pay/PayLines';
import { currentMonth, formatDecimal, formatZl, usePayroll } from '../../components/pay/payMonth';
import { useMayDo } from '../../lib/access';
import { formatDate, formatMonth } from '../../lib/format';
import styles from './Profile.module.css';
import { MonthInput } from '../../components/form/MonthInput';

/**
 * A teacher's own pay by month on /profile (docs/money.md, Teachers' pay): the month's total,
 * its state and its lines. Staff who run the payroll see everyone's at /payroll instead.
 */
export function MyPay() {
  const mayRead = useMayDo('pay', 'read');
  const runsPayroll = useMayDo('pay', 'create');
  return mayRead && !runsPayroll ? <MyPayCard /> : null;
}

function MyPayCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const monthId = useId();
  const now = currentMonth();
  const [month, setMonth] = useState(now);
  const rows = usePayroll(month);
  const row = rows.data?.[0];
  return (
    <CardSection headingId="pay-heading" title={t('payroll.myPay')} intro={t('payroll.myPayIntro')}>
      <p className={styles.payMonth}>
        <label htmlFor={monthId}>{t('payroll.month')}</label>{' '}
        <MonthInput id={monthId} value={month} max={now} onChange={setMonth} />
      </p>
      {rows.isError ? (
        <CardRetry onRetry={() => void rows.refetch()} />
      ) : !rows.data ? (
        <LoadingState />
      ) : !row ? (
        <p>{t('payroll.noLines')}</p>
      ) : (
        <>
          <p className={styles.payTotal} aria-live="polite">
            <strong>{formatZl(row.amount, lang)}</strong>
            {' · '}
            {t('payroll.lessons')}: {row.lessons}
            {' · '}
            {t('payroll.hours')}: {formatDecimal(row.hours, lang)}
            {' · '}
            {row.state === 'paid' && row.paidOn
              ? t('payroll.paidOn', { date: formatDate(row.paidOn, lang) })
              : t(`payroll.states.${row.state}`)}
          </p>
          <PayLines
            lines={row.lines}
            label={t('payroll.title', { month: formatMonth(month, lang) })}
          />
        </>
      )}
    </CardSection>
  );
}
