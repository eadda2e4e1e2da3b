import type { Root } from 'react-dom/client';
import type { Session } from '../lib/session';
import { SESSION_QUERY_KEY } from '../lib/session';
import { App } from './App';
import { createQueryClient } from './queryClient';

/**
 * Renders the app into `root`. `session`: what the login page already knows (ADR 032), so the
 * app starts logged in without asking the server again.
 */
export function mountApp(root: Root, session?: Session): void {
  const queryClient = createQueryClient();
  if (session) queryClient.setQueryData(SESSION_QUERY_KEY, session);
  root.render(<App queryClient={queryClient} />);
}
