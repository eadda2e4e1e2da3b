import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readStoredTheme, THEMES } from './theme';

/** The system's colour preference, as `matchMedia` answers it. */
function prefer(scheme: 'light' | 'dark') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && scheme === 'dark',
    media: query,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

/**
 * The light and dark colour sets (docs/interface.md, Theme): with nothing stored the system's
 * preference picks the set, which the page's colours key on (`data-theme`); the contrast of
 * both sets on every screen is scanned in the browser (e2e/a11y.test.ts).
 */
describe('the theme read at start', () => {
  it.each(['light', 'dark'] as const)('follows a system that prefers %s', (scheme) => {
    prefer(scheme);
    const theme = readStoredTheme();
    expect(theme).toEqual({ name: scheme, colors: THEMES[scheme] });
    applyTheme(theme);
    expect(document.documentElement.dataset.theme).toBe(scheme);
    expect(document.documentElement.style.getPropertyValue('--color-background')).toBe(
      THEMES[scheme].background,
    );
  });

  it('keeps a stored choice over the system’s preference', () => {
    prefer('dark');
    localStorage.setItem('theme', 'light');
    expect(readStoredTheme().name).toBe('light');
  });
});
