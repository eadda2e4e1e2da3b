import { describe, expect, it } from 'vitest';
import appEn from './app.en.json';
import appPl from './app.pl.json';
import appUk from './app.uk.json';
import coreEn from './en.json';
import { LANGUAGES, type Language } from './i18n';
import corePl from './pl.json';
import { SCREEN_PARTS } from './loggedInTexts';
import coreUk from './uk.json';

/** Every part of the screens' texts in every language, by file. */
const screenFiles = import.meta.glob<object>('./screens/*.json', {
  eager: true,
  import: 'default',
});
const screenPart = (part: string, language: Language): object => {
  const found = screenFiles[`./screens/${part}.${language}.json`];
  if (!found) throw new Error(`no texts ${part}.${language}`);
  return found;
};

/**
 * Each language's dictionaries: the core (login page), the app's (the logged-in frame and the
 * dashboard) and the screens' parts (the other logged-in screens).
 */
const partsOf = (language: Language, core: object, app: object): Record<string, object> => ({
  core,
  app,
  ...Object.fromEntries(SCREEN_PARTS.map((part) => [part, screenPart(part, language)])),
});
const parts: Record<Language, Record<string, object>> = {
  en: partsOf('en', coreEn, appEn),
  pl: partsOf('pl', corePl, appPl),
  uk: partsOf('uk', coreUk, appUk),
};

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
        result.set(path, leaf);
      }
    }
  } else {
    result.set(prefix, value);
  }
  return result;
}

/** A language's whole dictionary, as i18next holds it once every part is loaded. */
const whole = (language: Language): Map<string, unknown> =>
  new Map(Object.values(parts[language]).flatMap((part) => [...leaves(part)]));

const dictionaries = { en: whole('en'), pl: whole('pl'), uk: whole('uk') };

describe('dictionaries', () => {
  it('have every part of the screens in en, pl and uk, and no other', () => {
    const expected = SCREEN_PARTS.flatMap((part) =>
      LANGUAGES.map((language) => `./screens/${part}.${language}.json`),
    );
    expect(Object.keys(screenFiles).sort()).toEqual(expected.sort());
  });

  it.each(LANGUAGES)('%s: no key in two parts, nor a text where another part nests', (language) => {
    const paths = Object.values(parts[language]).flatMap((part) => [...leaves(part).keys()]);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    const sorted = [...paths].sort();
    expect(sorted.filter((path, i) => sorted[i + 1]?.startsWith(`${path}.`))).toEqual([]);
  });

  it('keep the core and the app sections whole: the screens share only their own', () => {
    for (const language of LANGUAGES) {
      const { core, app, ...screens } = parts[language];
      const outside = [...Object.keys(core!), ...Object.keys(app!)];
      const inside = new Set(Object.values(screens).flatMap((part) => Object.keys(part)));
      expect(outside.filter((section) => inside.has(section))).toEqual([]);
      expect(outside.filter((section, i) => outside.indexOf(section) !== i)).toEqual([]);
    }
  });

  it.each(['core', 'app', ...SCREEN_PARTS])('%s has the same keys in en, pl and uk', (part) => {
    const keys = (language: Language) => [...leaves(parts[language][part]).keys()].sort();
    expect(keys('pl')).toEqual(keys('en'));
    expect(keys('uk')).toEqual(keys('en'));
  });

  it('en, pl and uk have exactly the same keys', () => {
    const enKeys = [...dictionaries.en.keys()].sort();
    expect([...dictionaries.pl.keys()].sort()).toEqual(enKeys);
    expect([...dictionaries.uk.keys()].sort()).toEqual(enKeys);
  });

  it.each(Object.entries(dictionaries))('%s has a non-empty text for every key', (_name, dict) => {
    for (const [key, text] of dict) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it('pl carries the login messages word for word', () => {
    expect(corePl.login.errors.noConnection).toBe('Brak połączenia z serwerem');
    expect(corePl.login.errors.invalidCredentials).toBe('Błędny login lub hasło');
    expect(corePl.login.errors.generic).toBe('Wystąpił błąd');
  });

  it('en carries the fixed messages as documented', () => {
    expect(coreEn.messages).toMatchObject({
      success: 'Successfully done !',
      error: 'Something went wrong !',
      processing: 'Processing...',
      timeout: 'The request time of server answering is out !',
      forbidden: 'Access deny!',
      emptyList: 'Empty list',
      loading: 'Loading ...',
      copied: 'Copied',
      emailFormat: 'The email is not correct format !',
    });
    expect(appEn.header.searchPlaceholder).toBe('search here ...');
  });
});
