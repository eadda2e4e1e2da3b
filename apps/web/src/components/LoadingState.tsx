import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import styles from './LoadingState.module.css';

/** 'Loading ...' (docs/interface.md, Messages), announced politely to screen readers. */
export function LoadingState({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? styles.fullPage : styles.inline} role="status">
      <Spinner />
      <span>{t('messages.loading')}</span>
    </div>
  );
}
