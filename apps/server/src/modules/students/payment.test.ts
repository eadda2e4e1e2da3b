import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_REFERENCE_PATTERN } from '@school/contract/bank';
import type { LearnerPage } from '@school/contract/learner';
import { api } from '@school/contract/paths';
import { setupApp, type Agent, type AppFixture } from '../../../test/helper.js';
import { moneyCalls, PAST } from '../../../test/money.js';
import { decodeQrSvg } from '../../../test/qr.js';

// A student's payment reference and how a learner pays (docs/learner-page.md, How to pay;
// docs/money.md, How a learner pays; ADR 040)

let t: AppFixture;
let agent: Agent;
let m: ReturnType<typeof moneyCalls>;

beforeAll(async () => {
  t = await setupApp({ admin: true });
  agent = t.agent;
  m = moneyCalls(agent);
});

const referenceOf = async (student: number) =>
  (await m.account(student)) as unknown as { reference: string };
const hashCodeOf = async (student: number) =>
  (await m.get(api.student(student))).json<{ hashCode: string }>().hashCode;
const open = (hashCode: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: api.publicStudent(hashCode), headers });
const qr = (hashCode: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: api.publicPaymentQr(hashCode), headers });
const school = (payload: unknown) =>
  agent.request({ method: 'PUT', url: api.schoolDetails, payload });

describe('the payment reference', () => {
  it('is made with every student, unique, of the unambiguous alphabet', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await m.student(`Ref ${i}`));
    // a client made a student, and a CSV import, get one too
    const references = await Promise.all(ids.map(async (id) => (await referenceOf(id)).reference));
    for (const reference of references) expect(reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(new Set(references).size).toBe(references.length);
    const imported = await agent.request({
      method: 'POST',
      url: api.studentsCsv.import,
      payload: { csv: 'name,surname\nImported,Student\n' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { rows } = await t.database.db.execute<{ reference: string }>(
      sql`select payment_reference as reference from students where name = 'Imported'`,
    );
    expect(rows[0]?.reference).toMatch(PAYMENT_REFERENCE_PATTERN);
  });

  it('stays when the student is changed or their link renewed, and is not the hashCode', async () => {
    const student = await m.student('Stable');
    const { reference } = await referenceOf(student);
    const hashCode = await hashCodeOf(student);
    expect(hashCode).not.toContain(reference);
    await m.put(api.student(student), { surname: 'Renamed', version: 1 });
    await agent.request({ method: 'POST', url: api.studentHashCode(student) });
    expect((await referenceOf(student)).reference).toBe(reference);
  });

  it('is unique in the database: a second student with it is refused', async () => {
    const a = await m.student('Twin');
    const b = await m.student('Twin');
    const { reference } = await referenceOf(a);
    await expect(
      t.database.db.execute(
        sql`update students set payment_reference = ${reference} where id = ${b}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'students_payment_reference_unique' } });
  });
});

describe("how to pay on the learner's page", () => {
  it('shows nothing of how to pay, and no QR code, while the school has no IBAN', async () => {
    const student = await m.student('Before');
    await m.takes(student, { date: PAST, price: 60 });
    const page = (await open(await hashCodeOf(student))).json<LearnerPage>();
    expect(page.account).toMatchObject({ balance: '60.00', iban: null, qrCode: null });
    expect((await qr(await hashCodeOf(student))).statusCode).toBe(404);
  });

  it('answers the balance, the account and the title, and a QR code of what is owed', async () => {
    await school({
      name: 'Szkoła Języków',
      taxId: '5260001246',
      iban: 'PL61 1090 1014 0000 0712 1981 2874',
      currency: 'PLN',
    });
    const student = await m.student('Marta');
    await m.takes(student, { date: PAST, price: 80, duration: 90 });
    await m.takes(student, { date: '2025-01-08', price: 60 });
    await m.pay({ student, amount: 50 });
    const hashCode = await hashCodeOf(student);
    const { reference } = await referenceOf(student);
    const res = await open(hashCode);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<LearnerPage>();
    const title = `${reference} Marta Money ${/Money (\d+)/.exec(page.name)![1]}`;
    expect(page.account).toEqual({
      balance: '130.00',
      due: '130.00',
      credit: '0.00',
      currency: 'PLN',
      reference,
      transferTitle: title,
      iban: 'PL61109010140000071219812874',
      schoolName: 'Szkoła Języków',
      qrCode: api.publicPaymentQr(hashCode),
    });
    // the ledger's open charges: the first lesson part paid, oldest first
    expect(page.due).toEqual({
      lessons: [
        { date: PAST, course: '', adjustment: false, amount: '70.00' },
        { date: '2025-01-08', course: '', adjustment: false, amount: '60.00' },
      ],
      total: '130.00',
    });

    const code = await qr(hashCode);
    expect(code.statusCode, code.body).toBe(200);
    expect(code.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(code.headers['cache-control']).toBe('private, no-cache');
    expect(decodeQrSvg(code.body)).toBe(
      `5260001246|PL|61109010140000071219812874|013000|Szkoła Języków|${title}|||`,
    );
    // the same code again: 304, nothing sent
    const etag = String(code.headers.etag);
    expect((await qr(hashCode, { 'if-none-match': etag })).statusCode).toBe(304);

    // another charge: a new code, with a new ETag
    await m.post(api.adjustments, { student, amount: 20, date: '2025-02-02', reason: 'books' });
    const more = await qr(hashCode, { 'if-none-match': etag });
    expect(more.statusCode).toBe(200);
    expect(decodeQrSvg(more.body).split('|')[3]).toBe('015000');
    const after = (await open(hashCode)).json<LearnerPage>();
    // an adjustment is owed as "other charge", its reason staff's own
    expect(after.due.lessons.at(-1)).toEqual({
      date: '2025-02-02',
      course: '',
      adjustment: true,
      amount: '20.00',
    });
    expect(JSON.stringify(after)).not.toContain('books');

    // all paid, and more: a credit, no code
    await m.pay({ student, amount: 170 });
    const paid = (await open(hashCode)).json<LearnerPage>();
    expect(paid.account).toMatchObject({
      balance: '-20.00',
      due: '0.00',
      credit: '20.00',
      qrCode: null,
    });
    expect(paid.due).toEqual({ lessons: [], total: '0.00' });
    expect((await qr(hashCode)).statusCode).toBe(404);
  });

  it('draws an EPC code for a school in euro', async () => {
    await school({ currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00' });
    const student = await m.student('Euro');
    await m.takes(student, { date: PAST, price: 45.5 });
    const hashCode = await hashCodeOf(student);
    const page = (await open(hashCode)).json<LearnerPage>();
    expect(page.account).toMatchObject({ currency: 'EUR', balance: '45.50' });
    expect(decodeQrSvg((await qr(hashCode)).body)).toBe(
      `BCD\n002\n1\nSCT\n\nSzkoła Języków\nDE89370400440532013000\nEUR45.50\n\n\n${page.account.transferTitle}`,
    );
    // the staff's account says the same currency
    expect((await m.account(student)).currency).toBe('EUR');
    await school({ currency: 'PLN', iban: 'PL61109010140000071219812874' });
  });

  it('answers one 404 for a hashCode it does not serve, as the page does', async () => {
    for (const hashCode of ['AAAAAAAAAAAAAAAAAAAAAA', 'not%20a%20code']) {
      const res = await qr(hashCode);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such page' });
    }
  });
});
