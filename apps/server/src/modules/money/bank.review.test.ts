import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankRow } from '@school/contract/bank-import';
import { api } from '@school/contract/paths';
import { bankCalls, makePayers, statement, stored, type Payer } from '../../../test/bank.js';
import { useMoneyApp } from '../../../test/money.js';
import { importStatement } from './bank.import.js';

// docs/money.md, Bank statements: the review list of the transfers no reference matched

const m = useMoneyApp();
let bank: ReturnType<typeof bankCalls>;
let payers: Record<Payer, number>;

const review = (id: number, action: 'assign' | 'dismiss' | 'restore', payload?: object) =>
  m.post(
    action === 'assign'
      ? api.unmatchedAssign(id)
      : action === 'dismiss'
        ? api.unmatchedDismiss(id)
        : api.unmatchedRestore(id),
    payload ?? {},
  );

beforeAll(async () => {
  bank = bankCalls(m.agent);
  payers = await makePayers(m.agent, m.db);
  await bank.import('mbank-lista-operacji.csv');
});

describe('the review list', () => {
  it('pages the transfers waiting, newest first, with X-Total-Count and a search', async () => {
    const page = await bank.unmatched('?limit=2');
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.bookedOn)).toEqual(['2026-03-20', '2026-03-15']);
    const next = await bank.unmatched('?limit=2&offset=2');
    expect(next.rows.map((r) => r.bookedOn)).toEqual(['2026-03-05']);
    expect(next.total).toBe(3);
    const found = await bank.unmatched('?search=wycieczk');
    expect(found.rows.map((r) => r.amount)).toEqual([100]);
    expect(found.total).toBe(1);
    expect(page.rows[0]?.suggestion).toMatchObject({ id: payers.anna, name: 'Anna Kowalska' });
  });

  it('assigns a transfer to a student: it becomes their payment and leaves the list', async () => {
    const [anna] = (await bank.unmatched('?search=kowalska')).rows as [BankRow];
    const res = await review(anna.id, 'assign', { student: payers.anna });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<BankRow>();
    expect(row).toMatchObject({ status: 'assigned', student: payers.anna });
    expect(row.studentName).toBe('Anna Kowalska');
    const payments = (await m.get(`${api.payments}?student=${payers.anna}`)).json<
      { id: number; amount: number; date: string; method: string; note: string }[]
    >();
    expect(payments).toEqual([
      expect.objectContaining({
        id: row.payment,
        amount: 350,
        date: '2026-03-20',
        method: 'transfer',
        note: 'Bank statement import (mBank, mbank-lista-operacji.csv), assigned by hand',
      }),
    ]);
    expect((await m.account(payers.anna)).credit).toBe(350);
    expect((await bank.unmatched()).total).toBe(2);
    // once: a second assignment (another tab) is a conflict, and makes no payment
    const twice = await review(anna.id, 'assign', { student: payers.marta });
    expect(twice.statusCode).toBe(409);
    expect((await m.get(`${api.payments}?student=${payers.marta}`)).json<unknown[]>()).toHaveLength(
      2,
    );
    const history = await m.get(`/api/audit?entity=bankrows&entityId=${anna.id}`);
    expect(history.json<{ changes: Record<string, unknown> }[]>()[0]?.changes).toMatchObject({
      status: ['unmatched', 'assigned'],
      student: payers.anna,
      studentName: 'Anna Kowalska',
      amount: 350,
    });
  });

  it('refuses a student who does not exist, and an assignment without one', async () => {
    const [row] = (await bank.unmatched()).rows as [BankRow];
    const before = await stored(m.db);
    expect((await review(row.id, 'assign', { student: 999_999 })).statusCode).toBe(404);
    expect((await review(row.id, 'assign', {})).statusCode).toBe(400);
    expect((await review(999_999, 'assign', { student: payers.anna })).statusCode).toBe(404);
    expect(await stored(m.db)).toEqual(before);
  });

  it('dismisses a transfer, and brings it back (Undo)', async () => {
    const [row] = (await bank.unmatched('?search=wycieczk')).rows as [BankRow];
    const dismissed = await review(row.id, 'dismiss');
    expect(dismissed.json<BankRow>()).toMatchObject({ status: 'dismissed', payment: null });
    expect((await bank.unmatched()).total).toBe(1);
    expect((await bank.unmatched('?status=dismissed')).rows.map((r) => r.id)).toEqual([row.id]);
    expect((await review(row.id, 'dismiss')).statusCode).toBe(409);
    const restored = await review(row.id, 'restore');
    expect(restored.json<BankRow>().status).toBe('unmatched');
    expect((await bank.unmatched()).total).toBe(2);
    expect((await review(row.id, 'restore')).statusCode).toBe(409);
    const history = await m.get(`/api/audit?entity=bankrows&entityId=${row.id}`);
    expect(
      history.json<{ changes: { status: string[] } }[]>().map((e) => e.changes.status),
    ).toEqual([
      ['dismissed', 'unmatched'],
      ['unmatched', 'dismissed'],
    ]);
  });

  it('is an admin’s and a manager’s: a teacher gets 403 and changes nothing', async () => {
    const manager = bankCalls(await m.loginAs('manager'));
    expect((await manager.unmatched()).total).toBe(2);
    const teacher = await m.loginAs('teacher');
    const [row] = (await bank.unmatched()).rows as [BankRow];
    const before = await stored(m.db);
    const calls = [
      teacher.request({ method: 'GET', url: api.unmatchedPayments }),
      teacher.request({
        method: 'POST',
        url: api.unmatchedAssign(row.id),
        payload: { student: payers.anna },
      }),
      teacher.request({ method: 'POST', url: api.unmatchedDismiss(row.id), payload: {} }),
      teacher.request({ method: 'POST', url: api.unmatchedRestore(row.id), payload: {} }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect(await stored(m.db)).toEqual(before);
  });
});

describe('two imports at once', () => {
  it('store each transfer once and pay it once, by the unique key', async () => {
    const before = await stored(m.db);
    const bytes = statement('santander.csv');
    const progress = { total: () => undefined, advance: () => undefined };
    const money = { db: m.db, zone: 'Europe/Kyiv' };
    const { rows } = await m.db.execute<{ id: number }>(sql`select min(id) as id from users`);
    const userId = rows[0]?.id ?? 0;
    // past the one-import-at-a-time rule of the routes: the index alone holds
    const results = await Promise.all(
      [1, 2].map(() =>
        importStatement(money, () => Readable.from([bytes]), false, userId, progress, {
          fileName: 'santander.csv',
        }),
      ),
    );
    expect(results.map((r) => r.created).sort()).toEqual([0, 4]);
    expect(results.map((r) => r.duplicates).sort()).toEqual([0, 4]);
    expect(await stored(m.db)).toMatchObject({
      rows: before.rows + 4,
      payments: before.payments + 2,
    });
  });
});
