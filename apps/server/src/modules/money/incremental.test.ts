import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MARKED_PAID } from '@school/contract/money';
import { PAST, SCHOOL_ZONE, useMoneyApp } from '../../../test/money.js';
import { statementsOf } from '../../../test/statements.js';
import { changesOf } from '../../db/history.js';
import { payments } from '../../db/schema/money.js';
import { addDays, todayIn } from '../schedule/schedule.shared.js';
import { zl } from './money.charge.js';
import { withAccount } from './money.service.js';

/**
 * A payment that comes last among the student's credits covers incrementally, in one statement
 * (ADR 048): what it leaves behind (what covers what, the open parts with their places, the kept
 * figures) is exactly what a whole recomputation makes of the same ledger (ADR 039).
 */

const m = useMoneyApp();

/** What covers what and the kept figures of student `s`, as stored. */
async function stored(s: number) {
  const read = async (query: ReturnType<typeof sql>) => (await m.db.execute(query)).rows;
  return {
    account: await read(sql`select due, credit, balance, oldest_due_date::text as oldest,
      aged_on::text as aged, d0_30, d31_60, d61_90, d90plus from accounts where student_id = ${s}`),
    coverage: await read(sql`select event_id, payment_id, adjustment_id, amount from coverage
      where student_id = ${s} order by event_id, payment_id, adjustment_id, amount`),
    open: await read(sql`select event_id, adjustment_id, date::text, amount, at::text, entry_id
      from open_charges where student_id = ${s} order by at, entry_id`),
  };
}

/** The stored state, then the same after a whole recomputation of it: the two must agree. */
async function storedAndRecomputed(s: number) {
  const kept = await stored(s);
  await m.db.transaction((tx) => withAccount(tx, SCHOOL_ZONE, s, async () => undefined));
  return { kept, recomputed: await stored(s) };
}

describe('a payment covering incrementally (ADR 048)', () => {
  it('leaves what a whole recomputation would, payment after payment', async () => {
    const s = await m.student();
    const first = await m.takes(s, { date: PAST, price: 60 });
    const second = await m.takes(s, { date: '2025-01-13', price: 60 });
    const third = await m.takes(s, { date: '2025-01-20', price: 45, end: '10:30' });
    // a positive adjustment, recorded after the charges: a debit after them
    const adjusted = await m.post('/api/adjustments', {
      student: s,
      amount: 12.5,
      date: '2025-01-02',
      reason: 'books',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const steps: Record<string, unknown>[] = [
      { amount: 25 },
      { amount: 40, events: [third] },
      { amount: 10, events: [second, first] },
      { amount: 5, reference: MARKED_PAID, events: [second] },
      { amount: 200 },
      { amount: 30 },
    ];
    for (const [i, step] of steps.entries()) {
      const paid = await m.pay({ student: s, date: `2025-02-0${i + 1}`, ...step });
      const { kept, recomputed } = await storedAndRecomputed(s);
      expect(kept, JSON.stringify(step)).toEqual(recomputed);
      const covers = kept.coverage.filter((c) => c.payment_id === paid.id);
      expect(paid.covers).toEqual(
        covers.map((c) => ({ event: c.event_id, amount: Number(c.amount) / 100 })),
      );
    }
    expect(await m.account(s)).toMatchObject({ due: 0, credit: 155, balance: -155 });
  });

  it('recomputes a payment dated before a later credit, and one after a charge fell due', async () => {
    const s = await m.student();
    await m.takes(s, { date: PAST, price: 60 });
    await m.takes(s, { date: '2025-01-13', price: 60 });
    await m.pay({ student: s, amount: 30, date: '2025-03-01' });
    // dated before the payment above: the credits' order changes, so it is recomputed whole
    const earlier = await m.pay({ student: s, amount: 40, date: '2025-02-01' });
    expect(earlier.covers).toEqual([{ event: expect.any(Number), amount: 40 }]);
    const { kept, recomputed } = await storedAndRecomputed(s);
    expect(kept).toEqual(recomputed);
    expect(await m.account(s)).toMatchObject({ due: 50, credit: 0, oldestDueDate: '2025-01-13' });
  });

  it("keeps the balances' ages, worked out again from the open charges on another day", async () => {
    const s = await m.student('Aged');
    const today = todayIn(SCHOOL_ZONE);
    await m.takes(s, { date: addDays(today, -3), price: 30 });
    await m.takes(s, { date: addDays(today, -45), price: 40 });
    await m.takes(s, { date: addDays(today, -200), price: 50 });
    await m.pay({ student: s, amount: 20, date: today });
    const row = async () => {
      const res = await m.get(`/api/balances?search=Aged&limit=5`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ student: number; aging: Record<string, number> }[]>()
        .find((r) => r.student === s);
    };
    const aging = { d0_30: 30, d31_60: 40, d61_90: 0, d90plus: 30 };
    expect((await row())?.aging).toEqual(aging);
    // as if worked out yesterday, with other figures: read from the open charges, then kept again
    await m.db.execute(sql`update accounts set aged_on = aged_on - 1, d0_30 = 1, d90plus = 2
      where student_id = ${s}`);
    expect((await row())?.aging).toEqual(aging);
    const [kept] = (await stored(s)).account;
    expect(kept).toMatchObject({ aged: today, d0_30: '3000', d90plus: '3000' });
  });

  it('records a payment in a handful of statements, whatever the open charges', async () => {
    const s = await m.student();
    for (let week = 0; week < 6; week++) {
      await m.takes(s, { date: `2025-01-${String(6 + week).padStart(2, '0')}`, price: 50 });
    }
    await m.account(s);
    // begin, the lock, the payment with its covers and its history entry, commit (ADR 051);
    // the session is kept (ADR 047)
    const n = await statementsOf(() => m.pay({ student: s, amount: 5, date: '2025-03-01' }));
    expect(n).toBe(4);
  });

  it("writes the payment's history entry recordChange would", async () => {
    const s = await m.student();
    const charged = await m.takes(s, { date: PAST, price: 60 });
    await m.account(s);
    let paid = { id: 0 };
    // the incremental path, its entry written by the payment's own statement: the checks of the
    // student and the participation it names, then the four statements above
    const n = await statementsOf(async () => {
      paid = await m.pay({ student: s, amount: 12.34, date: '2025-03-01', events: [charged] });
    });
    expect(n).toBe(6);
    const [row] = await m.db.select().from(payments).where(eq(payments.id, paid.id));
    const name = await m.db.execute<{ name: string }>(
      sql`select trim(name || ' ' || surname) as name from students where id = ${s}`,
    );
    const entries = await m.db.execute<{ action: string; changes: unknown }>(
      sql`select action, changes from history where entity = 'payments' and entity_id = ${paid.id}`,
    );
    expect(entries.rows).toEqual([
      {
        action: 'create',
        changes: changesOf({
          action: 'create',
          entity: 'payments',
          entityId: paid.id,
          after: { ...row, amount: zl(row?.amount ?? 0), studentName: name.rows[0]?.name },
        }),
      },
    ]);
  });
});
