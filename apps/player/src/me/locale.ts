import type { Locale } from '../i18n';

/**
 * Where the learner's page keeps a language chosen with its own switch: apart from the games'
 * (STORAGE_KEY), so a language picked inside a game never overrides the student's own
 * (docs/learner-page.md, Language; ADR 030).
 */
export const ME_STORAGE_KEY = 'player.me.locale';

/** What the learner's page may know of the language to show. */
export interface LocaleSources {
  /** chosen with this page's switch on this device, kept under ME_STORAGE_KEY */
  chosen: Locale | null;
  /** the student's own (their messenger's, from the page's data); null while unknown */
  student: Locale | null;
  /** the first of the browser's languages the player has */
  browser: Locale | null;
  /** the server's DEFAULT_LOCALE */
  fallback: Locale;
}

/**
 * The learner's page's language (docs/learner-page.md, Language): the one chosen with its own
 * switch, else the student's, else the browser's, else DEFAULT_LOCALE.
 */
export function chooseLocale({ chosen, student, browser, fallback }: LocaleSources): Locale {
  return chosen ?? student ?? browser ?? fallback;
}
