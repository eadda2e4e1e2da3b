import { describe, expect, it } from 'vitest';
import { hoursOf, lessonAmount, minutesBetween } from './schedule.amount.js';
import { addDays, dayOfWeek, nextWeekday, todayIn, weekOf } from './schedule.dates.js';

describe('the amount to pay (docs/schedule.md, Amounts)', () => {
  it("is the sum of its payers' charges, each rounded to a grosz, exact for decimal inputs", () => {
    expect(lessonAmount(120, 60, 1)).toBe(120);
    expect(lessonAmount('12.50', '90.00', 3)).toBe(56.25);
    expect(lessonAmount(100, 45, 2)).toBe(150);
    expect(lessonAmount(99.99, 50, 1)).toBe(83.33);
    // three charges of 83.33, not 249.975 rounded once
    expect(lessonAmount(99.99, 50, 3)).toBe(249.99);
    expect(lessonAmount(0.1, 0.3, 7)).toBe(0);
    expect(lessonAmount(77.77, 33.33, 3)).toBe(129.6);
    expect(lessonAmount(200, 60, 0)).toBe(0);
  });

  it('counts hours and minutes', () => {
    expect(hoursOf([60, '90.00', 45])).toBe(3.25);
    expect(minutesBetween('09:15', '10:45')).toBe(90);
  });
});

describe('weeks in a time zone', () => {
  it('takes today in the given zone', () => {
    // Sunday 22:30 UTC is already Monday in Warsaw after the spring change (UTC+2)
    const now = new Date('2025-03-30T22:30:00Z');
    expect(todayIn('UTC', now)).toBe('2025-03-30');
    expect(todayIn('Europe/Warsaw', now)).toBe('2025-03-31');
    expect(weekOf(0, 'Europe/Warsaw', now)).toEqual({ from: '2025-03-31', to: '2025-04-06' });
    expect(weekOf(0, 'UTC', now)).toEqual({ from: '2025-03-24', to: '2025-03-30' });
    expect(weekOf(-1, 'Europe/Warsaw', now)).toEqual({ from: '2025-03-24', to: '2025-03-30' });
  });

  it('keeps Monday to Sunday across the summer-time changes', () => {
    // 26 October 2025: Warsaw goes back to UTC+1; 23:30 UTC Sunday is Monday 00:30 there
    const now = new Date('2025-10-26T23:30:00Z');
    expect(weekOf(0, 'Europe/Warsaw', now)).toEqual({ from: '2025-10-27', to: '2025-11-02' });
    expect(weekOf(-1, 'Europe/Warsaw', now)).toEqual({ from: '2025-10-20', to: '2025-10-26' });
    const spring = weekOf(22, 'Europe/Warsaw', now);
    expect(spring).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(weekOf(21, 'Europe/Warsaw', now).to).toBe('2026-03-29');
  });

  it('does day arithmetic on dates', () => {
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
    expect(dayOfWeek('2025-03-30')).toBe(7);
    expect(dayOfWeek('2025-03-31')).toBe(1);
    expect(nextWeekday('2025-03-31', 1)).toBe('2025-03-31');
    expect(nextWeekday('2025-04-01', 1)).toBe('2025-04-07');
  });
});
