import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from './i18n';
import { loadAppTexts, loadScreenTexts, SCREEN_PARTS } from './loggedInTexts';

/** Where a number meets a noun, the noun takes its plural form (docs/interface.md, Plural forms). */
const at = (lng: string, key: string, values: Record<string, unknown> = {}) =>
  [1, 2, 5, 22].map((count) => i18next.t(key as never, { lng, count, ...values } as never));

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
  await loadScreenTexts(SCREEN_PARTS);
  await changeLanguage('pl');
  await changeLanguage('uk');
});

describe('plural forms', () => {
  it('pl', () => {
    expect(at('pl', 'validation.maxLength')).toEqual([
      'Najwyżej 1 znak.',
      'Najwyżej 2 znaki.',
      'Najwyżej 5 znaków.',
      'Najwyżej 22 znaki.',
    ]);
    expect(at('pl', 'import.progressText', { processed: 1 })).toEqual([
      '1 z 1 wiersza',
      '1 z 2 wierszy',
      '1 z 5 wierszy',
      '1 z 22 wierszy',
    ]);
    expect(at('pl', 'bot.graphButtons')).toEqual([
      '1 przycisk',
      '2 przyciski',
      '5 przycisków',
      '22 przyciski',
    ]);
    expect(at('pl', 'students.runSteps')).toEqual([
      '1 odpowiedź',
      '2 odpowiedzi',
      '5 odpowiedzi',
      '22 odpowiedzi',
    ]);
    expect(at('pl', 'bot.points')).toEqual(['1 punkt', '2 punkty', '5 punktów', '22 punkty']);
  });

  it('uk', () => {
    expect(at('uk', 'validation.minLength')).toEqual([
      'Не менше 1 символу.',
      'Не менше 2 символів.',
      'Не менше 5 символів.',
      'Не менше 22 символів.',
    ]);
    expect(at('uk', 'import.sampleNote')).toEqual([
      'Показано перший 1 рядок.',
      'Показано перші 2 рядки.',
      'Показано перші 5 рядків.',
      'Показано перші 22 рядки.',
    ]);
    expect(at('uk', 'bot.graphAnswers')).toEqual([
      '1 відповідь',
      '2 відповіді',
      '5 відповідей',
      '22 відповіді',
    ]);
    expect(at('uk', 'bot.points')).toEqual(['1 бал', '2 бали', '5 балів', '22 бали']);
  });

  it('en', () => {
    expect(at('en', 'bot.graphButtons')).toEqual([
      '1 button',
      '2 buttons',
      '5 buttons',
      '22 buttons',
    ]);
    expect(
      i18next.t('bot.graphLabel', { lng: 'en', answers: '1 answer', buttons: '0 buttons' }),
    ).toBe('Conversation graph: 1 answer, 0 buttons between them');
  });
});
