import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney (docs/interface.md: zł, two decimals)', () => {
  it('follows the locale for digits and always shows zł', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50 zł');
    expect(formatMoney(12345.5, 'pl').replace(/\s/g, ' ')).toBe('12 345,50 zł');
    expect(formatMoney(0, 'uk')).toBe('0,00 zł');
  });

  it('shows nothing for no price', () => {
    expect(formatMoney(null, 'en')).toBe('');
  });
});
