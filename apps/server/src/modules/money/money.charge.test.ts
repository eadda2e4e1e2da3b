import { describe, expect, it } from 'vitest';
import {
  chargeFor,
  divideHalfUp,
  grosze,
  hundredths,
  participationCharge,
  plainZl,
} from './money.charge.js';

describe('a participation charge (docs/money.md, Charges)', () => {
  it('reads decimals exactly as hundredths', () => {
    expect(hundredths('12.50')).toBe(1250n);
    expect(hundredths('12.5')).toBe(1250n);
    expect(hundredths(90)).toBe(9000n);
    expect(hundredths(99.99)).toBe(9999n);
    expect(hundredths('0.1')).toBe(10n);
    expect(hundredths('-3.07')).toBe(-307n);
    expect(grosze(1_000_000)).toBe(100_000_000);
    expect(() => hundredths('abc')).toThrow(TypeError);
  });

  it('rounds half up at exactly half a grosz', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(-15n, 10n)).toBe(-2n);
    // 0.03 zł an hour for 10 minutes is 0.5 grosz: one grosz
    expect(chargeFor('0.03', 10)).toBe(1);
    // 0.01 zł an hour for 30 minutes is 0.5 grosz too; 29 minutes 0.4833: none
    expect(chargeFor('0.01', 30)).toBe(1);
    expect(chargeFor('0.01', 29)).toBe(0);
  });

  it('answers a pair met before as it did the first time, and keeps pairs apart', () => {
    for (let round = 0; round < 3; round++) {
      expect(chargeFor('1.5', '60')).toBe(150);
      expect(chargeFor('15', '6')).toBe(150);
      expect(chargeFor('15', '60')).toBe(1500);
      expect(chargeFor(15, 60)).toBe(1500);
      expect(chargeFor('15.00', '60.00')).toBe(1500);
      expect(chargeFor('0.01', 29)).toBe(0);
    }
    // more pairs than are kept: each still right
    for (let price = 1; price <= 10_050; price++) expect(chargeFor(price, 60)).toBe(price * 100);
    expect(chargeFor('12.50', '90.00')).toBe(1875);
  });

  it('is price / 60 × duration, rounded once', () => {
    expect(chargeFor(120, 60)).toBe(12_000);
    expect(chargeFor('12.50', '90.00')).toBe(1875);
    expect(chargeFor(100, 45)).toBe(7500);
    // 83.325 zł: 83.33
    expect(chargeFor('99.99', 50)).toBe(8333);
    // 43.20125 zł: 43.20
    expect(chargeFor('77.77', '33.33')).toBe(4320);
    // 0.525 zł: 0.53, where floats give 0.35 × 90 = 31.499999999999996
    expect(chargeFor(0.35, 90)).toBe(53);
    expect(chargeFor('24.69', 30)).toBe(1235);
    expect(chargeFor(0, 90)).toBe(0);
  });

  it('is 0 for toPay 2 or a status that does not charge', () => {
    const lesson = { price: '120.00', duration: '60.00' };
    expect(participationCharge({ ...lesson, toPay: 0, charges: true })).toBe(12_000);
    expect(participationCharge({ ...lesson, toPay: 1, charges: true })).toBe(12_000);
    expect(participationCharge({ ...lesson, toPay: 2, charges: true })).toBe(0);
    expect(participationCharge({ ...lesson, toPay: 1, charges: false })).toBe(0);
  });
});

describe('a CSV amount (docs/api.md, Money)', () => {
  it('writes grosze as plain zł with two decimals, signed, without grouping', () => {
    expect(plainZl(12_050)).toBe('120.50');
    expect(plainZl('5')).toBe('0.05');
    expect(plainZl(0)).toBe('0.00');
    expect(plainZl('-2000')).toBe('-20.00');
    expect(plainZl(100_000_000n)).toBe('1000000.00');
  });
});
