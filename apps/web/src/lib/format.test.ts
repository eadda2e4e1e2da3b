import { describe, expect, it } from 'vitest';
import { setSchoolCurrency } from './currency';
import { formatDate, formatMoney } from './format';

describe('formatMoney (docs/interface.md: zł, two decimals)', () => {
  it('follows the locale for digits and always shows zł', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50 zł');
    expect(formatMoney(12345.5, 'pl').replace(/\s/g, ' ')).toBe('12 345,50 zł');
    expect(formatMoney(0, 'uk')).toBe('0,00 zł');
  });

  it('shows zł for PLN and another currency the language’s way', () => {
    expect(formatMoney(-20, 'en', 'PLN')).toBe('-20.00 zł');
    expect(formatMoney(1234.5, 'en', 'EUR')).toBe('€1,234.50');
  });

  it("writes the school's currency when the amount names none", () => {
    setSchoolCurrency('EUR');
    try {
      expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
      expect(formatMoney(-20, 'en', 'PLN')).toBe('-20.00 zł');
    } finally {
      setSchoolCurrency('PLN');
    }
  });

  it('shows nothing for no price', () => {
    expect(formatMoney(null, 'en')).toBe('');
  });
});

describe('formatDate (docs/interface.md, Languages)', () => {
  it('shows an ISO day in the chosen language, never as YYYY-MM-DD', () => {
    expect(formatDate('2025-09-17', 'en')).toBe('Sep 17, 2025');
    expect(formatDate('2025-09-17', 'pl')).toBe('17 wrz 2025');
    expect(formatDate('2025-09-17', 'uk')).toBe('17 вер. 2025 р.');
  });

  it('keeps the day whatever the time zone, and shows nothing for none', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('Jan 1, 2026');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'pl')).toBe('');
  });
});
