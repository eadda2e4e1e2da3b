import type { Root } from 'react-dom/client';
import type { Session } from '../lib/session';
import { SESSION_QUERY_KEY } from '../lib/session';
import { App } from './App';
import { createQueryClient } from './queryClient';
import { preloadRoute } from './routes';

/**
 * Renders the app into `root`. `session`: what the login page already knows (ADR 032), so the
 * app starts logged in without asking the server again; or the session check already under way
 * (started before the app's code was in), which the app waits for instead of asking again.
 */
export function mountApp(root: Root, session?: Session | Promise<Session>): void {
  const queryClient = createQueryClient();
  if (session instanceof Promise) {
    // The shell's and the screen's code download beside the session check (docs/quality.md).
    preloadRoute(window.location.pathname);
    void queryClient.prefetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: () => session,
      retry: false,
    });
  } else if (session) queryClient.setQueryData(SESSION_QUERY_KEY, session);
  root.render(<App queryClient={queryClient} />);
}
