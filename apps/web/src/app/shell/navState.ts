import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage';

export type NavState = 'open' | 'collapsed' | 'hidden';

export const NAV_STATE_STORAGE_KEY = 'navState';
/** docs/screens.md, Side navigation: below this window width the bar starts hidden (or collapsed when stored open). */
export const NARROW_SCREEN_WIDTH = 900;

/** The state is stored as numbers (docs/screens.md, Side navigation): 1 open, 0 collapsed, 3 hidden. */
const STORED_CODES: Record<NavState, string> = { open: '1', collapsed: '0', hidden: '3' };

export function parseNavState(stored: string | null): NavState | null {
  const entry = Object.entries(STORED_CODES).find(([, code]) => code === stored);
  return entry ? (entry[0] as NavState) : null;
}

export function initialNavState(stored: string | null, windowWidth: number): NavState {
  const state = parseNavState(stored);
  if (windowWidth < NARROW_SCREEN_WIDTH) return state === 'open' ? 'collapsed' : 'hidden';
  return state ?? 'open';
}

/** The menu button: open <-> collapsed (from hidden it opens the bar fully). */
export function afterMenuToggle(state: NavState): NavState {
  return state === 'open' ? 'collapsed' : 'open';
}

/** The round corner button: hidden <-> collapsed (from open it hides the bar). */
export function afterCornerToggle(state: NavState): NavState {
  return state === 'hidden' ? 'collapsed' : 'hidden';
}

export function readInitialNavState(): NavState {
  return initialNavState(readStored(NAV_STATE_STORAGE_KEY), window.innerWidth);
}

export function storeNavState(state: NavState): void {
  writeStored(NAV_STATE_STORAGE_KEY, STORED_CODES[state]);
}

const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_WIDTH - 1}px)`;

function subscribeNarrow(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY).matches
    : window.innerWidth < NARROW_SCREEN_WIDTH;
}

/** Below 900px the open bar is a drawer over the content rather than a column beside it. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow);
}
