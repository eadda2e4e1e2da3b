import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import styles from './SideNav.module.css';

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** docs/screens.md, Side navigation: avatar and the user's first and last name at the top of the bar. */
export function PersonalBlock({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session.isLoggedIn) return null;

  const fullName = `${session.firstName} ${session.lastName}`.trim();
  return (
    <div
      className={styles.personal}
      title={compact ? t('nav.user', { name: fullName }) : undefined}
    >
      <span className={styles.avatar} aria-hidden="true">
        {initials(session.firstName, session.lastName)}
      </span>
      <span className={compact ? 'visually-hidden' : styles.userName}>{fullName}</span>
    </div>
  );
}
