import { useTranslation } from 'react-i18next';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useMayDo } from '../../lib/access';
import { useSession } from '../../lib/session';
import { BackupsSection } from './BackupsSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { DictionariesSection } from './DictionariesSection';
import styles from './SettingsScreen.module.css';
import { CardSection } from '../../components/CardSection';

/** The calendar feed, the dictionaries, an admin's backups and preferences; one's sessions are on /profile. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const mayBackUp = useMayDo('backups', 'read');

  return (
    <>
      <HeaderBlock title={t('titles.settings')} />

      <CalendarFeedSection />

      <DictionariesSection />

      {mayBackUp && <BackupsSection timeZone={timeZone} />}

      <CardSection headingId="prefs-heading" title={t('settings.preferences')}>
        <div className={styles.preferences}>
          <LanguageSelect />
        </div>
      </CardSection>
    </>
  );
}
