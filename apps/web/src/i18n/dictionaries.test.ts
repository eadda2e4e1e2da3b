import { describe, expect, it } from 'vitest';
import appEn from './app.en.json';
import appPl from './app.pl.json';
import appUk from './app.uk.json';
import coreEn from './en.json';
import screensEn from './screens.en.json';
import screensPl from './screens.pl.json';
import screensUk from './screens.uk.json';
import corePl from './pl.json';
import coreUk from './uk.json';

// Each language's whole dictionary: the core (login page), the app's (the logged-in frame and
// the dashboard) and the screens' (the other logged-in screens).
const en = { ...coreEn, ...appEn, ...screensEn };
const pl = { ...corePl, ...appPl, ...screensPl };
const uk = { ...coreUk, ...appUk, ...screensUk };

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

const dictionaries = { en, pl, uk };

describe('dictionaries', () => {
  it('split the texts between the core, the app and the screens without a section in two', () => {
    for (const parts of [
      [coreEn, appEn, screensEn],
      [corePl, appPl, screensPl],
      [coreUk, appUk, screensUk],
    ] as const) {
      const keys = parts.flatMap((part) => Object.keys(part));
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    }
  });

  it('en, pl and uk have exactly the same keys', () => {
    const enKeys = [...leaves(en).keys()].sort();
    expect([...leaves(pl).keys()].sort()).toEqual(enKeys);
    expect([...leaves(uk).keys()].sort()).toEqual(enKeys);
  });

  it.each(Object.entries(dictionaries))('%s has a non-empty text for every key', (_name, dict) => {
    for (const [key, text] of leaves(dict)) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it('pl carries the login messages word for word', () => {
    expect(pl.login.errors.noConnection).toBe('Brak połączenia z serwerem');
    expect(pl.login.errors.invalidCredentials).toBe('Błędny login lub hasło');
    expect(pl.login.errors.generic).toBe('Wystąpił błąd');
  });

  it('en carries the fixed messages as documented', () => {
    expect(en.messages).toMatchObject({
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
    expect(en.header.searchPlaceholder).toBe('search here ...');
  });
});
