import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { setupI18n } from '../../test/utils';
import { deviceText } from './deviceText';

beforeAll(setupI18n);
afterAll(() => changeLanguage('en'));

describe('a session’s device in the interface’s language', () => {
  it.each([
    ['en', 'Chrome 153 on Linux', 'Mobile Safari 18 on iOS 18.1 (mobile)', 'Unknown device'],
    ['uk', 'Chrome 153 на Linux', 'Mobile Safari 18 на iOS 18.1 (телефон)', 'Невідомий пристрій'],
    [
      'pl',
      'Chrome 153 w systemie Linux',
      'Mobile Safari 18 w systemie iOS 18.1 (telefon)',
      'Nieznane urządzenie',
    ],
  ] as const)('in %s', async (language, desktop, phone, unknown) => {
    await changeLanguage(language);
    const t = i18next.t.bind(i18next);
    expect(deviceText(t, 'Chrome 153 on Linux')).toBe(desktop);
    expect(deviceText(t, 'Mobile Safari 18 on iOS 18.1 (mobile)')).toBe(phone);
    expect(deviceText(t, 'Unknown device')).toBe(unknown);
    // a browser or a system alone keeps its name
    expect(deviceText(t, 'Firefox 140')).toBe('Firefox 140');
  });
});
