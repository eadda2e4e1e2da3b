import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { Spinner } from '../Spinner';
import type { FormStatus, MessageKey } from './formStatus';
import styles from './Form.module.css';

const TEXTS: Record<Exclude<FormStatus, 'none' | 'wait'>, MessageKey> = {
  done: 'messages.success',
  error: 'messages.error',
  timeout: 'messages.timeout',
  forbidden: 'messages.forbidden',
};

interface FeedbackPanelProps {
  status: FormStatus;
  /** OK: back to none (docs/interface.md). */
  onOk: () => void;
}

/** Feedback panel (docs/interface.md): what happened to the save, in place of the hidden form. */
export function FeedbackPanel({ status, onOk }: FeedbackPanelProps) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);

  // The form that had focus is hidden now; keyboard users continue from the OK button.
  useEffect(() => {
    if (status !== 'none' && status !== 'wait') okRef.current?.focus();
  }, [status]);

  if (status === 'none') return null;
  if (status === 'wait') {
    return (
      <div className={styles.feedback} role="status">
        <Spinner />
        <span>{t('messages.processing')}</span>
      </div>
    );
  }
  return (
    <div
      className={`${styles.feedback} ${status === 'done' ? styles.success : styles.failure}`}
      role={status === 'done' ? 'status' : 'alert'}
    >
      <span>{t(TEXTS[status])}</span>
      <button ref={okRef} type="button" className={controls.button} onClick={onOk}>
        {t('messages.ok')}
      </button>
    </div>
  );
}
