import type { SessionItem } from '@school/contract/auth';
import { useTranslation } from 'react-i18next';
import { askConfirm } from '../../components/feedback/confirm';
import { LoadingState } from '../../components/LoadingState';
import controls from '../../components/controls.module.css';
import { useSession } from '../../lib/session';
import { useDeleteSession, useSessions } from './sessionsApi';
import { SessionsTable } from './SessionsTable';
import card from '../../components/cardSection.module.css';

/** One's own sessions, each revoked at once after a confirmation (the profile's section). */
export function SessionsSection() {
  const { t } = useTranslation();
  const { session } = useSession();
  const sessions = useSessions();
  const deleteSession = useDeleteSession();

  const onDelete = async (item: SessionItem) => {
    const yes = await askConfirm({
      title: t('settings.revokeTitle'),
      message: item.current
        ? t('settings.confirmDeleteCurrent', { device: item.device })
        : t('settings.confirmDeleteOther', { device: item.device }),
      confirmLabel: t('settings.delete'),
    });
    if (yes) deleteSession.mutate(item);
  };

  const timeZone = session.isLoggedIn ? session.timeZone : undefined;

  return (
    <section className={`${controls.card} ${card.section}`} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className={card.heading}>
        {t('settings.sessions')}
      </h2>
      <p className={card.intro}>{t('settings.sessionsIntro')}</p>

      {deleteSession.isError && (
        <p className={card.error} role="alert">
          {t('messages.error')}
        </p>
      )}

      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <div className={card.error} role="alert">
          <span>{t('messages.error')}</span>{' '}
          <button type="button" className={card.linkButton} onClick={() => void sessions.refetch()}>
            {t('messages.retry')}
          </button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className={card.empty}>{t('messages.emptyList')}</p>
      ) : (
        <SessionsTable
          sessions={sessions.data}
          timeZone={timeZone}
          deletingId={deleteSession.isPending ? deleteSession.variables.id : null}
          onDelete={(item) => void onDelete(item)}
        />
      )}
    </section>
  );
}
