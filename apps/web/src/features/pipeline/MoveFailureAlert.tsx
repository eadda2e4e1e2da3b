import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MoveFailure, MoveFailureReason } from './moveFailure';
import styles from './Pipeline.module.css';

function reasonText(t: TFunction, reason: MoveFailureReason): string | null {
  switch (reason) {
    case 'forbidden':
      return t('messages.forbidden');
    case 'timeout':
      return t('messages.timeout');
    case 'noConnection':
      return t('pipeline.noConnection');
    case 'notFound':
      return t('pipeline.notFound');
    case 'invalid':
      return t('pipeline.invalidStage');
    case 'generic':
      return null;
  }
}

/** SPEC §8: a failed stage move; the card is already back in its column when this shows. */
export function MoveFailureAlert({
  failure,
  onDismiss,
}: {
  failure: MoveFailure;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const reason = reasonText(t, failure.reason);
  return (
    <div className={styles.alert}>
      <div role="alert" className={styles.alertText}>
        <p>{t('pipeline.moveFailed', { name: failure.name, stage: failure.stage })}</p>
        {reason && <p>{reason}</p>}
      </div>
      <button type="button" className={styles.textButton} onClick={onDismiss}>
        {t('messages.ok')}
      </button>
    </div>
  );
}
