import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import { bankCalls, makePayers, stored, type Payer } from '../../../test/bank.js';
import { PAST, useMoneyApp } from '../../../test/money.js';

// docs/money.md, Bank statements; ADR 045: an mBank statement imported into the ledger, twice,
// and a statement overlapping it

const m = useMoneyApp();
let bank: ReturnType<typeof bankCalls>;
let payers: Record<Payer, number>;

interface PaymentRead {
  id: number;
  student: number;
  amount: number;
  date: string;
  method: string;
  reference: string;
  note: string;
  covers: { event: number; amount: number }[];
}

const paymentsOf = async (student: number) =>
  (await m.get(`${api.payments}?student=${student}`)).json<PaymentRead[]>();

beforeAll(async () => {
  bank = bankCalls(m.agent);
  payers = await makePayers(m.agent, m.db);
});

describe('an mBank statement', () => {
  let charge: number;

  beforeAll(async () => {
    // Marta owes a lesson of 480.00 zł: her transfer covers it like any payment
    charge = await m.takes(payers.marta, { date: PAST, price: 480 });
  });

  it('is previewed: the bank told, each transfer matched, left for review or out; nothing written', async () => {
    const preview = await bank.preview('mbank-lista-operacji.csv');
    expect(preview).toMatchObject({
      bank: 'mbank',
      encoding: 'windows-1250',
      delimiter: ';',
      mappingSource: 'bank',
      rows: 8,
      matched: 3,
      unmatched: 3,
      suggested: 2,
      duplicates: 0,
      outgoing: 2,
      pending: 0,
      errorCount: 0,
    });
    expect(preview.mapping).toEqual({
      date: '#Data operacji',
      amount: '#Kwota',
      title: '#Opis operacji',
    });
    expect(
      preview.sample.map((r) => [r.date, r.amount, r.status, r.student?.name ?? null]),
    ).toEqual([
      ['2026-03-30', 480, 'matched', 'Marta Koval'],
      ['2026-03-25', 1200, 'matched', 'Oleh Bondarenko'],
      ['2026-03-20', 350, 'unmatched', null],
      ['2026-03-15', 100, 'unmatched', null],
      ['2026-03-12', 480, 'matched', 'Marta Koval'],
      ['2026-03-05', 20, 'unmatched', null],
    ]);
    // by name and amount: Anna Kowalska and Iryna Melnyk (her W3RD8CX is not her reference)
    expect(preview.sample[2]?.suggestion?.name).toBe('Anna Kowalska');
    expect(preview.sample.map((r) => r.suggestion?.id ?? null)).toEqual([
      null,
      null,
      payers.anna,
      null,
      null,
      payers.iryna,
    ]);
    expect(await stored(m.db)).toMatchObject({ rows: 0, payments: 0 });
  });

  it('is imported: the matched transfers are payments covering charges, the others wait', async () => {
    const result = await bank.import('mbank-lista-operacji.csv');
    expect(result).toEqual({
      created: 6,
      matched: 3,
      unmatched: 3,
      suggested: 2,
      duplicates: 0,
      outgoing: 2,
      pending: 0,
      skipped: 0,
    });
    const marta = await paymentsOf(payers.marta);
    expect(marta.map((p) => [p.date, p.amount, p.method])).toEqual([
      ['2026-03-30', 480, 'transfer'],
      ['2026-03-12', 480, 'transfer'],
    ]);
    expect(marta[0]).toMatchObject({
      reference: 'MARTA KOVAL K7M2QX MARTA KOVAL MARZEC PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY',
      note: 'Bank statement import (mBank, mbank-lista-operacji.csv)',
    });
    // the older payment covers her lesson, the other is credit
    expect(marta[1]?.covers).toEqual([{ event: charge, amount: 480 }]);
    expect(await m.paidOf(charge)).toBe(true);
    expect(await m.account(payers.marta)).toMatchObject({ due: 0, credit: 480, balance: -480 });
    expect((await paymentsOf(payers.oleh)).map((p) => p.amount)).toEqual([1200]);
    const review = await bank.unmatched();
    expect(review.total).toBe(3);
    expect(review.rows.map((r) => [r.bookedOn, r.amount, r.suggestion?.name ?? null])).toEqual([
      ['2026-03-20', 350, 'Anna Kowalska'],
      ['2026-03-15', 100, null],
      ['2026-03-05', 20, 'Iryna Melnyk'],
    ]);
    expect(review.rows[0]).toMatchObject({
      status: 'unmatched',
      bank: 'mbank',
      fileName: 'mbank-lista-operacji.csv',
      student: null,
      payment: null,
    });
  });

  it('records each payment as payments are, and the import as bankrows', async () => {
    const [payment] = await paymentsOf(payers.oleh);
    const history = await m.get(`/api/audit?entity=payments&entityId=${payment?.id ?? 0}`);
    expect(history.json<{ action: string; changes: Record<string, unknown> }[]>()).toEqual([
      expect.objectContaining({
        action: 'create',
        changes: expect.objectContaining({
          amount: 1200,
          method: 'transfer',
          studentName: 'Oleh Bondarenko',
        }),
      }),
    ]);
    const imports = await m.get('/api/audit?entity=bankrows&action=import');
    expect(imports.json<{ changes: Record<string, unknown> }[]>()[0]?.changes).toEqual({
      fileName: 'mbank-lista-operacji.csv',
      bank: 'mbank',
      created: 6,
      matched: 3,
      unmatched: 3,
      suggested: 2,
      duplicates: 0,
      outgoing: 2,
      pending: 0,
      skipped: 0,
    });
  });

  it('imported again adds nothing: every transfer is a duplicate', async () => {
    const before = await stored(m.db);
    const preview = await bank.preview('mbank-lista-operacji.csv');
    expect(preview).toMatchObject({ matched: 0, unmatched: 0, duplicates: 6, outgoing: 2 });
    expect(preview.sample.every((r) => r.status === 'duplicate')).toBe(true);
    const result = await bank.import('mbank-lista-operacji.csv');
    expect(result).toMatchObject({ created: 0, matched: 0, unmatched: 0, duplicates: 6 });
    expect(await stored(m.db)).toEqual(before);
  });

  it('overlapping a statement imported, adds only the transfers that are new', async () => {
    const before = await stored(m.db);
    const result = await bank.import('mbank-lista-operacji-20260320-20260410.csv');
    expect(result).toMatchObject({
      created: 2,
      matched: 1,
      unmatched: 1,
      suggested: 1,
      duplicates: 3,
      outgoing: 2,
    });
    expect(await stored(m.db)).toMatchObject({
      rows: before.rows + 2,
      payments: before.payments + 1,
    });
    expect((await paymentsOf(payers.oleh)).map((p) => [p.date, p.amount])).toEqual([
      ['2026-04-08', 600],
      ['2026-03-25', 1200],
    ]);
  });
});
