import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_CSV_COLUMNS, PAYMENT_CSV_COLUMNS } from '@school/contract/money';
import { api } from '@school/contract/paths';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { moneyCalls } from '../../../test/money.js';
import { addDays, todayIn } from '../schedule/schedule.shared.js';

/**
 * What the payments and balances screens read beyond the lists (docs/money.md, The payments
 * and balances screens): the payments' totals over every filtered row, and both lists as CSV
 * with the same filters; admins and managers only.
 */

let t: TestApp;
let agent: Agent;
let m: ReturnType<typeof moneyCalls>;
const today = todayIn('Europe/Kyiv');
let anna = 0;
let borys = 0;
let voidedId = 0;

/** A CSV answer read back as records by its header (the byte order mark dropped). */
const records = (body: string) =>
  parse<Record<string, string>>(body, { bom: true, columns: true, skip_empty_lines: true });

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
  m = moneyCalls(agent);
  anna = await m.student('Anna');
  borys = await m.student('Borys');
  // Anna: 100 zł due 70 days ago, 40 zł 10 days ago; pays 60 by transfer; a 25 zł cash payment
  // bounced
  await m.takes(anna, { date: addDays(today, -70), price: 100 });
  await m.takes(anna, { date: addDays(today, -10), price: 40 });
  await m.pay({
    student: anna,
    amount: 60,
    method: 'transfer',
    date: '2025-03-02',
    reference: 'INV-1',
  });
  const bounced = await m.pay({
    student: anna,
    amount: 25,
    date: '2025-03-05',
    reference: '=HYPERLINK("x")',
    note: 'first, "quoted" note',
  });
  voidedId = bounced.id;
  const voided = await m.post(api.paymentVoid(bounced.id), { reason: 'bounced, twice' });
  expect(voided.statusCode, voided.body).toBe(200);
  // Borys: 30 zł due 5 days ago, pays 50 in cash: 20 zł credit
  await m.takes(borys, { date: addDays(today, -5), price: 30 });
  await m.pay({ student: borys, amount: 50, date: '2025-04-01', reference: 'R-2' });
});

describe('payments totals (GET /api/payments/totals)', () => {
  it('counts every filtered payment and sums those not voided, whatever the page', async () => {
    const all = await m.get(api.paymentTotals);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      count: 3,
      amount: 110,
      voidedCount: 1,
      voidedAmount: 25,
      currency: 'PLN',
    });
    // the list pages; the totals do not
    const page = await m.get(`${api.payments}?limit=1`);
    expect(page.headers['x-total-count']).toBe('3');
    const cash = await m.get(`${api.paymentTotals}?method=cash`);
    expect(cash.json()).toMatchObject({ count: 2, amount: 50, voidedCount: 1 });
    const march = await m.get(`${api.paymentTotals}?dateFrom=2025-03-01&dateTo=2025-03-31`);
    expect(march.json()).toMatchObject({ count: 2, amount: 60, voidedAmount: 25 });
    const searched = await m.get(`${api.paymentTotals}?search=borys`);
    expect(searched.json()).toMatchObject({ count: 1, amount: 50 });
    const byReference = await m.get(`${api.paymentTotals}?search=inv-1`);
    expect(byReference.json()).toMatchObject({ count: 1, amount: 60 });
    const none = await m.get(`${api.paymentTotals}?dateFrom=2030-01-01`);
    expect(none.json()).toEqual({
      count: 0,
      amount: 0,
      voidedCount: 0,
      voidedAmount: 0,
      currency: 'PLN',
    });
  });

  it('refuses bad filters with 400 naming the field, the list and the CSV alike', async () => {
    for (const path of [api.paymentTotals, api.payments, api.paymentsCsv]) {
      for (const [query, field] of [
        ['method=cheque', 'method'],
        ['dateFrom=2025-13-01', 'dateFrom'],
        ['dateTo=yesterday', 'dateTo'],
        ['dateFrom=2025-03-02&dateTo=2025-03-01', 'dateFrom'],
        ['student=x', 'student'],
      ] as const) {
        const res = await m.get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json<{ fields?: Record<string, string> }>().fields, query).toHaveProperty(field);
      }
    }
  });
});

