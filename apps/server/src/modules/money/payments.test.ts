import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_REFERENCE_PATTERN } from '@school/contract/bank';
import { AHEAD, PAST, useMoneyApp } from '../../../test/money.js';
import { coversQuery } from './money.queries.js';

const m = useMoneyApp();

describe('charges and the account (docs/money.md)', () => {
  it('charges ended participations, shows those ahead as upcoming, none for excused or toPay 2', async () => {
    const s = await m.student();
    await m.takes(s, { date: PAST, price: 120 });
    await m.takes(s, { date: '2025-01-07', price: 12.5, end: '11:30' });
    await m.takes(s, { date: '2025-01-08', price: 100 }, { attendence: 3 });
    await m.takes(s, { date: '2025-01-09', price: 100 }, { toPay: 2 });
    await m.takes(s, { date: AHEAD, price: 80, end: '10:45' });
    expect(await m.account(s)).toEqual({
      balance: 138.75,
      due: 138.75,
      credit: 0,
      upcoming: 60,
      oldestDueDate: PAST,
      currency: 'PLN',
      reference: expect.stringMatching(PAYMENT_REFERENCE_PATTERN),
    });
    const ledger = (await m.get(`/api/ledger?student=${s}`)).json<
      { kind: string; amount: number; balance: number; date: string }[]
    >();
    expect(ledger.map((e) => [e.kind, e.amount, e.balance, e.date])).toEqual([
      ['charge', 120, 120, PAST],
      ['charge', 18.75, 138.75, '2025-01-07'],
    ]);
  });

  it('a payment covers the oldest charges first, named participations before them; the rest is credit', async () => {
    const s = await m.student();
    const first = await m.takes(s, { date: PAST, price: 60 });
    const second = await m.takes(s, { date: '2025-01-13', price: 60 });
    const paid = await m.pay({ student: s, amount: 50 });
    expect(paid.covers).toEqual([{ event: first, amount: 50 }]);
    const named = await m.pay({ student: s, amount: '100.00', events: [second] });
    // its named participation first, then the oldest open charge; 30 is left as credit
    expect(named.covers).toEqual([
      { event: first, amount: 10 },
      { event: second, amount: 60 },
    ]);
    expect(await m.account(s)).toMatchObject({ balance: -30, due: 0, credit: 30 });
    // a participation added to an ended lesson falls due at once and the credit covers it
    const third = await m.takes(s, { date: '2025-01-20', price: 45 });
    expect(await m.account(s)).toMatchObject({ balance: 15, due: 15, credit: 0 });
    const list = await m.get(`/api/payments?student=${s}`);
    expect(list.headers['x-total-count']).toBe('2');
    const covers = list.json<{ covers: { event: number }[] }[]>().flatMap((p) => p.covers);
    expect(covers.map((c) => c.event)).toContain(third);
  });

  it('voiding a payment keeps it, voided, and opens what it covered; twice is 409', async () => {
    const s = await m.student();
    await m.takes(s, { date: PAST, price: 90 });
    const paid = await m.pay({ student: s, amount: 90, reference: 'INV-1' });
    expect(await m.account(s)).toMatchObject({ balance: 0, due: 0 });
    const voided = await m.post(`/api/payments/${paid.id}/void`, { reason: 'bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      id: paid.id,
      voided: true,
      voidReason: 'bounced',
      covers: [],
    });
    expect(await m.account(s)).toMatchObject({ balance: 90, due: 90, oldestDueDate: PAST });
    const again = await m.post(`/api/payments/${paid.id}/void`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await m.post(`/api/payments/${paid.id}/void`, {})).statusCode).toBe(400);
    expect((await m.post('/api/payments/999999/void', { reason: 'x' })).statusCode).toBe(404);
    const ledger = (await m.get(`/api/ledger?student=${s}`)).json<
      { kind: string; balance: number }[]
    >();
    expect(ledger.map((e) => e.kind)).toEqual(['charge', 'payment', 'void']);
    expect(ledger.at(-1)?.balance).toBe(90);
    const voids = (await m.get(`/api/ledger?student=${s}&kind=void`)).json<unknown[]>();
    expect(voids).toHaveLength(1);
    const history = await m.db.execute<{ action: string }>(
      sql`select action from history where entity = 'payments' and entity_id = ${paid.id} order by id`,
    );
    expect(history.rows.map((h) => h.action)).toEqual(['create', 'update']);
  });

  it('reads what payments cover by their index, not by a scan of all coverage', async () => {
    // docs/quality.md, Bench: a page of payments read its covers by a scan (migration 0035)
    const s = await m.student();
    await m.takes(s, { date: PAST, price: 60 });
    const paid = await m.pay({ student: s, amount: 20 });
    const plan = await m.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute<{ 'QUERY PLAN': unknown }>(
        sql`explain (format json) ${coversQuery([paid.id])}`,
      );
      return JSON.stringify(res.rows[0]?.['QUERY PLAN']);
    });
    expect(plan).toContain('coverage_payment_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('adjustments: + owes more, - a credit that covers charges', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 40 });
    const credit = await m.post('/api/adjustments', {
      student: s,
      amount: -50,
      date: '2025-01-10',
      reason: 'goodwill',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ student: s, amount: -50, reason: 'goodwill' });
    expect(await m.account(s)).toMatchObject({ balance: -10, due: 0, credit: 10 });
    await m.post('/api/adjustments', {
      student: s,
      amount: '25.5',
      date: '2025-01-11',
      reason: 'book',
    });
    expect(await m.account(s)).toMatchObject({ balance: 15.5, due: 15.5, credit: 0 });
    const ledger = (await m.get(`/api/ledger?student=${s}`)).json<
      { kind: string; amount: number; event: number | null }[]
    >();
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([
      ['charge', 40],
      ['adjustment', -50],
      ['adjustment', 25.5],
    ]);
    expect(ledger[0]?.event).toBe(e);
  });

  it('the ledger is append-only in the database', async () => {
    const s = await m.student();
    await m.takes(s, { date: PAST, price: 10 });
    await m.account(s);
    const refused = (statement: ReturnType<typeof sql>) =>
      m.db.execute(statement).then(
        () => 'done',
        (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
      );
    expect(
      await refused(sql`update ledger_entries set amount = 0 where student_id = ${s}`),
    ).toMatch(/never changed or deleted/);
    expect(await refused(sql`delete from ledger_entries where student_id = ${s}`)).toMatch(
      /never changed or deleted/,
    );
  });

  it('a teacher gets 403 on every money call', async () => {
    const teacher = await m.loginAs('teacher');
    const s = await m.student();
    const calls = [
      { method: 'GET', url: '/api/payments' },
      {
        method: 'POST',
        url: '/api/payments',
        payload: { student: s, amount: 1, date: PAST, method: 'cash' },
      },
      { method: 'POST', url: '/api/payments/1/void', payload: { reason: 'x' } },
      {
        method: 'POST',
        url: '/api/adjustments',
        payload: { student: s, amount: 1, date: PAST, reason: 'x' },
      },
      { method: 'GET', url: `/api/students/${s}/account` },
      { method: 'GET', url: `/api/ledger?student=${s}` },
    ] as const;
    for (const call of calls) {
      const res = await teacher.request(call);
      expect(res.statusCode, call.url).toBe(403);
    }
    const manager = await m.loginAs('manager');
    expect(
      (await manager.request({ method: 'GET', url: `/api/students/${s}/account` })).statusCode,
    ).toBe(200);
  });
});

