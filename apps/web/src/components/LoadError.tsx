import { useTranslation } from 'react-i18next';
import messages from './messages.module.css';

interface LoadErrorProps {
  /** What could not be loaded, already translated. */
  text: string;
  onRetry: () => void;
  /** The block's class where the screen spaces it its own way. */
  className?: string;
}

/** A load that failed, said at once, with a link-like button that asks again. */
export function LoadError({ text, onRetry, className = messages.loadError }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className={className} role="alert">
      <span>{text}</span>{' '}
      <button type="button" className={messages.linkButton} onClick={onRetry}>
        {t('messages.retry')}
      </button>
    </div>
  );
}
