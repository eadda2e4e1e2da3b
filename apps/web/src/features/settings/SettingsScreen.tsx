import type { SessionItem } from '@school/contract/auth';
import { mayDo } from '@school/contract/roles';
import { useTranslation } from 'react-i18next';
import { askConfirm } from '../../components/feedback/confirm';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LoadingState } from '../../components/LoadingState';
import controls from '../../components/controls.module.css';
import { useSession } from '../../lib/session';
import { BackupsSection } from './BackupsSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { DictionariesSection } from './DictionariesSection';
import { useDeleteSession, useSessions } from './sessionsApi';
import { SessionsTable } from './SessionsTable';
import styles from './SettingsScreen.module.css';

export function SettingsScreen() {
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
    <>
      <HeaderBlock title={t('titles.settings')} />

      <section className={`${controls.card} ${styles.section}`} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className={styles.heading}>
          {t('settings.sessions')}
        </h2>
        <p className={styles.intro}>{t('settings.sessionsIntro')}</p>

        {deleteSession.isError && (
          <p className={styles.error} role="alert">
            {t('messages.error')}
          </p>
        )}

        {sessions.isPending ? (
          <LoadingState />
        ) : sessions.isError ? (
          <div className={styles.error} role="alert">
            <span>{t('messages.error')}</span>{' '}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => void sessions.refetch()}
            >
              {t('messages.retry')}
            </button>
          </div>
        ) : sessions.data.length === 0 ? (
          <p className={styles.empty}>{t('messages.emptyList')}</p>
        ) : (
          <SessionsTable
            sessions={sessions.data}
            timeZone={timeZone}
            deletingId={deleteSession.isPending ? deleteSession.variables.id : null}
            onDelete={(item) => void onDelete(item)}
          />
        )}
      </section>

      <CalendarFeedSection />

      <DictionariesSection />

      {session.isLoggedIn && mayDo(session.role, 'backups', 'read') && (
        <BackupsSection timeZone={timeZone} />
      )}

      <section className={`${controls.card} ${styles.section}`} aria-labelledby="prefs-heading">
        <h2 id="prefs-heading" className={styles.heading}>
          {t('settings.preferences')}
        </h2>
        <div className={styles.preferences}>
          <LanguageSelect />
        </div>
      </section>
    </>
  );
}
