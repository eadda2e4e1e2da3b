import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useMayDo } from '../../lib/access';
import { useSession } from '../../lib/session';
import { BackupsSection } from './BackupsSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { DictionariesSection } from './DictionariesSection';
import { SchoolDetailsSection } from './SchoolDetailsSection';
import { SessionsSection } from './SessionsSection';
import styles from './SettingsScreen.module.css';
import { CardSection } from '../../components/CardSection';

/**
 * /settings (docs/screens.md): the interface language first, one's own sessions, the calendar
 * feed, the school's details, the dictionaries and an admin's backups; one's details and password are on /profile.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const mayBackUp = useMayDo('backups', 'read');

  return (
    <>
      <HeaderBlock title={t('titles.settings')} />

      <CardSection headingId="prefs-heading" title={t('settings.preferences')}>
        <div className={styles.preferences}>
          <LanguageSelect />
        </div>
        <p className={styles.profileLink}>
          {t('settings.profileIn')} <Link to="/profile">{t('settings.toProfile')}</Link>
        </p>
      </CardSection>

      <SessionsSection />

      <CalendarFeedSection />

      <SchoolDetailsSection />

      <DictionariesSection />

      {mayBackUp && <BackupsSection timeZone={timeZone} />}
    </>
  );
}
