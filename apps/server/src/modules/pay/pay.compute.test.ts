import { describe, expect, it } from 'vitest';
import {
  decimal2,
  firstOpenMonthAfter,
  hoursOf,
  lessonPay,
  linesOf,
  rateOn,
  type PaidLesson,
  type Participant,
  type Rate,
} from './pay.compute.js';

const present: Participant = { toPay: 0, charges: true, payTeacher: true };
const excused: Participant = { toPay: 0, charges: false, payTeacher: false };
const bySchool: Participant = { toPay: 0, charges: false, payTeacher: false };

let serial = 0;
const lesson = (fields: Partial<PaidLesson> = {}): PaidLesson => ({
  lesson: ++serial,
  date: '2026-10-05',
  start: '10:00',
  end: '11:00',
  name: 'English B1',
  price: '100',
  duration: '60',
  participants: [present],
  ...fields,
});
const rate = (kind: Rate['kind'], value: number, from = '2026-01-01', id = ++serial): Rate => ({
  id,
  kind,
  value,
  from,
});

describe("a lesson's pay (docs/money.md, Teachers' pay)", () => {
  it('per hour: the rate × the hours, rounded once half up', () => {
    expect(lessonPay(lesson({ duration: '90' }), rate('hour', 6000))).toBe(9000);
    // 45.55 zł an hour for 50 minutes: 37.958… → 37.96
    expect(lessonPay(lesson({ duration: '50' }), rate('hour', 4555))).toBe(3796);
    // 0.03 zł an hour for 50 minutes: 0.025 → 0.03 (half up)
    expect(lessonPay(lesson({ duration: '50' }), rate('hour', 3))).toBe(3);
  });

  it('per lesson: the rate, however long the lesson and however many came', () => {
    const two = lesson({ duration: '45', participants: [present, excused] });
    expect(lessonPay(two, rate('lesson', 7550))).toBe(7550);
  });

  it('percent: of the charges of the participants whose statuses pay the teacher', () => {
    // three at 99.99 zł an hour for 50 minutes: 3 × 83.33 = 249.99; one excused is not charged
    const l = lesson({
      price: '99.99',
      duration: '50',
      participants: [present, present, { ...present, toPay: 1 }, excused],
    });
    // 40 % of 249.99 = 99.996 → 100.00
    expect(lessonPay(l, rate('percent', 4000))).toBe(10000);
    // 12.5 % of 249.99 = 31.24875 → 31.25
    expect(lessonPay(l, rate('percent', 1250))).toBe(3125);
    // a participant who does not pay (toPay 2) pays the teacher nothing by percent
    const free = lesson({ participants: [{ ...present, toPay: 2 }] });
    expect(lessonPay(free, rate('percent', 5000))).toBe(0);
  });

  it('a lesson where everyone was excused or cancelled by the school pays nothing', () => {
    const none = lesson({ participants: [excused, bySchool] });
    expect(lessonPay(none, rate('lesson', 5000))).toBeNull();
    expect(lessonPay(lesson({ participants: [] }), rate('hour', 5000))).toBeNull();
    expect(linesOf([none], [rate('hour', 5000)])).toEqual([]);
  });

  it('one participant who pays the teacher is enough for an hourly or lesson rate', () => {
    const l = lesson({ participants: [excused, { ...present, charges: false }] });
    expect(lessonPay(l, rate('hour', 5000))).toBe(5000);
  });

  it('without a rate a paying lesson is a line of 0', () => {
    const [line] = linesOf([lesson({ date: '2025-12-31' })], [rate('hour', 5000, '2026-01-01')]);
    expect(line).toMatchObject({ rate: null, amount: 0, hours: 100 });
  });
});

describe('rates as history', () => {
  it('a rate change mid-month applies from its date, never backwards', () => {
    const rates = [rate('hour', 5000, '2026-01-01'), rate('hour', 6000, '2026-10-15')];
    const lines = linesOf(
      [
        lesson({ date: '2026-10-20' }),
        lesson({ date: '2026-10-14' }),
        lesson({ date: '2026-10-15' }),
      ],
      rates,
    );
    expect(lines.map((l) => [l.date, l.amount])).toEqual([
      ['2026-10-14', 5000],
      ['2026-10-15', 6000],
      ['2026-10-20', 6000],
    ]);
    expect(rateOn(rates, '2025-12-31')).toBeNull();
  });

  it('a change of kind mid-month: each lesson by the kind in force on its date', () => {
    const rates = [rate('lesson', 4000, '2026-10-01'), rate('percent', 5000, '2026-10-10')];
    const lines = linesOf(
      [lesson({ date: '2026-10-09' }), lesson({ date: '2026-10-10', price: '80' })],
      rates,
    );
    expect(lines.map((l) => l.amount)).toEqual([4000, 4000]);
  });
});

describe('figures', () => {
  it('hours, decimals and months', () => {
    expect(hoursOf('90')).toBe(150);
    expect(hoursOf('50')).toBe(83);
    expect(hoursOf('45')).toBe(75);
    expect(decimal2(150)).toBe('1.50');
    expect(decimal2(-5)).toBe('-0.05');
    expect(decimal2(0)).toBe('0.00');
    expect(firstOpenMonthAfter('2026-11', new Set(['2026-12', '2027-01']))).toBe('2027-02');
    expect(firstOpenMonthAfter('2026-09', new Set())).toBe('2026-10');
  });
});
