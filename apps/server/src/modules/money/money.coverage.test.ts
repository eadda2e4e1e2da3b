import { describe, expect, it } from 'vitest';
import { coverageOf, type Credit, type Debit } from './money.coverage.js';

const charge = (eventId: number, date: string, amount: number): Debit => ({
  eventId,
  adjustmentId: null,
  date,
  amount,
});
const pay = (paymentId: number, amount: number, named: number[] = []): Credit => ({
  paymentId,
  adjustmentId: null,
  amount,
  named,
});

describe('what covers what (docs/money.md)', () => {
  it('covers the oldest debits first, named participations before them', () => {
    const debits = [charge(1, '2025-01-06', 6000), charge(2, '2025-01-13', 6000)];
    const c = coverageOf(debits, [pay(10, 5000), pay(11, 10_000, [2])]);
    expect(c.covers).toEqual([
      { eventId: 1, paymentId: 10, adjustmentId: null, amount: 5000 },
      { eventId: 2, paymentId: 11, adjustmentId: null, amount: 6000 },
      { eventId: 1, paymentId: 11, adjustmentId: null, amount: 1000 },
    ]);
    expect(c).toMatchObject({ due: 0, credit: 3000, oldestDueDate: null, open: [] });
  });

  it('leaves the newest open when short, and counts a positive adjustment as a debit', () => {
    const debits: Debit[] = [
      charge(1, '2025-01-06', 6000),
      { eventId: null, adjustmentId: 5, date: '2025-01-07', amount: 500 },
      charge(2, '2025-01-13', 6000),
    ];
    const c = coverageOf(debits, [pay(10, 7000)]);
    expect(c.due).toBe(5500);
    expect(c.credit).toBe(0);
    expect(c.oldestDueDate).toBe('2025-01-13');
    expect(c.open).toEqual([{ ...charge(2, '2025-01-13', 5500) }]);
    // the adjustment's part is covered but not stored as a participation's cover
    expect(c.covers.map((x) => x.eventId)).toEqual([1, 2]);
  });

  it('is all due with no credits, all credit with no debits', () => {
    expect(coverageOf([charge(1, '2025-01-06', 100)], [])).toMatchObject({
      due: 100,
      credit: 0,
      oldestDueDate: '2025-01-06',
    });
    expect(coverageOf([], [pay(1, 100)])).toMatchObject({ due: 0, credit: 100, covers: [] });
  });
});
