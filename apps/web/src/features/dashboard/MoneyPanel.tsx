import type { MoneyReportMonth } from '@school/contract/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { useMayDo } from '../../lib/access';
import { formatMoney } from '../../lib/format';
import { formatMonth } from './dashboardFormat';
import { MoneyChart } from './MoneyChart';
import { useMoneyReport } from './moneyApi';
import { LoadError } from './chartParts';
import styles from './DashboardScreen.module.css';

/** The screens of the students' balances and of the payments (docs/screens.md). */
const BALANCES_PATH = '/balances';
const PAYMENTS_PATH = '/payments';

function MonthFigures({ month }: { month: MoneyReportMonth }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const figures = [
    { key: 'charged', label: t('dashboard.charged'), amount: month.charged },
    {
      key: 'received',
      label: t('dashboard.received'),
      amount: month.received,
      to: PAYMENTS_PATH,
      linkLabel: 'dashboard.receivedLink',
    },
    {
      key: 'outstanding',
      label: t('dashboard.outstanding'),
      amount: month.outstanding,
      to: BALANCES_PATH,
      linkLabel: 'dashboard.outstandingLink',
    },
  ] as const;
  return (
    <dl className={styles.figures}>
      {figures.map((figure) => {
        const amount = formatMoney(figure.amount, locale);
        return (
          <div key={figure.key} className={styles.figure}>
            <dt className={styles.figureLabel}>{figure.label}</dt>
            <dd className={styles.figureValue}>
              {'to' in figure ? (
                // the name begins with what is shown (WCAG 2.5.3) and says where it leads
                <Link
                  to={figure.to}
                  className={styles.figureLink}
                  aria-label={t(figure.linkLabel, { amount })}
                >
                  {amount}
                </Link>
              ) : (
                amount
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The money of the dashboard (docs/money.md, The monthly report), for the roles that read money
 * (admins and managers, docs/roles.md): this month's charged, received and outstanding, and the
 * last twelve months charged against received, from one GET /api/reports/money. Other roles
 * see nothing of it and no call is made.
 */
export function MoneyPanel() {
  const mayRead = useMayDo('money', 'read');
  return mayRead ? <MoneySection /> : null;
}

function MoneySection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const report = useMoneyReport(true);
  const thisMonth = report.data?.at(-1);

  let content;
  if (report.isPending) {
    content = <LoadingState />;
  } else if (report.isError) {
    content = <LoadError message={t('dashboard.moneyLoadError')} query={report} />;
  } else {
    content = (
      <>
        {thisMonth && <MonthFigures month={thisMonth} />}
        <MoneyChart months={report.data} />
      </>
    );
  }

  return (
    <section className={styles.money} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {thisMonth
          ? t('dashboard.moneyTitle', {
              month: formatMonth(thisMonth.month, i18n.language, 'long'),
            })
          : t('dashboard.moneyHeading')}
      </h2>
      {content}
    </section>
  );
}
