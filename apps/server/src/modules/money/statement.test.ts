import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import { PAST, useMoneyApp } from '../../../test/money.js';
import { pdfText } from '../../../test/pdf.js';
import { todayIn } from '../schedule/schedule.shared.js';

/** Monthly statements as PDF on the real database (docs/money.md, Statements; ADR 044). */

const m = useMoneyApp();
const zone = 'Europe/Kyiv';
const thisMonth = () => todayIn(zone).slice(0, 7);

beforeAll(async () => {
  const res = await m.put(api.schoolDetails, {
    name: 'Szkoła Językowa „Żółw”',
    address: 'ul. Źródlana 5, 00-950 Łódź',
    taxId: '5260001246',
    iban: 'PL61109010140000071219812874',
  });
  expect(res.statusCode, res.body).toBe(200);
});

/** A student with a Ukrainian name; their id and payment reference. */
async function student(name = 'Ґалина', surname = 'Їжачок-Щербань') {
  const res = await m.post(api.students, { name, surname });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  const reference = (await m.account(id)) as unknown as { reference: string };
  return { id, reference: reference.reference };
}

/** A participation in a lesson of `course`; its id. */
async function lessonFor(s: number, date: string, price: number, course = 'Angielski – grupa B1') {
  const made = await m.post(api.lessons, {
    date,
    start: '10:00',
    end: '11:00',
    price,
    course,
    force: true,
  });
  expect(made.statusCode, made.body).toBe(201);
  const res = await m.post(api.events, { lesson: made.json<{ id: number }>().id, student: s });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const statementUrl = (id: number, month: string, lang = 'en') =>
  `${api.studentStatement(id)}?month=${month}&lang=${lang}`;

async function statement(id: number, month: string, lang = 'en', agent = m.agent) {
  const res = await agent.request({ method: 'GET', url: statementUrl(id, month, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return { res, text: await pdfText(res.rawPayload) };
}

describe('a monthly statement (docs/money.md, Statements)', () => {
  it('is a PDF download named by the month and the reference, for admins and managers; a teacher gets 403', async () => {
    const s = await student();
    await lessonFor(s.id, '2025-01-13', 120);
    const { res, text } = await statement(s.id, '2025-01');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-2025-01-${s.reference}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain('Statement of account');
    const manager = await m.loginAs('manager');
    expect(
      (await manager.request({ method: 'GET', url: statementUrl(s.id, '2025-01') })).statusCode,
    ).toBe(200);
    const teacher = await m.loginAs('teacher');
    const refused = await teacher.request({ method: 'GET', url: statementUrl(s.id, '2025-01') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden' });
  });

  it('refuses a bad month, a month ahead and a language it has not; an unknown student is 404', async () => {
    const s = await student();
    for (const month of ['2025-13', '2025-1', 'x', '']) {
      const res = await m.get(`${api.studentStatement(s.id)}?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation',
        fields: { month: 'must be a month YYYY-MM' },
      });
    }
    expect((await m.get(api.studentStatement(s.id))).statusCode).toBe(400);
    const [year = 0, month = 0] = thisMonth().split('-').map(Number);
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    const ahead = await m.get(`${api.studentStatement(s.id)}?month=${next}`);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({ fields: { month: 'must not be after this month' } });
    expect((await m.get(statementUrl(s.id, '2025-01', 'de'))).statusCode).toBe(400);
    expect((await m.get(statementUrl(999_999, '2025-01'))).statusCode).toBe(404);
    // this month's so far, and a month before any money: an empty statement
    expect((await statement(s.id, thisMonth())).text).toContain(
      'Nothing was charged or paid in this month.',
    );
  });

  it('prints the opening balance, each charge with its lesson and date, payments, adjustments, voids and the closing balance, with Polish and Ukrainian letters', async () => {
    const s = await student();
    await lessonFor(s.id, '2025-01-20', 100, 'Wcześniejszy kurs');
    await lessonFor(s.id, '2025-02-03', 120);
    await lessonFor(s.id, '2025-02-10', 60, 'Розмовна англійська');
    const paid = await m.pay({
      student: s.id,
      amount: 50,
      date: '2025-02-05',
      method: 'transfer',
      reference: 'przelew łączny',
    });
    expect(
      (
        await m.post(api.adjustments, {
          student: s.id,
          amount: -10,
          date: '2025-02-12',
          reason: 'Rabat za polecenie',
        })
      ).statusCode,
    ).toBe(201);
    const voided = await m.post(api.paymentVoid(paid.id), { reason: 'Zwrot – błędny przelew' });
    expect(voided.statusCode, voided.body).toBe(200);

    const { text } = await statement(s.id, '2025-02');
    expect(text).toContain('Szkoła Językowa „Żółw”');
    expect(text).toContain('ul. Źródlana 5, 00-950 Łódź');
    expect(text).toContain('5260001246');
    expect(text).toContain('PL61 1090 1014 0000 0712 1981 2874');
    expect(text).toContain('Ґалина Їжачок-Щербань');
    expect(text).toContain(s.reference);
    expect(text).toContain('Opening balance on Feb 1, 2025: 100.00 zł (owed)');
    expect(text).toContain('Lesson: Angielski – grupa B1');
    expect(text).toContain('Feb 3, 2025');
    expect(text).toContain('Lesson: Розмовна англійська');
    expect(text).toContain('Payment (transfer) przelew łączny');
    expect(text).toContain('Adjustment: Rabat za polecenie');
    // the payment is in February, by its date; its void in the month it was made
    expect(text).toContain('-50.00 zł');
    expect(text).not.toContain('Zwrot – błędny przelew');
    expect(text).toContain('Closing balance on Feb 28, 2025: 220.00 zł (owed)');
    expect(text).toContain('Charges and corrections: 180.00 zł');
    expect(text).not.toContain('Lesson: Wcześniejszy kurs');

    const now = await statement(s.id, thisMonth());
    expect(now.text).toContain('Opening balance');
    expect(now.text).toContain('220.00 zł (owed)');
    expect(now.text).toContain('Zwrot – błędny przelew');
    // how to pay: the school's account, the title with the reference, what is owed now
    expect(now.text).toContain('How to pay');
    expect(now.text).toContain(`${s.reference}`);
    expect(now.text).toMatch(/Owed on .*: 270\.00 zł/);
  });

  it('is written in Polish and Ukrainian when asked, digits the language’s way', async () => {
    const s = await student('Zażółć', 'Gęślą-Jaźń');
    await lessonFor(s.id, '2025-03-03', 1234.5);
    const pl = (await statement(s.id, '2025-03', 'pl')).text;
    expect(pl).toContain('Zestawienie rozliczeń');
    expect(pl).toContain('Marzec 2025');
    expect(pl).toContain('Saldo początkowe na 1 mar 2025: 0,00 zł');
    expect(pl).toContain('Zażółć Gęślą-Jaźń');
    expect(pl).toContain('1234,50 zł');
    const uk = (await statement(s.id, '2025-03', 'uk')).text;
    expect(uk).toContain('Виписка з рахунку');
    expect(uk).toContain('Березень 2025');
    expect(uk).toContain('Початковий баланс');
    expect(uk).toContain('Кінцевий баланс');
    // without lang: the request's Accept-Language
    const res = await m.agent.request({
      method: 'GET',
      url: `${api.studentStatement(s.id)}?month=2025-03`,
      headers: { 'accept-language': 'de-DE,uk;q=0.9,en;q=0.5' },
    });
    expect(await pdfText(res.rawPayload)).toContain('Виписка з рахунку');
  });

  it('a correction made in a later month is in that month’s statement, never in the old one', async () => {
    const s = await student();
    const e = await lessonFor(s.id, PAST, 60, 'Kurs poprawiany');
    const before = (await statement(s.id, PAST.slice(0, 7))).text;
    expect(before).toContain('Closing balance on Jan 31, 2025: 60.00 zł (owed)');
    const lesson = await m.lessonOf(e);
    expect((await m.put(`/api/lessons/${lesson}`, { price: 90 })).statusCode).toBe(200);
    const old = (await statement(s.id, PAST.slice(0, 7))).text;
    // all but how to pay, which says what is owed on the day it is printed
    const month = (text: string) => text.slice(0, text.indexOf('How to pay'));
    expect(month(old)).toBe(month(before));
    expect(old).not.toContain('Correction');
    const now = (await statement(s.id, thisMonth())).text;
    expect(now).toContain('Opening balance');
    expect(now).toContain('60.00 zł (owed)');
    expect(now).toContain('Correction of the lesson Kurs poprawiany of Jan 6, 2025');
    expect(now).toContain('90.00 zł (owed)');
  });

  it('reads one month and one sum of a student with three years of lessons', async () => {
    const s = await student();
    // three years of lessons, four a week, and a payment a month, written straight to the ledger
    await m.db.execute(sql`
      insert into ledger_entries (student_id, kind, at, date, amount, note)
      select ${s.id}, 'charge', d + time '11:00', d::date, 6000, 'Seeded'
      from generate_series(date '2022-01-03', date '2024-12-31', interval '1 day') d
      where extract(isodow from d) <= 4`);
    await m.db.execute(sql`
      with p as (insert into payments (student_id, amount, date, method)
        select ${s.id}, 96000, d::date, 'transfer'
        from generate_series(date '2022-01-28', date '2024-12-28', interval '1 month') d
        returning id, date, amount)
      insert into ledger_entries (student_id, kind, at, date, amount, payment_id, note)
      select ${s.id}, 'payment', p.date + time '12:00', p.date, -p.amount, p.id, 'transfer' from p`);
    const sums = await m.db.execute<{ before: string; total: string }>(sql`
      select sum(amount) filter (where date < date '2024-06-01')::text as before,
        sum(amount)::text as total from ledger_entries where student_id = ${s.id}`);
    const opening = Number(sums.rows[0]?.before) / 100;
    // only the month's entries are drawn (a machine's speed is the bench's to measure, not this
    // test's): the opening balance sums the rest
    const { res, text } = await statement(s.id, '2024-06');
    expect(text).toContain(
      `Opening balance on Jun 1, 2024: ${new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(Math.abs(opening))} zł`,
    );
    expect(text.match(/Lesson: Seeded/g)).toHaveLength(16);
    expect(res.rawPayload.length).toBeLessThan(200_000);
  });
});

describe("the learner's own statement", () => {
  it('is theirs by the hashCode, in the language the page asks for; an unknown hashCode is the one 404', async () => {
    const s = await student();
    await lessonFor(s.id, '2025-04-07', 80);
    const hashCode = (await m.get(api.student(s.id))).json<{ hashCode: string }>().hashCode;
    const url = `${api.publicStatement(hashCode)}?month=2025-04&lang=uk`;
    const res = await m.t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-2025-04-${s.reference}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Виписка з рахунку');
    expect(text).toContain('Ґалина Їжачок-Щербань');
    const unknown = await m.t.app.inject({
      method: 'GET',
      url: `${api.publicStatement('ZZZZZZZZZZZZZZZZ')}?month=2025-04`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'No such page' });
  });
});
