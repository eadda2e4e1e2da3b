import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { Modal } from '../Modal';
import { usePendingConfirm } from './confirm';
import { dismissNotice, useNotices } from './notices';
import styles from './Feedback.module.css';

/**
 * The app's notices and its confirmation dialog, in place of window.alert/confirm (docs/interface.md,
 * Confirmations and notices). The notice area is a polite live region that is always there, so screen readers
 * announce what is added to it; each notice is a status, an error an alert.
 */
export function FeedbackHost() {
  const { t } = useTranslation();
  const notices = useNotices();
  const question = usePendingConfirm();

  return (
    <>
      <div className={styles.notices}>
        <div aria-live="polite" className={styles.stack}>
          {notices.map((notice) => (
            <div
              key={notice.id}
              className={`${styles.notice} ${notice.tone === 'error' ? styles.error : ''}`}
              role={notice.tone === 'error' ? 'alert' : 'status'}
            >
              <p className={styles.text}>{notice.text}</p>
              {notice.action && (
                <button
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    dismissNotice(notice.id);
                    notice.action?.run();
                  }}
                >
                  {notice.action.label}
                </button>
              )}
              <button
                type="button"
                className={styles.close}
                aria-label={t('notices.dismiss')}
                title={t('notices.dismiss')}
                onClick={() => dismissNotice(notice.id)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          ))}
        </div>
      </div>
      <Modal
        open={question !== null}
        role="alertdialog"
        title={question?.title ?? ''}
        onClose={() => question?.answer(false)}
      >
        {question && (
          <>
            <p className={styles.question}>{question.message}</p>
            <div className={styles.answers}>
              <button
                type="button"
                className={controls.secondaryButton}
                onClick={() => question.answer(false)}
              >
                {t('notices.cancel')}
              </button>
              <button
                type="button"
                className={controls.button}
                onClick={() => question.answer(true)}
              >
                {question.confirmLabel}
              </button>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
