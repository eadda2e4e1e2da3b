// The bench's bank statement (docs/money.md, Bank statements; ADR 045): BANK_ROWS rows of an
// mBank operations list in windows-1250, made as the upload sends it, imported through
// POST /api/payments/import and followed to its end. Seven rows in ten carry a seeded student's
// payment reference (each a payment, recorded as a payment is), one a student's name only, one
// neither, one is outgoing.
import type pg from 'pg';
import { XSRF_HEADER } from '@school/contract/common';
import { followJob } from './requests.js';
import { BANK_ROWS } from './settings.js';

/** windows-1250's bytes of a text: the decoder's table read backwards. */
const CP1250 = (() => {
  const decoder = new TextDecoder('windows-1250');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return (text: string) => Buffer.from([...text].map((c) => table.get(c) ?? 0x3f));
})();

const PREAMBLE = [
  'mBank S.A. Bankowość Detaliczna;',
  'Skrytka Pocztowa 2108;',
  '90-959 Łódź 2;',
  '',
  '#Klient;',
  'SZKOŁA JĘZYKOWA BENCH;',
  '',
  'Lista operacji;',
  '',
  '#Za okres:;',
  '01.01.2026;31.03.2026;',
  '',
  '#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;',
];

/** The statement, a thousand rows at a time. */
async function* statement(students: { reference: string; name: string }[]) {
  yield CP1250(`${PREAMBLE.join('\r\n')}\r\n`);
  for (let from = 0; from < BANK_ROWS; from += 1000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(BANK_ROWS, from + 1000); i++) {
      const student = students[i % students.length] ?? { reference: '', name: '' };
      const date = `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`;
      const kind = i % 10;
      const description =
        kind < 7
          ? `${student.name.toUpperCase()}  ${student.reference} opłata ${i}   PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY`
          : kind === 7
            ? `${student.name.toUpperCase()}  lekcje ${i}   PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY`
            : kind === 8
              ? `NIEZNANY NADAWCA  wpłata ${i}   PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY`
              : `SKLEP ${i}  ZAKUP PRZY UŻYCIU KARTY`;
      const amount = `${kind === 9 ? '-' : ''}${50 + (i % 400)},00 PLN`;
      lines.push(`${date};"${description}";"mBiznes konto";"Wpływy";${amount};;\r\n`);
    }
    yield CP1250(lines.join(''));
  }
}

/** The import followed to its end (a job, ADR 012): its time and its answer. */
export async function importStatement(
  appUrl: string,
  auth: { cookie: string; xsrf: string },
  pool: pg.Pool,
) {
  const { rows } = await pool.query<{ reference: string; name: string }>(
    `select payment_reference as reference, trim(name || ' ' || surname) as name
     from students order by id limit 2000`,
  );
  const started = Date.now();
  const res = await fetch(`${appUrl}/api/payments/import?fileName=bench-mbank.csv`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie: auth.cookie, [XSRF_HEADER]: auth.xsrf },
    body: ReadableStream.from(statement(rows)),
    duplex: 'half',
  });
  const answer = await followJob(res, `${appUrl}/api/payments/import`, auth.cookie);
  return { seconds: (Date.now() - started) / 1000, body: answer };
}
