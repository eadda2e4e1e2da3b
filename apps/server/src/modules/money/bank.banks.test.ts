import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BankImportJob } from '@school/contract/bank-import';
import { IMPORT_SYNC_MAX_CHARS } from '@school/contract/imports';
import { api } from '@school/contract/paths';
import { bankCalls, makePayers, statement, stored, type Payer } from '../../../test/bank.js';
import { useMoneyApp } from '../../../test/money.js';

// docs/money.md, Bank statements; ADR 045: PKO BP, ING, Santander and a bank read by a mapping;
// files and mappings refused change nothing

const m = useMoneyApp();
let bank: ReturnType<typeof bankCalls>;
let payers: Record<Payer, number>;

const OTHER_MAPPING = {
  date: 'Data księgowania',
  amount: 'Kwota',
  title: 'Tytuł płatności',
  counterparty: 'Nadawca / Odbiorca',
  account: 'Rachunek kontrahenta',
  transactionId: 'Identyfikator',
};

const rowsOf = async () =>
  (
    await m.db.execute<{ key: string; title: string; status: string; account: string }>(
      sql`select dedup_key as key, title, status, account from bank_rows order by id`,
    )
  ).rows;

beforeAll(async () => {
  bank = bankCalls(m.agent);
  payers = await makePayers(m.agent, m.db);
});

