// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { storedLocale, storeLocale } from '../i18n';
import { chooseLocale, ME_STORAGE_KEY } from './locale';

describe("the learner's page's language", () => {
  const none = { chosen: null, student: null, browser: null, fallback: 'en' } as const;

  it('is the one chosen with its own switch first', () => {
    expect(chooseLocale({ chosen: 'pl', student: 'uk', browser: 'en', fallback: 'en' })).toBe('pl');
  });

  it("is else the student's", () => {
    expect(chooseLocale({ ...none, student: 'uk', browser: 'pl' })).toBe('uk');
  });

  it("is else the browser's", () => {
    expect(chooseLocale({ ...none, browser: 'pl', fallback: 'uk' })).toBe('pl');
  });

  it("is else the server's default", () => {
    expect(chooseLocale({ ...none, fallback: 'uk' })).toBe('uk');
  });

  it("keeps its own choice apart from the games'", () => {
    localStorage.clear();
    storeLocale('pl'); // a switch inside a game
    expect(storedLocale()).toBe('pl');
    expect(storedLocale(ME_STORAGE_KEY)).toBeNull();
    storeLocale('uk', ME_STORAGE_KEY); // the page's own switch
    expect(storedLocale(ME_STORAGE_KEY)).toBe('uk');
    expect(storedLocale()).toBe('pl');
  });
});
