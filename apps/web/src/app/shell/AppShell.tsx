import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import {
  afterCornerToggle,
  afterMenuToggle,
  readInitialNavState,
  storeNavState,
  useNarrowScreen,
  type NavState,
} from './navState';
import { SideNav } from './SideNav';
import styles from './AppShell.module.css';

const MAIN_ID = 'main-content';

/**
 * The logged-in layout: side navigation and the current screen. Below 900px the open bar is a
 * drawer over the content: a backdrop click, Escape or following a link closes it, and while it
 * is open the content is inert.
 */
export function AppShell() {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const [navState, setNavState] = useState<NavState>(readInitialNavState);
  const navRef = useRef<HTMLElement>(null);
  const drawerOpen = narrow && navState === 'open';

  const update = (next: NavState) => {
    setNavState(next);
    storeNavState(next);
  };

  useEffect(() => {
    if (!drawerOpen) return undefined;
    const nav = navRef.current;
    const opener = document.activeElement;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Captured first: the drawer is on top, so panels beneath keep theirs.
      event.preventDefault();
      setNavState('hidden');
      storeNavState('hidden');
    };
    if (!(opener instanceof Node && nav?.contains(opener))) {
      nav?.querySelector<HTMLElement>('a[href], button')?.focus();
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      // Closed: focus goes to the button that opens the bar again, not lost with the drawer.
      if (nav?.contains(document.activeElement) || document.activeElement === document.body) {
        nav?.querySelector<HTMLElement>('button[data-corner]')?.focus();
      }
    };
  }, [drawerOpen]);

  return (
    <div className={styles.shell} data-nav={navState} data-narrow={narrow || undefined}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <SideNav
        ref={navRef}
        state={navState}
        onMenuToggle={() => update(afterMenuToggle(navState))}
        onCornerToggle={() => update(afterCornerToggle(navState))}
        // A link followed in the drawer closes it: the screen behind is what was asked for.
        onNavigate={drawerOpen ? () => update('hidden') : undefined}
      />
      {drawerOpen && (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={t('nav.close')}
          tabIndex={-1}
          onClick={() => update('hidden')}
        />
      )}
      <main id={MAIN_ID} className={styles.main} tabIndex={-1} inert={drawerOpen}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
