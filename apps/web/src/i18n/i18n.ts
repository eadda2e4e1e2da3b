import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage';
import type appEn from './app.en.json';
import type en from './en.json';
import type { ScreensDictionary } from './loggedInTexts';

export const LANGUAGES = ['en', 'pl', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * Every text, in dictionaries that share no key: the core (the login page and what shows outside
 * the shell, loaded first: ADR 032), the app's (the logged-in frame, the dashboard and the kit
 * the screens share, loaded with the app shell) and the screens' parts (every other logged-in
 * screen's, each screen loading the parts it uses). The logged-in ones: loggedInTexts.ts, ADR 021.
 */
export type Dictionary = typeof en & typeof appEn & ScreensDictionary;
type CoreDictionary = typeof en;

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
/**
 * A part of the logged-in texts: its name and how to load it in a language. The parts are in
 * loggedInTexts.ts, which only the app imports, not the login page (ADR 032).
 */
export interface TextPart {
  readonly name: string;
  readonly load: (language: Language) => Promise<object>;
}

const loadedCore = new Set<Language>();
/** `{part}.{language}` of every part loaded. */
const loadedParts = new Set<string>();
/** The parts asked for so far, by name: a language change brings them in the new language too. */
const wantedParts = new Map<string, TextPart>();

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

async function ensurePartLoaded(part: TextPart, language: Language): Promise<void> {
  const key = `${part.name}.${language}`;
  if (loadedParts.has(key)) return;
  // deep: a section may be in more than one part
  i18next.addResourceBundle(language, 'translation', await part.load(language), true, true);
  loadedParts.add(key);
}

/** Parts of the logged-in texts in the current language (what needs them waits for them). */
export async function loadTexts(parts: readonly TextPart[]): Promise<void> {
  for (const part of parts) wantedParts.set(part.name, part);
  const language = i18next.language;
  const current = isLanguage(language) ? language : DEFAULT_LOCALE;
  await Promise.all(parts.map((part) => ensurePartLoaded(part, current)));
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
  await Promise.all([
    ensureLoaded(language),
    ...[...wantedParts.values()].map((part) => ensurePartLoaded(part, language)),
  ]);
  await i18next.changeLanguage(language);
  writeStored(LANGUAGE_STORAGE_KEY, language);
}
