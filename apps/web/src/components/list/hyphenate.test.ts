import { describe, expect, it } from 'vitest';
import { hyphenate, SOFT_HYPHEN } from './hyphenate';

const shown = (text: string) => hyphenate(text).split(SOFT_HYPHEN).join('-');

describe('hyphenate', () => {
  it('breaks long header words at their syllables, in every language', () => {
    expect(shown('Місцезнаходження')).toBe('Міс-цез-на-хо-джен-ня');
    expect(shown('Prawdopodobieństwo')).toBe('Praw-do-po-do-bień-stwo');
    expect(shown('Probability')).toBe('Pro-ba-bi-li-ty');
  });

  it('leaves short words whole and keeps the text otherwise as it was', () => {
    expect(hyphenate('Ел. пошта')).toBe('Ел. пошта');
    expect(hyphenate('Last contact')).toBe('Last contact');
    expect(hyphenate('Місцезнаходження').split(SOFT_HYPHEN).join('')).toBe('Місцезнаходження');
  });
});
