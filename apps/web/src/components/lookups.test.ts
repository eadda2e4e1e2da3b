import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { loadAppTexts } from '../i18n/loggedInTexts';
import { lookupLabel, lookupName } from './lookups';

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
  await changeLanguage('pl');
  await changeLanguage('uk');
});

const buttons = { id: 1, name: 'Message with buttons', key: 'answerTypes.buttons' };
const typed = { id: 7, name: 'Nasz własny typ', key: null };

describe('lookup names (docs/data-model.md, Lookups)', () => {
  it('shows a seeded row in the chosen language', () => {
    expect(lookupName(buttons, i18next.getFixedT('en'))).toBe('Message with buttons');
    expect(lookupName(buttons, i18next.getFixedT('pl'))).toBe('Wiadomość z przyciskami');
    expect(lookupName(buttons, i18next.getFixedT('uk'))).toBe('Повідомлення з кнопками');
    const polish = { id: 3, name: 'Polish', key: 'languages.polish' };
    expect(lookupName(polish, i18next.getFixedT('uk'))).toBe('Польська');
    expect(
      lookupName({ id: 2, name: 'Test', key: 'conversationTypes.test' }, i18next.getFixedT('uk')),
    ).toBe('Тест');
  });

  it('shows a name staff typed (or renamed) as typed, in every language', () => {
    for (const lng of ['en', 'pl', 'uk']) {
      expect(lookupName(typed, i18next.getFixedT(lng))).toBe('Nasz własny typ');
      expect(lookupName({ id: 8, name: 'Starter' }, i18next.getFixedT(lng))).toBe('Starter');
    }
  });

  it('falls back to the stored name for a key the dictionaries do not know', () => {
    const unknown = { id: 9, name: 'Podcast', key: 'sources.podcast' };
    expect(lookupName(unknown, i18next.getFixedT('pl'))).toBe('Podcast');
  });

  it('selectors and columns name seeded rows in the language; a person stays a person', () => {
    expect(lookupLabel('answerTypeId', buttons, i18next.getFixedT('pl'))).toBe(
      'Wiadomość z przyciskami',
    );
    // the value a field stores by name stays the stored name
    expect(lookupLabel('name', buttons)).toBe('Message with buttons');
    const person = { id: 4, firstName: 'Olena', lastName: 'Koval', name: 'x', key: null };
    expect(lookupLabel('responsibleId', person, i18next.getFixedT('uk'))).toBe('Olena Koval');
  });
});
