import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage';
import type appEn from './app.en.json';
import type screensEn from './screens.en.json';
import type en from './en.json';

export const LANGUAGES = ['en', 'pl', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * Every text, in three dictionaries whose top-level keys are disjoint: the core (the login page
 * and what shows outside the shell, loaded first: ADR 032), the app's (the logged-in frame, the
 * dashboard and the kit the screens share, loaded with the app shell) and the screens' (every
 * other logged-in screen, loaded with the first of them).
 */
export type Dictionary = typeof en & typeof appEn & typeof screensEn;
type CoreDictionary = typeof en;
type Part = 'app' | 'screens';

export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * docs/architecture.md, Configuration: the server's DEFAULT_LOCALE, which it writes into the page it serves
 * (<html data-default-locale>); else VITE_DEFAULT_LOCALE of the build; else en.
 */
function configuredDefault(): Language {
  const fromServer =
    typeof document === 'undefined' ? undefined : document.documentElement.dataset.defaultLocale;
  if (isLanguage(fromServer)) return fromServer;
  return isLanguage(import.meta.env.VITE_DEFAULT_LOCALE)
    ? import.meta.env.VITE_DEFAULT_LOCALE
    : 'en';
}

export const DEFAULT_LOCALE: Language = configuredDefault();

// One chunk per dictionary: a user downloads only the language they read.
const loaders: Record<Language, () => Promise<{ default: CoreDictionary }>> = {
  en: () => import('./en.json'),
  pl: () => import('./pl.json'),
  uk: () => import('./uk.json'),
};
// The logged-in texts: not part of the login page's download, and the screens' not part of the
// dashboard's (docs/quality.md budget).
const partLoaders: Record<Part, Record<Language, () => Promise<{ default: object }>>> = {
  app: {
    en: () => import('./app.en.json'),
    pl: () => import('./app.pl.json'),
    uk: () => import('./app.uk.json'),
  },
  screens: {
    en: () => import('./screens.en.json'),
    pl: () => import('./screens.pl.json'),
    uk: () => import('./screens.uk.json'),
  },
};
const loadedCore = new Set<Language>();
const loadedParts: Record<Part, Set<Language>> = { app: new Set(), screens: new Set() };
/** The parts asked for so far: a language change brings them in the new language too. */
const wantedParts = new Set<Part>();

export function initialLanguage(): Language {
  const stored = readStored(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LOCALE;
}

async function ensureLoaded(language: Language): Promise<void> {
  if (loadedCore.has(language)) return;
  const dictionary = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', dictionary.default, true, true);
  loadedCore.add(language);
}

async function ensurePartLoaded(part: Part, language: Language): Promise<void> {
  if (loadedParts[part].has(language)) return;
  const dictionary = await partLoaders[part][language]();
  i18next.addResourceBundle(language, 'translation', dictionary.default, true, true);
  loadedParts[part].add(language);
}

/** A part of the logged-in texts in the current language (what needs it waits for it). */
export async function loadTexts(part: Part): Promise<void> {
  wantedParts.add(part);
  const language = i18next.language;
  await ensurePartLoaded(part, isLanguage(language) ? language : DEFAULT_LOCALE);
}

/** The texts of the logged-in frame and the dashboard (the app shell waits for them). */
export const loadAppTexts = () => loadTexts('app');

/** The texts of the other logged-in screens (each of them waits for them). */
export const loadScreenTexts = () => loadTexts('screens');

function syncDocument(language: string): void {
  document.documentElement.lang = language;
  document.title = i18next.t('app.name');
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  const dictionary = await loaders[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    // Every dictionary has every key (a unit test checks it), so there is nothing to fall back to.
    fallbackLng: false,
    resources: { [language]: { translation: dictionary.default } },
    interpolation: { escapeValue: false },
  });
  loadedCore.add(language);
  i18next.on('languageChanged', syncDocument);
  syncDocument(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([
    ensureLoaded(language),
    ...[...wantedParts].map((part) => ensurePartLoaded(part, language)),
  ]);
  await i18next.changeLanguage(language);
  writeStored(LANGUAGE_STORAGE_KEY, language);
}