describe('a student with money history (docs/money.md, The ledger)', () => {
  it('is not deleted: 409 names the money, which the ledger keeps; one without money is', async () => {
    const s = await m.student();
    const lessons = [
      await m.lessonOf(await m.takes(s, { date: PAST, price: 60 })),
      await m.lessonOf(await m.takes(s, { date: '2025-01-07', price: 60 })),
    ];
    const first = await m.pay({ student: s, amount: 50 });
    await m.pay({ student: s, amount: 50 });
    await m.pay({ student: s, amount: 20 });
    await m.post(`/api/payments/${first.id}/void`, { reason: 'bounced' });
    await m.post('/api/adjustments', { student: s, amount: -5, date: PAST, reason: 'goodwill' });
    for (const lesson of lessons)
      expect((await m.del(`/api/lessons/${lesson}`)).statusCode).toBe(204);
    // 2 charges, 3 payments, a void, an adjustment and 2 corrections
    for (const url of [`/api/students/${s}`, `/api/students/${s}?dryRun=1`]) {
      const res = await m.del(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ error: 'linked' });
      expect(res.json<{ message: string }>().message).toMatch(
        /^3 payments, 1 adjustment and 9 ledger entries belong to this student: the ledger is kept/,
      );
    }
    expect((await m.get(`/api/students/${s}`)).statusCode).toBe(200);
    expect(await m.account(s)).toMatchObject({ balance: -75, credit: 75 });

    // read, and a lesson that charged nothing: kept figures of 0 but no money history
    const free = await m.student();
    const lesson = await m.lessonOf(await m.takes(free, { date: PAST, price: 60 }, { toPay: 2 }));
    expect(await m.account(free)).toMatchObject({ balance: 0, due: 0 });
    expect((await m.del(`/api/lessons/${lesson}`)).statusCode).toBe(204);
    expect((await m.del(`/api/students/${free}`)).statusCode).toBe(204);
    expect((await m.get(`/api/students/${free}`)).statusCode).toBe(404);
  });
});
