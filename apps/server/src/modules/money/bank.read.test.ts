import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BankMapping } from '@school/contract/bank-import';
import { fingerprintOf } from './bank.formats.js';
import { openStatement, type StatementItem } from './bank.read.js';

// docs/money.md, Bank statements; ADR 045: the fixtures as the banks export them, read as bytes

const fixture = (name: string) =>
  new URL(`../../../test/fixtures/bank/${name}`, import.meta.url).pathname;

async function read(
  source: string | (() => Readable),
  given?: BankMapping,
  remembered = new Map<string, BankMapping>(),
) {
  const statement = await openStatement(
    typeof source === 'string' ? () => createReadStream(fixture(source)) : source,
    { given, remembered },
  );
  const items: StatementItem[] = [];
  for await (const item of statement.items()) items.push(item);
  const incoming = items.flatMap((i) => (i.kind === 'incoming' ? [i.row] : []));
  const kinds = (kind: string) => items.filter((i) => i.kind === kind).length;
  return {
    ...statement,
    incoming,
    outgoing: kinds('outgoing'),
    pending: kinds('pending'),
    errors: items.flatMap((i) => (i.kind === 'error' ? [i.error] : [])),
  };
}

/** Bytes in chunks of `size`, so the encoding is told from a chunk, not the whole file. */
const chunks = (bytes: Buffer, size: number) => () =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );

