import type { Dashboard } from '@school/contract/clients';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LoadingState } from '../../components/LoadingState';
import { useMayDo } from '../../lib/access';
import { useSession } from '../../lib/session';
import { useDashboard } from './dashboardApi';
import { formatMoney } from '../../lib/format';
import { formatCount } from './dashboardFormat';
import { NewClientsChart } from './NewClientsChart';
import { StageBarChart } from './StageBarChart';
import { LoadError } from './chartParts';
import styles from './DashboardScreen.module.css';

/**
 * The money comes with its data and only for the roles that read it: its code is not part of
 * the first screen's download (docs/quality.md, Download size).
 */
const MoneyPanel = lazy(() =>
  import('./MoneyPanel').then((module) => ({ default: module.MoneyPanel })),
);

function Figures({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const figures = [
    {
      key: 'total',
      label: t('dashboard.totalClients'),
      value: formatCount(data.totalClients, locale),
    },
    {
      key: 'value',
      label: t('dashboard.pipelineValue'),
      value: formatMoney(data.pipelineValue, locale),
      hint: t('dashboard.pipelineValueHint'),
    },
    {
      key: 'new',
      label: t('dashboard.newClients30d'),
      value: formatCount(data.newClients30d, locale),
    },
    {
      key: 'moves',
      label: t('dashboard.stageMoves30d'),
      value: formatCount(data.stageMoves30d, locale),
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('dashboard.figures')}
      </h2>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.key} className={styles.figure}>
            <dt className={styles.figureLabel}>{figure.label}</dt>
            <dd className={styles.figureValue}>{figure.value}</dd>
            {figure.hint && <dd className={styles.figureHint}>{figure.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * / and /dashboard: the welcome line, the key figures and two charts from GET /api/dashboard,
 * and for the roles that read money this month's money and a year of it (MoneyPanel).
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { session } = useSession();
  const dashboard = useDashboard();
  const mayReadMoney = useMayDo('money', 'read');

  let content;
  if (dashboard.isPending) {
    content = <LoadingState />;
  } else if (dashboard.isError) {
    content = <LoadError message={t('dashboard.loadError')} query={dashboard} />;
  } else {
    content = (
      <>
        <Figures data={dashboard.data} />
        <div className={styles.charts}>
          <StageBarChart byStage={dashboard.data.byStage} />
          <NewClientsChart days={dashboard.data.newClientsByDay} />
        </div>
      </>
    );
  }

  return (
    <>
      <HeaderBlock title={t('titles.dashboard')} />
      {session.isLoggedIn && (
        <section className={`${styles.card} ${styles.welcome}`}>
          <h2 className={styles.heading}>{t('dashboard.welcome', { name: session.firstName })}</h2>
          <p className={styles.intro}>{t('dashboard.intro')}</p>
        </section>
      )}
      {content}
      {mayReadMoney && (
        <Suspense fallback={<LoadingState />}>
          <MoneyPanel />
        </Suspense>
      )}
    </>
  );
}
