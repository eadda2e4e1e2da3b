import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAST, useMoneyApp } from '../../../test/money.js';

const m = useMoneyApp();

/** Every money row of the database: a refused call changes none of them. */
async function moneyRows() {
  const res = await m.db.execute<{ n: string }>(sql`
    select (select count(*) from payments) || '/' || (select count(*) from adjustments) || '/' ||
      (select count(*) from ledger_entries) || '/' ||
      (select coalesce(sum(balance), 0) from accounts) as n`);
  return res.rows[0]?.n;
}

describe('bad money input answers 400 or 404 and changes nothing (docs/money.md)', () => {
  it('refuses bad payments, each with a message naming the field', async () => {
    const s = await m.student();
    const other = await m.student('Other');
    await m.takes(s, { date: PAST, price: 60 });
    const theirs = await m.takes(other, { date: PAST, price: 60 });
    await m.account(s);
    const before = await moneyRows();
    const good = { student: s, amount: 10, date: '2025-02-01', method: 'cash' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 0 }, 400, 'amount'],
      [{ amount: -5 }, 400, 'amount'],
      [{ amount: 1_000_000.01 }, 400, 'amount'],
      [{ amount: 'ten' }, 400, 'amount'],
      [{ amount: 1.005 }, 400, 'amount'],
      [{ amount: undefined }, 400, 'amount'],
      [{ date: '2025-02-30' }, 400, 'date'],
      [{ date: 'yesterday' }, 400, 'date'],
      [{ method: 'bitcoin' }, 400, 'method'],
      [{ student: 'x' }, 400, 'student'],
      [{ student: 999_999 }, 404, ''],
      [{ events: [theirs] }, 400, 'events'],
      [{ events: [999_999] }, 400, 'events'],
    ];
    for (const [change, status, field] of cases) {
      const res = await m.post('/api/payments', { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      const body = res.json<{ error: string; message: string; fields?: Record<string, string> }>();
      expect(body.message.length).toBeGreaterThan(0);
      if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect(await moneyRows()).toBe(before);
    expect((await m.post('/api/payments', { ...good, amount: 1_000_000 })).statusCode).toBe(201);
  });

  it('refuses bad adjustments and voids', async () => {
    const s = await m.student();
    const before = await moneyRows();
    const good = { student: s, amount: -10, date: '2025-02-01', reason: 'refund' };
    const cases: [Record<string, unknown>, number][] = [
      [{ amount: 0 }, 400],
      [{ amount: 'x' }, 400],
      [{ amount: -1_000_000.01 }, 400],
      [{ reason: '' }, 400],
      [{ date: '2025-13-01' }, 400],
      [{ student: 999_999 }, 404],
    ];
    for (const [change, status] of cases) {
      const res = await m.post('/api/adjustments', { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
    }
    expect((await m.post('/api/payments/999999/void', { reason: 'x' })).statusCode).toBe(404);
    expect((await m.get('/api/students/999999/account')).statusCode).toBe(404);
    expect((await m.get('/api/ledger?student=999999')).statusCode).toBe(404);
    expect((await m.get('/api/ledger')).statusCode).toBe(400);
    expect((await m.get('/api/payments?method=gold')).statusCode).toBe(400);
    expect(await moneyRows()).toBe(before);
  });
});

describe('concurrent money writes (ADR 039)', () => {
  it('10 payments at once for one student lose no update and cover no charge twice', async () => {
    const s = await m.student();
    const events = [
      await m.takes(s, { date: PAST, price: 30 }),
      await m.takes(s, { date: '2025-01-07', price: 30 }),
      await m.takes(s, { date: '2025-01-08', price: 30 }),
    ];
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        m.post('/api/payments', { student: s, amount: 12.5, date: '2025-02-01', method: 'card' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    // 90 charged, 125 paid: all covered once, 35 of credit
    expect(await m.account(s)).toMatchObject({ balance: -35, due: 0, credit: 35 });
    const covered = await m.db.execute<{ event: number; amount: string }>(sql`
      select event_id as event, sum(amount)::text as amount from coverage
      where student_id = ${s} group by event_id order by event_id`);
    expect(covered.rows.map((r) => [r.event, Number(r.amount)])).toEqual(
      events.map((e) => [e, 3000]),
    );
    const ledger = (await m.get(`/api/ledger?student=${s}`)).json<{ balance: number }[]>();
    expect(ledger).toHaveLength(13);
    expect(ledger.at(-1)?.balance).toBe(-35);
  });
});
