import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from './i18n';
import { loadAppTexts, loadScreenTexts } from './loggedInTexts';

describe('texts loaded in parts', () => {
  it('loads each part when asked, and a language change brings every part asked for', async () => {
    await initI18n('en');
    expect(i18next.t('login.submit')).not.toBe('login.submit');
    // the logged-in parts are not there before they are asked for
    expect(i18next.exists('nav.label')).toBe(false);
    expect(i18next.exists('games.playable')).toBe(false);
    // nor the texts only logged-in screens show: the login page loads its own (ADR 032)
    expect(i18next.exists('titles.dashboard')).toBe(false);
    expect(i18next.exists('validation.required')).toBe(false);

    await loadAppTexts();
    expect(i18next.t('nav.label')).toBe('Main navigation');
    expect(i18next.t('titles.dashboard')).toBe('Dashboard');
    expect(i18next.exists('games.playable')).toBe(false);

    // a screen's parts, and not the other screens' (ADR 021)
    await loadScreenTexts(['games']);
    expect(i18next.t('games.playable')).toBe('Ready to play');
    expect(i18next.exists('bot.graphLabel')).toBe(false);
    expect(i18next.exists('schedule.newLesson')).toBe(false);
    // a section's labels that several screens show are in the shared part
    expect(i18next.exists('games.qrDownload')).toBe(false);

    await changeLanguage('pl');
    expect(i18next.language).toBe('pl');
    expect(i18next.t('nav.label')).not.toBe('Main navigation');
    expect(i18next.t('games.playable')).not.toBe('Ready to play');
    expect(i18next.exists('games.playable', { lng: 'pl' })).toBe(true);
    expect(i18next.exists('bot.graphLabel', { lng: 'pl' })).toBe(false);

    // a part asked for in pl comes in en with the next change, beside the section's other part
    await loadScreenTexts(['shared']);
    expect(i18next.t('games.qrDownload')).toBe('Pobierz kod QR');
    await changeLanguage('en');
    expect(i18next.t('games.qrDownload')).toBe('Download the QR code');
    expect(i18next.t('games.playable')).toBe('Ready to play');
  });
});

describe('the page language', () => {
  it('<html lang> follows the chosen language (docs/interface.md, Languages)', async () => {
    await initI18n('uk');
    expect(document.documentElement.lang).toBe('uk');
    await changeLanguage('pl');
    expect(document.documentElement.lang).toBe('pl');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