describe('reading the banks’ statements', () => {
  it('mBank: windows-1250, semicolons, the preamble, amounts with the currency', async () => {
    const s = await read('mbank-lista-operacji.csv');
    expect(s.encoding).toBe('windows-1250');
    expect(s.layout).toMatchObject({ bank: 'mbank', delimiter: ';', mappingSource: 'bank' });
    expect(s.layout.columns).toEqual([
      '#Data operacji',
      '#Opis operacji',
      '#Rachunek',
      '#Kategoria',
      '#Kwota',
    ]);
    expect(s.incoming).toHaveLength(6);
    expect(s.outgoing).toBe(2);
    expect(s.incoming[0]).toMatchObject({
      line: 26,
      bookedOn: '2026-03-30',
      amount: 48000,
      title: 'MARTA KOVAL K7M2QX MARTA KOVAL MARZEC PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY',
    });
    expect(s.incoming.map((r) => r.amount)).toEqual([48000, 120000, 35000, 10000, 48000, 2000]);
    expect(s.incoming[1]?.title).toContain('opłata za kurs');
  });

  it('PKO BP: commas, quoted cells, signed amounts with a point, labelled details', async () => {
    const s = await read('pko-bp.csv');
    expect(s.encoding).toBe('windows-1250');
    expect(s.layout).toMatchObject({ bank: 'pko', delimiter: ',' });
    expect(s.incoming[0]).toMatchObject({
      bookedOn: '2026-03-31',
      amount: 25000,
      title: 'Q5NB7L Taras Shevchuk',
      counterparty: 'TARAS SHEVCHUK UL. LIPOWA 5 00-001 WARSZAWA',
      account: '61 1090 1014 0000 0712 1981 2874',
    });
    // the card payment, the hold not booked and the rent paid out
    expect(s.outgoing).toBe(3);
    expect(s.incoming).toHaveLength(4);
    // two equal transfers of one day: two keys
    const [a, b] = s.incoming.filter((r) => r.title === 'Lekcje kwiecień');
    expect(a?.key).toMatch(/:1$/);
    expect(b?.key).toBe(a?.key.replace(/:1$/, ':2'));
  });

  it('ING: the preamble, the booking date, the transaction number, a transfer not booked', async () => {
    const s = await read('ing.csv');
    expect(s.encoding).toBe('windows-1250');
    expect(s.layout).toMatchObject({ bank: 'ing', delimiter: ';', start: 16 });
    expect(s.incoming.map((r) => [r.bookedOn, r.amount, r.key])).toEqual([
      ['2026-03-31', 39000, 'tx:202603310012345678'],
      ['2026-03-27', 35000, 'tx:202603270009981120'],
      ['2026-03-16', 60000, 'tx:202603160007781002'],
    ]);
    expect(s.incoming[0]).toMatchObject({
      counterparty: 'IRYNA MELNYK  UL. POLNA 3/7 02-600 WARSZAWA',
      account: '19102010970000710201784521',
    });
    expect(s.pending).toBe(1);
    expect(s.outgoing).toBe(2);
    expect(s.errors).toEqual([]);
  });

  it('Santander: UTF-8, no header row, the summary line, day-first dates', async () => {
    const s = await read('santander.csv');
    expect(s.encoding).toBe('utf-8');
    expect(s.layout).toMatchObject({ bank: 'santander', hasHeader: false, start: 1 });
    expect(s.incoming.map((r) => [r.bookedOn, r.amount, r.title])).toEqual([
      ['2026-03-31', 48000, 'K7M2QX Marta Koval maj'],
      ['2026-03-28', 125000, 'Opłata za kurs, Taras'],
      ['2026-03-17', 25000, 'q5nb7l'],
      ['2026-03-09', 1250, 'Zwrot nadpłaty'],
    ]);
    expect(s.outgoing).toBe(1);
  });

  it('another bank: needs a mapping, then reads dd.mm.yyyy dates after a BOM', async () => {
    const unknown = await read('inny-bank.csv');
    expect(unknown.encoding).toBe('utf-8');
    expect(unknown.layout).toMatchObject({ bank: null, mapping: null, start: 4, hasHeader: true });
    expect(unknown.layout.columns[0]).toBe('Data księgowania');
    expect(unknown.layout.rawSample[0]?.[2]).toBe('Marta Koval');
    expect(unknown.incoming).toEqual([]);
    const mapping = {
      date: 'data księgowania',
      amount: 'Kwota',
      title: 'Tytuł płatności',
      counterparty: 'Nadawca / Odbiorca',
      transactionId: 'Identyfikator',
    };
    const mapped = await read('inny-bank.csv', mapping);
    expect(mapped.layout.mappingSource).toBe('given');
    expect(mapped.incoming.map((r) => [r.bookedOn, r.amount, r.key])).toEqual([
      ['2026-03-31', 48000, 'tx:TX-2026-0331-001'],
      ['2026-03-22', 70000, 'tx:TX-2026-0322-002'],
      ['2026-03-14', 60000, 'tx:TX-2026-0314-001'],
    ]);
    // remembered by its header row, it is read without a mapping
    const remembered = new Map([[fingerprintOf(unknown.layout.columns), mapping]]);
    const again = await read('inny-bank.csv', undefined, remembered);
    expect(again.layout.mappingSource).toBe('remembered');
    expect(again.incoming).toHaveLength(3);
  });

  it('tells the encoding from the first bytes beyond ASCII, whatever the chunks', async () => {
    const text = 'Data;Kwota;Tytuł\r\n2026-03-01;10,00;zażółć gęślą jaźń\r\n';
    const mapping = { date: 'Data', amount: 'Kwota', title: 'Tytuł' };
    const utf8 = await read(chunks(Buffer.from(text, 'utf8'), 3), mapping);
    expect(utf8.encoding).toBe('utf-8');
    expect(utf8.incoming[0]?.title).toBe('zażółć gęślą jaźń');
    const cp1250 = Buffer.from(
      [...text].map(
        (c) =>
          ({ ł: 0xb3, ż: 0xbf, ó: 0xf3, ć: 0xe6, ę: 0xea, ś: 0x9c, ą: 0xb9, ź: 0x9f, ń: 0xf1 })[
            c
          ] ?? c.charCodeAt(0),
      ),
    );
    const legacy = await read(chunks(cp1250, 5), mapping);
    expect(legacy.encoding).toBe('windows-1250');
    expect(legacy.incoming[0]?.title).toBe('zażółć gęślą jaźń');
  });

  it('refuses a mapping naming columns the file lacks, and a file with no transfers', async () => {
    await expect(
      read('inny-bank.csv', { date: 'Data', amount: 'Kwota', title: 'Opis' }),
    ).rejects.toMatchObject({ statusCode: 400, fields: { 'mapping.date': expect.any(String) } });
    const words = () => Readable.from([Buffer.from('just;some;words\r\nand;more;words\r\n')]);
    await expect(read(words)).rejects.toMatchObject({ statusCode: 400 });
    await expect(read(() => Readable.from([Buffer.from('\r\n\r\n')]))).rejects.toMatchObject({
      statusCode: 400,
      message: 'The file is empty',
    });
  });

  it('refuses a row whose amount or date cannot be read, naming its line', async () => {
    const text = 'Data;Kwota;Tytuł\n2026-03-01;dziesięć;K7M2QX\n2026-02-30;10,00;K7M2QX\n';
    const s = await read(() => Readable.from([Buffer.from(text)]), {
      date: 'Data',
      amount: 'Kwota',
      title: 'Tytuł',
    });
    expect(s.errors.map((e) => [e.line, Object.keys(e.fields)[0]])).toEqual([
      [2, 'amount'],
      [3, 'date'],
    ]);
  });
});
