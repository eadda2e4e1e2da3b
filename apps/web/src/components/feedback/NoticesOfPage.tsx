import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { showingPage } from './notices';

/**
 * Tells the notices which page is on screen, inside the router: a plain notice goes when the
 * user leaves the page it was about (docs/interface.md, Confirmations and notices). Layout
 * effect: the page is known before the new screen's own effects raise anything.
 */
export function NoticesOfPage() {
  const { pathname } = useLocation();
  useLayoutEffect(() => showingPage(pathname), [pathname]);
  return null;
}
