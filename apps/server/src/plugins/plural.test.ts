import { describe, expect, it } from 'vitest';
import { plural, pluralLocaleOf, type PluralForms, type PluralLocale } from './plural.js';

const points: Record<PluralLocale, PluralForms> = {
  en: { one: 'point', other: 'points' },
  pl: { one: 'punkt', few: 'punkty', many: 'punktów', other: 'punktu' },
  uk: { one: 'бал', few: 'бали', many: 'балів', other: 'бала' },
};

describe('plural', () => {
  it.each([
    [0, '0 points', '0 punktów', '0 балів'],
    [1, '1 point', '1 punkt', '1 бал'],
    [2, '2 points', '2 punkty', '2 бали'],
    [5, '5 points', '5 punktów', '5 балів'],
    [11, '11 points', '11 punktów', '11 балів'],
    [21, '21 points', '21 punktów', '21 бал'],
    [22, '22 points', '22 punkty', '22 бали'],
    [25, '25 points', '25 punktów', '25 балів'],
    [0.5, '0.5 points', '0.5 punktu', '0.5 бала'],
  ])('%s in en, pl and uk', (count, en, pl, uk) => {
    expect(plural('en', count, points)).toBe(en);
    expect(plural('pl', count, points)).toBe(pl);
    expect(plural('uk', count, points)).toBe(uk);
  });
});

describe('pluralLocaleOf', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['uk-UA,uk;q=0.9,en;q=0.8', 'uk'],
    ['de-DE,pl;q=0.7,en;q=0.5', 'pl'],
    ['en;q=0.5,uk;q=0.9', 'uk'],
    ['de-DE', 'en'],
  ])('%s means %s', (header, locale) => {
    expect(pluralLocaleOf(header)).toBe(locale);
  });
});
