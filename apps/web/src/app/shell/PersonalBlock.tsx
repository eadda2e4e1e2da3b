import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session';
import styles from './SideNav.module.css';

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * docs/screens.md, Side navigation: avatar and the user's first and last name at the top of the
 * bar, a link to their profile (own details, password, sessions).
 */
export function PersonalBlock({
  compact,
  onNavigate,
}: {
  compact: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session.isLoggedIn) return null;

  const fullName = `${session.firstName} ${session.lastName}`.trim();
  return (
    <NavLink
      to="/profile"
      className={styles.personal}
      aria-label={t('nav.profile', { name: fullName })}
      title={compact ? t('nav.user', { name: fullName }) : undefined}
      onClick={onNavigate}
    >
      {/* the initials are drawn by CSS, not text: the link's visible text is the name alone,
          which its accessible name holds (WCAG 2.5.3, docs/interface.md, Accessibility) */}
      <span
        className={styles.avatar}
        aria-hidden="true"
        data-initials={initials(session.firstName, session.lastName)}
      />
      <span className={compact ? 'visually-hidden' : styles.userName}>{fullName}</span>
    </NavLink>
  );
}