describe('the banks’ exports', () => {
  it('PKO BP: two equal transfers of one day both count, once each', async () => {
    const result = await bank.import('pko-bp.csv');
    expect(result).toMatchObject({ created: 4, matched: 2, unmatched: 2, outgoing: 3 });
    const olena = (await rowsOf()).filter((r) => r.title === 'Lekcje kwiecień');
    expect(olena).toHaveLength(2);
    expect(olena[0]?.account).toBe('02 1140 2004 0000 3502 7651 4411');
    expect(await bank.import('pko-bp.csv')).toMatchObject({ created: 0, duplicates: 4 });
  });

  it('ING: by the booking date and the transaction number; a transfer not booked waits', async () => {
    const result = await bank.import('ing.csv');
    expect(result).toMatchObject({
      created: 3,
      matched: 2,
      unmatched: 1,
      suggested: 1,
      pending: 1,
      outgoing: 2,
    });
    const keys = (await rowsOf()).map((r) => r.key);
    expect(keys).toContain('tx:202603310012345678');
    const iryna = (await m.get(`${api.payments}?student=${payers.iryna}`)).json<
      { date: string; amount: number; note: string }[]
    >();
    expect(iryna).toEqual([
      expect.objectContaining({
        date: '2026-03-31',
        amount: 390,
        note: 'Bank statement import (ING, ing.csv)',
      }),
    ]);
  });

  it('Santander: no header row, day-first dates, names suggesting a student', async () => {
    const preview = await bank.preview('santander.csv');
    expect(preview).toMatchObject({ bank: 'santander', encoding: 'utf-8', delimiter: ',' });
    expect(preview.columns).toContain('Kwota');
    expect(
      preview.sample.map((r) => [r.date, r.status, r.student?.id ?? r.suggestion?.id ?? null]),
    ).toEqual([
      ['2026-03-31', 'matched', payers.marta],
      ['2026-03-28', 'unmatched', payers.taras],
      ['2026-03-17', 'matched', payers.taras],
      ['2026-03-09', 'unmatched', null],
    ]);
    expect(await bank.import('santander.csv')).toMatchObject({ created: 4, matched: 2 });
  });

  it('another bank: read by the mapping given, which is remembered for its header row', async () => {
    const unknown = await bank.preview('inny-bank.csv');
    expect(unknown).toMatchObject({ bank: null, mapping: null, mappingSource: null, rows: 0 });
    expect(unknown.columns).toEqual([
      'Data księgowania',
      'Data waluty',
      'Nadawca / Odbiorca',
      'Rachunek kontrahenta',
      'Tytuł płatności',
      'Kwota',
      'Waluta',
      'Identyfikator',
    ]);
    expect(unknown.rawSample[0]).toContain('K7M2QX opłata czerwiec');
    // without a mapping it is not imported
    const before = await stored(m.db);
    const refused = await bank.upload(api.bankImport.import, statement('inny-bank.csv'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { mapping: 'is required for this file' } });
    expect(await stored(m.db)).toEqual(before);
    // the mapping as a multipart field before the file, as the screen sends it
    const boundary = 'BankBoundary42';
    const part = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(part('mapping', JSON.stringify(OTHER_MAPPING))),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="wyciag.csv"\r\ncontent-type: text/csv\r\n\r\n`,
      ),
      statement('inny-bank.csv'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await m.agent.request({
      method: 'POST',
      url: api.bankImport.import,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, matched: 2, unmatched: 1, outgoing: 1 });
    const [payment] = (
      await m.get(`${api.payments}?student=${payers.oleh}&dateFrom=2026-03-14&dateTo=2026-03-14`)
    ).json<{ note: string }[]>();
    expect(payment?.note).toBe('Bank statement import (wyciag.csv)');
    const again = await bank.preview('inny-bank.csv');
    expect(again).toMatchObject({ mappingSource: 'remembered', mapping: OTHER_MAPPING });
    expect(again.duplicates).toBe(3);
  });
});

describe('what is refused, writing nothing', () => {
  const mapping = { date: 'Data', amount: 'Kwota', title: 'Tytuł' };
  const file = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

  it('a mapping that is no JSON, misses a field or names no column of the file', async () => {
    const before = await stored(m.db);
    const send = (query: Parameters<typeof bank.upload>[2]) =>
      bank.upload(api.bankImport.import, statement('inny-bank.csv'), query);
    const notJson = await send({ mapping: '{date:' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ fields: { mapping: 'is not JSON' } });
    const incomplete = await send({ mapping: { date: 'Data księgowania', amount: 'Kwota' } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ fields: { 'mapping.title': expect.any(String) } });
    const unknownColumn = await send({ mapping: { ...OTHER_MAPPING, title: 'Opis' } });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json()).toMatchObject({
      fields: { 'mapping.title': 'the file has no column "Opis"' },
    });
    expect(await stored(m.db)).toEqual(before);
  });

  it('a file with rows that cannot be read, unless those rows are skipped', async () => {
    const before = await stored(m.db);
    const lines = [
      'Data;Kwota;Tytuł',
      '2026-05-04;100,00;Wpłata A',
      '2026-05-05;sto złotych;Wpłata B',
      '31.02.2026;100,00;Wpłata C',
    ];
    const res = await bank.upload(api.bankImport.import, file(lines), { mapping });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: '2 rows have errors; nothing was imported' });
    expect(await stored(m.db)).toEqual(before);
    const preview = await bank.upload(api.bankImport.importPreview, file(lines), { mapping });
    expect(preview.json()).toMatchObject({
      errorCount: 2,
      errors: [
        { line: 3, problems: [{ field: 'amount', code: 'notNumber' }] },
        { line: 4, problems: [{ field: 'date', code: 'format' }] },
      ],
    });
    const skipped = await bank.upload(api.bankImport.import, file(lines), {
      mapping,
      skipErrors: true,
    });
    expect(skipped.json()).toMatchObject({ created: 1, unmatched: 1, skipped: 2 });
  });

  it('an empty file, one without transfers, a JSON body, a teacher', async () => {
    const before = await stored(m.db);
    const empty = await bank.upload(api.bankImport.import, Buffer.from(''));
    expect(empty.statusCode).toBe(400);
    const words = await bank.upload(api.bankImport.importPreview, file(['a;b;c', 'd;e;f']));
    expect(words.statusCode).toBe(400);
    expect(words.json()).toMatchObject({ fields: { csv: 'has no row with a date and an amount' } });
    const json = await m.post(api.bankImport.import, { csv: 'Data;Kwota;Tytuł' });
    expect(json.statusCode).toBe(400);
    const teacher = bankCalls(await m.loginAs('teacher'));
    for (const url of [api.bankImport.import, api.bankImport.importPreview]) {
      const res = await teacher.upload(url, statement('pko-bp.csv'));
      expect(res.statusCode).toBe(403);
    }
    expect(await stored(m.db)).toEqual(before);
  });
});

describe('a large statement', () => {
  it('is imported as a job whose progress and result are polled', async () => {
    // about 600 kB: above the size imported within the request; long senders make it so in
    // 2 000 lines (docs/decisions/037-test-suite-cost.md)
    const lines = ['Data;Kwota;Tytuł;Nadawca'];
    for (let i = 0; i < 2000; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      lines.push(
        `2026-06-${day};${(i % 90) + 10},00;Wpłata numer ${i} ${'x'.repeat(50)};Ktoś ${i} ${'y'.repeat(200)}`,
      );
    }
    const file = Buffer.from(lines.join('\n'));
    expect(file.length).toBeGreaterThan(IMPORT_SYNC_MAX_CHARS);
    const res = await bank.upload(api.bankImport.import, file, {
      mapping: { date: 'Data', amount: 'Kwota', title: 'Tytuł', counterparty: 'Nadawca' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<BankImportJob>();
    let job: BankImportJob | undefined;
    await expect
      .poll(
        async () => {
          job = (await m.get(api.bankImport.importJob(jobId))).json<BankImportJob>();
          return job.state;
        },
        { timeout: 60_000 },
      )
      .toBe('done');
    expect(job?.result).toMatchObject({ created: 2000, unmatched: 2000, matched: 0 });
    expect(job).toMatchObject({ processed: 2000, total: 2000 });
  });
});
