import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import {
  afterCornerToggle,
  afterMenuToggle,
  readInitialNavState,
  storeNavState,
  type NavState,
} from './navState';
import { SideNav } from './SideNav';
import styles from './AppShell.module.css';

const MAIN_ID = 'main-content';

/** The logged-in layout: side navigation and the current screen. */
export function AppShell() {
  const { t } = useTranslation();
  const [navState, setNavState] = useState<NavState>(readInitialNavState);

  const update = (next: NavState) => {
    setNavState(next);
    storeNavState(next);
  };

  return (
    <div className={styles.shell} data-nav={navState}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <SideNav
        state={navState}
        onMenuToggle={() => update(afterMenuToggle(navState))}
        onCornerToggle={() => update(afterCornerToggle(navState))}
      />
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
