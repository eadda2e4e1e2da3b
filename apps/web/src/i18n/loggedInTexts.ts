import type bot from './screens/bot.en.json';
import type clients from './screens/clients.en.json';
import type games from './screens/games.en.json';
import type history from './screens/history.en.json';
import type importTexts from './screens/import.en.json';
import type money from './screens/money.en.json';
import type payroll from './screens/payroll.en.json';
import type pipeline from './screens/pipeline.en.json';
import type schedule from './screens/schedule.en.json';
import type settings from './screens/settings.en.json';
import type shared from './screens/shared.en.json';
import type students from './screens/students.en.json';
import { loadTexts, type Language, type TextPart } from './i18n';

// The logged-in texts: not part of the login page's download (ADR 032), the screens' not part of
// the dashboard's, and each screen's apart from the others' (docs/quality.md, Download size).

const appLoaders: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('./app.en.json'),
  pl: () => import('./app.pl.json'),
  uk: () => import('./app.uk.json'),
};
const APP_TEXTS: TextPart = {
  name: 'app',
  load: async (language) => (await appLoaders[language]()).default,
};

/** The texts of the logged-in frame and the dashboard (the app shell waits for them). */
export const loadAppTexts = () => loadTexts([APP_TEXTS]);

/**
 * The texts of the other logged-in screens, in parts: `screens/{part}.{lang}.json`. A screen
 * awaits the parts that it and the components it renders use (app/screenTexts.ts), in the
 * current language only (ADR 021). No key is in two parts; a section may be (its labels that
 * screens of several parts show are in `shared`).
 */
export const SCREEN_PARTS = [
  'pipeline',
  'clients',
  'import',
  'students',
  'schedule',
  'history',
  'bot',
  'games',
  'settings',
  'payroll',
  'shared',
  'money',
] as const;
export type ScreenPart = (typeof SCREEN_PARTS)[number];

/** Every screen's text, typed by the English parts (a unit test checks pl and uk against them). */
export type ScreensDictionary = typeof pipeline &
  typeof clients &
  typeof importTexts &
  typeof students &
  typeof schedule &
  typeof history &
  typeof bot &
  typeof games &
  typeof settings &
  typeof payroll &
  typeof shared &
  typeof money;

/** One chunk per part and language, by file. */
const screenLoaders = import.meta.glob<object>('./screens/*.json', { import: 'default' });
const screenTexts = (part: ScreenPart): TextPart => ({
  name: part,
  load: (language) => {
    const load = screenLoaders[`./screens/${part}.${language}.json`];
    if (!load) throw new Error(`no texts ${part}.${language}`);
    return load();
  },
});

/**
 * The parts of the other logged-in screens' texts that a screen uses (it waits for them with its
 * code: app/screenTexts.ts).
 */
export const loadScreenTexts = (parts: readonly ScreenPart[]) => loadTexts(parts.map(screenTexts));
