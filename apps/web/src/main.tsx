import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/i18n';
import { sendFirstReads } from './lib/firstReads';
import { fetchSession, type Session } from './lib/sessionCheck';
import { initTheme } from './theme/theme';
import './styles/global.css';

initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/** The app (router, query cache, shell, screens): its own chunks, not the login page's (ADR 032). */
const loadApp = () => import('./app/mount');

// The dictionary is a separate chunk; render once it is in, so no key ever flashes on screen.
if (/^\/login\/?$/.test(window.location.pathname)) {
  const [{ LoginPage }] = await Promise.all([import('./features/auth/LoginPage'), initI18n()]);
  // The address changes when the app renders, as the app's own login form changes it.
  const onLoggedIn = (session: Session, to: string) => {
    void loadApp().then(({ mountApp }) => {
      window.history.replaceState(null, '', to);
      mountApp(root, session);
    });
  };
  root.render(
    <StrictMode>
      <LoginPage onLoggedIn={onLoggedIn} />
    </StrictMode>,
  );
} else {
  // The session check starts now, beside the app's download, not after its first render
  // (docs/quality.md, First screen of a returning user).
  // Not on /logout, which ends the session instead.
  const loggingOut = /^\/+logout\/?$/.test(window.location.pathname);
  // The screen's own reads go too, as it asked for them last time (ADR 050).
  if (!loggingOut) sendFirstReads(window.location.pathname);
  const checking = loggingOut ? undefined : fetchSession();
  checking?.catch(() => undefined);
  const [{ mountApp }] = await Promise.all([loadApp(), initI18n()]);
  mountApp(root, checking);
}
