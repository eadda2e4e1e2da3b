import { HttpError } from '../../lib/http';
import { moduleStore } from './store';

/** A short message in the app's notice area, optionally with one action (Undo). */
export interface Notice {
  id: number;
  /** Already translated. */
  text: string;
  /** error: announced assertively and kept until dismissed. */
  tone: 'info' | 'error';
  action?: { label: string; run: () => void };
  /** Removed by itself after this long; null keeps it until dismissed. */
  durationMs: number | null;
  /**
   * The page (path) the notice is about: it goes when the user leaves that page. A plain
   * notice ('Copied', 'Successfully done !') is about the page it was raised on; a notice with
   * an action (Undo) and an error are about changes that outlive the page, and stay (null).
   */
  page: string | null;
}

export type NoticeInput = Omit<Notice, 'id' | 'durationMs' | 'tone' | 'page'> &
  Partial<Pick<Notice, 'durationMs' | 'tone' | 'page'>>;

/** How long a plain notice stays ("Copied", "Successfully done !"). */
export const NOTICE_MS = 4000;

const store = moduleStore<readonly Notice[]>([]);
let nextId = 1;
/** The path on screen, as the router last said (NoticesOfPage); null: not told. */
let currentPage: string | null = null;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

const emit = store.set;

/**
 * Shows a notice from anywhere (a hook, a pending commit's callback): the store lives outside
 * React, so a notice outlives the screen that raised it. Returns its id for dismissNotice.
 */
export function showNotice(input: NoticeInput): number {
  const tone = input.tone ?? 'info';
  const plain = tone === 'info' && input.action === undefined;
  const notice: Notice = {
    ...input,
    id: nextId++,
    tone,
    page: input.page !== undefined ? input.page : plain ? currentPage : null,
    durationMs:
      input.durationMs === undefined ? (tone === 'error' ? null : NOTICE_MS) : input.durationMs,
  };
  emit([...store.get(), notice]);
  if (notice.durationMs !== null) {
    timers.set(
      notice.id,
      setTimeout(() => dismissNotice(notice.id), notice.durationMs),
    );
  }
  return notice.id;
}

/**
 * A write that failed: the server's own words when it refused it (4xx), else `fallback`; what
 * nobody expected also goes to the console.
 */
export function showFailure(error: unknown, fallback: string): void {
  const refused = error instanceof HttpError && error.status < 500;
  if (!refused) console.error(error);
  showNotice({ text: (refused && error.body?.message) || fallback, tone: 'error' });
}

export function dismissNotice(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const notices = store.get();
  if (notices.some((notice) => notice.id === id)) {
    emit(notices.filter((notice) => notice.id !== id));
  }
}

/**
 * The router shows `pathname`: the notices about another page go with it (a 'Copied' does not
 * follow the user to the next screen); what is raised from now on is about this page.
 */
export function showingPage(pathname: string): void {
  currentPage = pathname;
  for (const notice of store.get()) {
    if (notice.page !== null && notice.page !== pathname) dismissNotice(notice.id);
  }
}

/** Logout and tests: nothing of the previous user stays on screen. */
export function clearNotices(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  if (store.get().length > 0) emit([]);
}

export function useNotices(): readonly Notice[] {
  return store.use();
}
