import { ChevronLeft, ChevronRight, Menu, Moon, Sun } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useTheme } from '../../theme/theme';
import { mayOpen } from '../../lib/access';
import { isCurrentSection, NAV_ITEMS } from './navItems';
import type { NavState } from './navState';
import { PersonalBlock } from './PersonalBlock';
import styles from './SideNav.module.css';

interface SideNavProps {
  ref?: Ref<HTMLElement>;
  state: NavState;
  onMenuToggle: () => void;
  onCornerToggle: () => void;
  onNavigate?: (() => void) | undefined;
}

export function SideNav({ ref, state, onMenuToggle, onCornerToggle, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { theme, toggleTheme } = useTheme();
  const isOpen = state === 'open';
  const darkLabel = t('nav.darkTheme');
  const { session } = useSession();
  // a role leaves out the screens it may not use (docs/roles.md)
  const items = NAV_ITEMS.filter((item) => !session.isLoggedIn || mayOpen(session.role, item.to));

  return (
    <nav ref={ref} className={styles.nav} aria-label={t('nav.label')} data-state={state}>
      {/* first in the tab order as it sits at the top of the bar (docs/screens.md) */}
      <button
        type="button"
        className={styles.cornerButton}
        data-corner
        aria-label={t('nav.toggleVisibility')}
        title={t('nav.toggleVisibility')}
        aria-expanded={state !== 'hidden'}
        onClick={onCornerToggle}
      >
        {state === 'hidden' ? (
          <ChevronRight size={16} aria-hidden="true" />
        ) : (
          <ChevronLeft size={16} aria-hidden="true" />
        )}
      </button>
      {/* inert: a hidden bar must not catch keyboard focus or screen-reader browsing. */}
      <div className={styles.inner} inert={state === 'hidden'}>
        <div className={styles.top}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('nav.toggleMenu')}
            title={t('nav.toggleMenu')}
            aria-expanded={isOpen}
            onClick={onMenuToggle}
          >
            <Menu size={20} aria-hidden="true" />
          </button>
          {isOpen && <span className={styles.brand}>{t('app.name')}</span>}
        </div>

        <PersonalBlock compact={!isOpen} onNavigate={onNavigate} />

        <ul className={styles.links}>
          {items.map((item) => {
            const label = t(item.labelKey);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={styles.link}
                  aria-label={label}
                  title={isOpen ? undefined : label}
                  aria-current={isCurrentSection(item, pathname) ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <Icon size={20} aria-hidden="true" />
                  <span className={styles.label}>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>

        <div className={styles.bottom}>
          <button
            type="button"
            className={styles.themeToggle}
            aria-label={darkLabel}
            title={isOpen ? undefined : darkLabel}
            aria-pressed={theme === 'dark'}
            onClick={toggleTheme}
          >
            {theme === 'dark' ? (
              <Moon size={20} aria-hidden="true" />
            ) : (
              <Sun size={20} aria-hidden="true" />
            )}
            <span className={styles.label}>{darkLabel}</span>
            <span className={styles.switch} aria-hidden="true" />
          </button>
        </div>
      </div>
    </nav>
  );
}