describe('payments CSV (GET /api/payments/export.csv)', () => {
  it('writes every filtered payment, newest first, voided ones marked with the reason', async () => {
    const res = await m.get(api.paymentsCsv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('payments.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = records(res.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([...PAYMENT_CSV_COLUMNS]);
    expect(rows.map((r) => [r.date, r.amount, r.method, r.voided])).toEqual([
      ['2025-04-01', '50.00', 'cash', '0'],
      ['2025-03-05', '25.00', 'cash', '1'],
      ['2025-03-02', '60.00', 'transfer', '0'],
    ]);
    expect(rows[1]).toMatchObject({
      id: String(voidedId),
      student: String(anna),
      studentName: 'Anna Money 1',
      // a cell a spreadsheet would run as a formula stays text
      reference: `'=HYPERLINK("x")`,
      note: 'first, "quoted" note',
      voidReason: 'bounced, twice',
    });
    expect(Number.isNaN(Date.parse(rows[1]?.createdAt ?? ''))).toBe(false);
  });

  it('takes the list’s filters and search', async () => {
    const transfer = records((await m.get(`${api.paymentsCsv}?method=transfer`)).body);
    expect(transfer.map((r) => r.reference)).toEqual(['INV-1']);
    const april = records((await m.get(`${api.paymentsCsv}?dateFrom=2025-04-01`)).body);
    expect(april.map((r) => r.studentName)).toEqual(['Borys Money 2']);
    const searched = records(
      (await m.get(`${api.paymentsCsv}?search=anna&dateTo=2025-03-03`)).body,
    );
    expect(searched.map((r) => r.amount)).toEqual(['60.00']);
    // nothing selected: the header alone
    const none = await m.get(`${api.paymentsCsv}?search=nobody`);
    expect(none.body.replace(/^\uFEFF/, '').trim()).toBe(PAYMENT_CSV_COLUMNS.join(','));
  });
});

describe('balances (GET /api/balances and its CSV)', () => {
  it('sorts by the oldest due date, oldest first, those with nothing due last', async () => {
    const since = await m.get(`${api.balances}?sort=since`);
    expect(since.statusCode, since.body).toBe(200);
    expect(since.json<{ student: number }[]>().map((r) => r.student)).toEqual([anna, borys]);
    const latest = await m.get(`${api.balances}?sort=-since`);
    expect(latest.json<{ student: number }[]>().map((r) => r.student)).toEqual([anna, borys]);
    expect((await m.get(`${api.balances}?sort=oldest`)).statusCode).toBe(400);
  });

  it('writes the balances with their aging as CSV, with the list’s filters', async () => {
    const res = await m.get(api.balancesCsv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('balances.csv');
    const rows = records(res.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([...BALANCE_CSV_COLUMNS]);
    // largest due first, as the list
    expect(rows).toEqual([
      {
        student: String(anna),
        name: 'Anna Money 1',
        d0_30: '40.00',
        d31_60: '0.00',
        d61_90: '40.00',
        d90plus: '0.00',
        due: '80.00',
        credit: '0.00',
        balance: '80.00',
        oldestDueDate: addDays(today, -70),
      },
      {
        student: String(borys),
        name: 'Borys Money 2',
        d0_30: '0.00',
        d31_60: '0.00',
        d61_90: '0.00',
        d90plus: '0.00',
        due: '0.00',
        credit: '20.00',
        balance: '-20.00',
        oldestDueDate: '',
      },
    ]);
    const owing = records((await m.get(`${api.balancesCsv}?owing=1`)).body);
    expect(owing.map((r) => r.name)).toEqual(['Anna Money 1']);
    const searched = records((await m.get(`${api.balancesCsv}?search=borys`)).body);
    expect(searched.map((r) => r.balance)).toEqual(['-20.00']);
    const older = records((await m.get(`${api.balancesCsv}?olderThan=60`)).body);
    expect(older.map((r) => r.student)).toEqual([String(anna)]);
    for (const query of ['owing=maybe', 'olderThan=-1', 'sort=amount']) {
      expect((await m.get(`${api.balancesCsv}?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('who may read them (docs/roles.md)', () => {
  it('a teacher gets 403 on the totals and both CSV files; a manager reads them', async () => {
    const teacher = await login(t.app, await createUser(t, { role: 'teacher' }));
    const manager = await login(t.app, await createUser(t, { role: 'manager' }));
    for (const url of [api.paymentTotals, api.paymentsCsv, api.balancesCsv]) {
      const refused = await teacher.request({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain('Anna');
      expect((await manager.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: api.paymentsCsv });
    expect(anonymous.statusCode).toBe(401);
  });
});
