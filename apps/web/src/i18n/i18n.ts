import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage';
import type appEn from './app.en.json';
import type en from './en.json';

export const LANGUAGES = ['en', 'pl', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * Every text: the core dictionary (what the login page and the frame need, loaded first) and the
 * app's (the logged-in screens, loaded with the app shell). Their top-level keys are disjoint.
 */
export type Dictionary = typeof en & typeof appEn;
type CoreDictionary = typeof en;
type AppDictionary = typeof appEn;

export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * DESIGN §1: the server's DEFAULT_LOCALE, which it writes into the page it serves
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
// The logged-in screens' texts: not part of the login page's download (DESIGN §4 budget).
const appLoaders: Record<Language, () => Promise<{ default: AppDictionary }>> = {
  en: () => import('./app.en.json'),
  pl: () => import('./app.pl.json'),
  uk: () => import('./app.uk.json'),
};
const loadedCore = new Set<Language>();
const loadedApp = new Set<Language>();
/** The app shell has been asked for: a language change brings the app's texts too. */
let appWanted = false;

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

async function ensureAppLoaded(language: Language): Promise<void> {
  if (loadedApp.has(language)) return;
  const dictionary = await appLoaders[language]();
  i18next.addResourceBundle(language, 'translation', dictionary.default, true, true);
  loadedApp.add(language);
}

/** The texts of the logged-in screens in the current language (the app shell waits for them). */
export async function loadAppTexts(): Promise<void> {
  appWanted = true;
  const language = i18next.language;
  await ensureAppLoaded(isLanguage(language) ? language : DEFAULT_LOCALE);
}

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
  await Promise.all([ensureLoaded(language), appWanted ? ensureAppLoaded(language) : undefined]);
  await i18next.changeLanguage(language);
  writeStored(LANGUAGE_STORAGE_KEY, language);
}
