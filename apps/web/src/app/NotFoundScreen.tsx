import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import controls from '../components/controls.module.css';
import styles from './NotFoundScreen.module.css';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className={`${controls.card} ${styles.card}`}>
      <h1 className={styles.title}>{t('titles.notFound')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link className={controls.button} to="/dashboard">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
