import { describe, expect, it } from 'vitest';
import {
  datePattern,
  formatDate,
  formatTime,
  parseDate,
  parseTime,
  usesNativeField,
} from './localeDateTime';

describe('dates in the chosen language (docs/interface.md, Languages)', () => {
  it('takes the order and separator from the language', () => {
    expect(datePattern('pl')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(datePattern('uk')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(datePattern('en')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
  });

  it('writes an ISO date as the language does', () => {
    expect(formatDate('2026-11-23', 'pl')).toBe('23.11.2026');
    expect(formatDate('2026-11-03', 'uk')).toBe('03.11.2026');
    expect(formatDate('2026-11-23', 'en')).toBe('11/23/2026');
    expect(formatDate('', 'pl')).toBe('');
  });

  it('reads the language form, one-digit days and months, and ISO typed or pasted', () => {
    expect(parseDate('23.11.2026', 'pl')).toBe('2026-11-23');
    expect(parseDate('3.1.2026', 'pl')).toBe('2026-01-03');
    expect(parseDate(' 23.11.2026 ', 'uk')).toBe('2026-11-23');
    expect(parseDate('11/23/2026', 'en')).toBe('2026-11-23');
    expect(parseDate('1/3/2026', 'en')).toBe('2026-01-03');
    expect(parseDate('2026-11-23', 'pl')).toBe('2026-11-23');
    expect(parseDate('2026-11-23', 'en')).toBe('2026-11-23');
    expect(parseDate('', 'pl')).toBe('');
  });

  it('refuses what is no real date', () => {
    expect(parseDate('31.02.2026', 'pl')).toBeNull();
    expect(parseDate('31.02.2026', 'uk')).toBeNull();
    expect(parseDate('2026-02-31', 'pl')).toBeNull();
    expect(parseDate('11/23/2026', 'pl')).toBeNull(); // month 23
    expect(parseDate('23.11.26', 'pl')).toBeNull();
    expect(parseDate('tomorrow', 'en')).toBeNull();
    expect(parseDate('23.11', 'pl')).toBeNull();
  });
});

describe('times in the chosen language', () => {
  it('writes 24 hours in pl and uk, AM/PM in en', () => {
    expect(formatTime('17:00', 'pl')).toBe('17:00');
    expect(formatTime('09:05', 'uk')).toBe('09:05');
    expect(formatTime('17:00', 'en')).toBe('5:00 PM');
    expect(formatTime('00:30', 'en')).toBe('12:30 AM');
    expect(formatTime('12:00', 'en')).toBe('12:00 PM');
    expect(formatTime('', 'en')).toBe('');
  });

  it('reads the 24-hour clock and AM/PM in any language', () => {
    expect(parseTime('17:00')).toBe('17:00');
    expect(parseTime('9:05')).toBe('09:05');
    expect(parseTime('5:00 PM')).toBe('17:00');
    expect(parseTime('5 pm')).toBe('17:00');
    expect(parseTime('12:15 AM')).toBe('00:15');
    expect(parseTime('12:15 p.m.')).toBe('12:15');
    expect(parseTime('17.30')).toBe('17:30');
    expect(parseTime('')).toBe('');
  });

  it('refuses what is no time of day', () => {
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('17:60')).toBeNull();
    expect(parseTime('13:00 PM')).toBeNull();
    expect(parseTime('noon')).toBeNull();
  });
});

describe('native field or text field', () => {
  it('keeps the native field only where the browser speaks the chosen language', () => {
    expect(usesNativeField('en', 'en-US')).toBe(true);
    expect(usesNativeField('pl', 'pl-PL')).toBe(true);
    expect(usesNativeField('pl', 'en-US')).toBe(false);
    expect(usesNativeField('uk', 'en-US')).toBe(false);
    expect(usesNativeField('en', 'uk')).toBe(false);
  });
});
