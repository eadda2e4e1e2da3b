import { describe, expect, it } from 'vitest';
import { useMoneyApp } from '../../../test/money.js';
import { addDays, todayIn } from '../schedule/schedule.shared.js';

const m = useMoneyApp();

interface Balance {
  student: number;
  name: string;
  due: number;
  credit: number;
  balance: number;
  oldestDueDate: string | null;
  aging: Record<string, number>;
}

describe('balances and the monthly report (docs/money.md)', () => {
  it('lists balances largest due first, aged, filtered by owing, age and name', async () => {
    const today = todayIn('Europe/Kyiv');
    const old = await m.student('Oldowing');
    await m.takes(old, { date: addDays(today, -100), price: 60 });
    await m.takes(old, { date: addDays(today, -40), price: 30 });
    const recent = await m.student('Recentowing');
    await m.takes(recent, { date: addDays(today, -5), price: 200 });
    const ahead = await m.student('Incredit');
    await m.takes(ahead, { date: addDays(today, -3), price: 20 });
    await m.pay({ student: ahead, amount: 50 });

    const res = await m.get('/api/balances');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<Balance[]>();
    expect(res.headers['x-total-count']).toBe('3');
    expect(rows.map((r) => r.student)).toEqual([recent, old, ahead]);
    expect(rows[1]).toMatchObject({
      name: 'Oldowing Money 1',
      due: 90,
      balance: 90,
      oldestDueDate: addDays(today, -100),
      aging: { d0_30: 0, d31_60: 30, d61_90: 0, d90plus: 60 },
    });
    expect(rows[2]).toMatchObject({ due: 0, credit: 30, balance: -30, oldestDueDate: null });

    const owing = (await m.get('/api/balances?owing=true')).json<Balance[]>();
    expect(owing.map((r) => r.student)).toEqual([recent, old]);
    const older = (await m.get('/api/balances?olderThan=30')).json<Balance[]>();
    expect(older.map((r) => r.student)).toEqual([old]);
    const byAge = (await m.get('/api/balances?owing=1&sort=-age')).json<Balance[]>();
    expect(byAge.map((r) => r.student)).toEqual([old, recent]);
    const named = (await m.get('/api/balances?search=recent')).json<Balance[]>();
    expect(named.map((r) => r.student)).toEqual([recent]);
    const paged = await m.get('/api/balances?limit=1&offset=1');
    expect(paged.json<Balance[]>().map((r) => r.student)).toEqual([old]);
    expect(paged.headers['x-total-count']).toBe('3');
    expect((await m.get('/api/balances?olderThan=x')).statusCode).toBe(400);
  });

  it('reports per month charged, received less voids, and outstanding at month end', async () => {
    const s = await m.student();
    await m.takes(s, { date: '2024-03-04', price: 100 });
    await m.takes(s, { date: '2024-04-08', price: 50 });
    await m.pay({ student: s, amount: 80, date: '2024-03-20' });
    const bounced = await m.pay({ student: s, amount: 40, date: '2024-04-02' });
    await m.post(`/api/payments/${bounced.id}/void`, { reason: 'bounced' });
    const res = await m.get('/api/reports/money?dateFrom=2024-02-01&dateTo=2024-05-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { month: '2024-02', charged: 0, received: 0, outstanding: 0 },
      { month: '2024-03', charged: 100, received: 80, outstanding: 20 },
      { month: '2024-04', charged: 50, received: 0, outstanding: 70 },
      { month: '2024-05', charged: 0, received: 0, outstanding: 70 },
    ]);
    const wrong = await m.get('/api/reports/money?dateFrom=2024-05-01&dateTo=2024-04-01');
    expect(wrong.statusCode).toBe(400);
  });

  it("counts what came before the range in each month's outstanding, adjustments as owed but not charged, whole months", async () => {
    const s = await m.student();
    await m.takes(s, { date: '2023-01-16', price: 100 });
    const adjust = (amount: number, date: string) =>
      m.post('/api/adjustments', { student: s, amount, date, reason: 'test' });
    expect((await adjust(30, '2023-02-10')).statusCode).toBe(201);
    await m.pay({ student: s, amount: 50, date: '2023-02-20' });
    expect((await adjust(-10, '2023-03-05')).statusCode).toBe(201);
    await m.pay({ student: s, amount: 5, date: '2023-03-25' });
    // dateTo inside March: the month is still reported whole
    const res = await m.get('/api/reports/money?dateFrom=2023-02-01&dateTo=2023-03-10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { month: '2023-02', charged: 0, received: 50, outstanding: 80 },
      { month: '2023-03', charged: 0, received: 5, outstanding: 65 },
    ]);
  });

  it('a teacher gets 403 on balances and reports', async () => {
    const teacher = await m.loginAs('teacher');
    for (const url of ['/api/balances', '/api/reports/money']) {
      expect((await teacher.request({ method: 'GET', url })).statusCode).toBe(403);
    }
  });
});
