import { useTranslation } from 'react-i18next';
import { HeaderBlock } from '../../components/HeaderBlock';
import controls from '../../components/controls.module.css';
import { useSession } from '../../lib/session';
import styles from './DashboardScreen.module.css';

export function DashboardScreen() {
  const { t } = useTranslation();
  const { session } = useSession();
  return (
    <>
      <HeaderBlock title={t('titles.dashboard')} />
      {session.isLoggedIn && (
        <section className={`${controls.card} ${styles.welcome}`}>
          <h2 className={styles.heading}>{t('dashboard.welcome', { name: session.firstName })}</h2>
          <p className={styles.intro}>{t('dashboard.intro')}</p>
        </section>
      )}
    </>
  );
}
