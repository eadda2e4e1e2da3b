import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import controls from '../components/controls.module.css';
import styles from './NotFoundScreen.module.css';

/** A deep link to a screen the user's role may not use (docs/roles.md). */
export function NotAvailableScreen({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <section className={`${controls.card} ${styles.card}`}>
      <h1 className={styles.title}>{t('titles.notAvailable')}</h1>
      <p className={styles.text}>{t('notAvailable.text')}</p>
      <Link className={controls.button} to={home}>
        {t('notAvailable.back')}
      </Link>
    </section>
  );
}
