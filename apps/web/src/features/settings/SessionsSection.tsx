import type { SessionItem } from '@school/contract/auth';
import { useTranslation } from 'react-i18next';
import { askConfirm } from '../../components/feedback/confirm';
import { LoadingState } from '../../components/LoadingState';
import { useSession } from '../../lib/session';
import { deviceText } from './deviceText';
import { useDeleteSession, useSessions } from './sessionsApi';
import { SessionsTable } from './SessionsTable';
import card from '../../components/cardSection.module.css';
import { CardError, CardRetry, CardSection } from '../../components/CardSection';

/** One's own sessions, each revoked at once after a confirmation (a section of Settings). */
export function SessionsSection() {
  const { t } = useTranslation();
  const { session } = useSession();
  const sessions = useSessions();
  const deleteSession = useDeleteSession();

  const onDelete = async (item: SessionItem) => {
    const yes = await askConfirm({
      title: t('settings.revokeTitle'),
      message: item.current
        ? t('settings.confirmDeleteCurrent', { device: deviceText(t, item.device) })
        : t('settings.confirmDeleteOther', { device: deviceText(t, item.device) }),
      confirmLabel: t('settings.delete'),
    });
    if (yes) deleteSession.mutate(item);
  };

  const timeZone = session.isLoggedIn ? session.timeZone : undefined;

  return (
    <CardSection
      headingId="sessions-heading"
      title={t('settings.sessions')}
      intro={t('settings.sessionsIntro')}
    >
      {deleteSession.isError && <CardError>{t('messages.error')}</CardError>}

      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <CardRetry onRetry={() => void sessions.refetch()} />
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
    </CardSection>
  );
}
