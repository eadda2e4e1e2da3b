import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceRow } from '@school/contract/invoices';
import { api } from '@school/contract/paths';
import { buildApp } from '../../app.js';
import { createDatabase, type Database } from '../../db/client.js';
import { createUser, login } from '../../../test/helper.js';
import { moneyCalls, useMoneyApp } from '../../../test/money.js';
import { pdfText } from '../../../test/pdf.js';
import { todayIn } from '../schedule/schedule.shared.js';

/** Invoices on the real database (docs/money.md, Invoices; ADR 044). */

const m = useMoneyApp();
const year = () => todayIn('Europe/Kyiv').slice(0, 4);
let second: FastifyInstance;
let secondDb: Database;
let other: ReturnType<typeof moneyCalls>;

beforeAll(async () => {
  const school = await m.put(api.schoolDetails, {
    name: 'Szkoła Językowa „Żółw”',
    address: 'ul. Źródlana 5, 00-950 Łódź',
    taxId: '5260001246',
    iban: 'PL61109010140000071219812874',
    vatExemption: 'Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT',
  });
  expect(school.statusCode, school.body).toBe(200);
  // a second instance of the app on the same database, with a pool of its own
  secondDb = createDatabase(m.t.config.DATABASE_URL ?? '');
  second = await buildApp({ config: m.t.config, database: secondDb, logger: false });
  other = moneyCalls(await login(second, await createUser(m.t, { role: 'manager' })));
});

afterAll(async () => {
  await second.close();
  await secondDb.pool.end();
});

/** A student with lessons charged on `dates`; their id. */
async function charged(dates: string[], price = 100, name = 'Ґалина') {
  const res = await m.post(api.students, { name, surname: `Faktura ${Math.random()}` });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  for (const date of dates) {
    const made = await m.post(api.lessons, {
      date,
      start: '10:00',
      end: '11:00',
      price,
      course: 'Angielski – grupa B1',
      force: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    await m.post(api.events, { lesson: made.json<{ id: number }>().id, student: id });
  }
  await m.account(id);
  return id;
}

const issue = async (student: number, month: string, calls = m) => {
  const res = await calls.post(api.invoices, { student, month });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InvoiceRow>();
};
const pdf = async (id: number) => {
  const res = await m.get(api.invoicePdf(id));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
};

describe('issuing an invoice (docs/money.md, Invoices)', () => {
  it("numbers a month's charges in the year's FV series; a second one of the month is 409 naming it", async () => {
    const s = await charged(['2025-01-13', '2025-01-20']);
    const made = await issue(s, '2025-01');
    expect(made).toMatchObject({
      number: expect.stringMatching(new RegExp(`^FV/${year()}/\\d{4}$`)),
      series: 'FV',
      student: s,
      month: '2025-01',
      total: 200,
      corrects: null,
    });
    expect(Date.parse(made.issuedAt)).not.toBeNaN();
    const again = await m.post(api.invoices, { student: s, month: '2025-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringContaining(made.number),
      invoice: { id: made.id, number: made.number },
    });
    const detail = (await m.get(api.invoice(made.id))).json<InvoiceDetail>();
    expect(detail.lines).toEqual([
      { date: '2025-01-13', description: 'Lesson: Angielski – grupa B1', amount: 100 },
      { date: '2025-01-20', description: 'Lesson: Angielski – grupa B1', amount: 100 },
    ]);
  });

  it('refuses a month with nothing charged, a month not over, a bad month, an unknown student; a teacher gets 403', async () => {
    const s = await charged(['2025-02-03']);
    const refused = async (body: unknown, status: number, field?: string) => {
      const res = await m.post(api.invoices, body);
      expect(res.statusCode, res.body).toBe(status);
      if (field)
        expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
      return res.json<{ message: string }>();
    };
    expect((await refused({ student: s, month: '2025-03' }, 400, 'month')).message).toBe(
      'Invalid month: nothing was charged to this student in 2025-03',
    );
    await refused({ student: s, month: todayIn('Europe/Kyiv').slice(0, 7) }, 400, 'month');
    await refused({ student: s, month: '2025-13' }, 400, 'month');
    await refused({ student: s }, 400, 'month');
    await refused({ student: 999_999, month: '2025-02' }, 404);
    const teacher = moneyCalls(await m.loginAs('teacher'));
    expect((await teacher.post(api.invoices, { student: s, month: '2025-02' })).statusCode).toBe(
      403,
    );
    expect((await teacher.get(api.invoices)).statusCode).toBe(403);
    const count = await m.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where student_id = ${s}`,
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it('gives unique numbers without gaps when two instances issue at the same moment', async () => {
    const students = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => charged([`2025-04-0${i + 1}`])),
    );
    const twice = students[0] ?? 0;
    const results = await Promise.all([
      ...students.map((s, i) =>
        (i % 2 === 0 ? m : other).post(api.invoices, { student: s, month: '2025-04' }),
      ),
      // the same student and month from the other instance at once: one of the two is 409
      other.post(api.invoices, { student: twice, month: '2025-04' }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 409]);
    const all = await m.db.execute<{ seq: number; number: string }>(
      sql`select seq, number from invoices where series = 'FV' and year = ${Number(year())} order by seq`,
    );
    const seqs = all.rows.map((r) => r.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(new Set(all.rows.map((r) => r.number)).size).toBe(all.rows.length);
  });
});

describe('an invoice is frozen (ADR 044)', () => {
  it('downloads as the same bytes every time, also after the school details or a price change', async () => {
    const s = await charged(['2025-05-05'], 120, 'Zażółć');
    const made = await issue(s, '2025-05');
    const first = await pdf(made.id);
    expect((await pdf(made.id)).equals(first)).toBe(true);
    const text = await pdfText(first);
    expect(text).toContain(`Invoice No. ${made.number}`);
    expect(text).toContain('Szkoła Językowa „Żółw”');
    expect(text).toContain(
      'Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT',
    );
    expect(text).toContain('Zażółć');
    expect(text).toContain('Total to pay: 120.00 zł');
    await m.put(api.schoolDetails, { name: 'Nowa nazwa szkoły' });
    const lesson = (
      await m.db.execute<{ id: number }>(
        sql`select lesson_id as id from events where student_id = ${s}`,
      )
    ).rows[0]?.id;
    expect((await m.put(`/api/lessons/${lesson}`, { price: 90 })).statusCode).toBe(200);
    expect((await pdf(made.id)).equals(first)).toBe(true);
    await m.put(api.schoolDetails, { name: 'Szkoła Językowa „Żółw”' });
  });

  it('answers 405 to DELETE and PUT; a correcting invoice is the way', async () => {
    const s = await charged(['2025-06-02']);
    const made = await issue(s, '2025-06');
    for (const method of ['DELETE', 'PUT'] as const) {
      const res = await m.agent.request({ method, url: api.invoice(made.id), payload: {} });
      expect(res.statusCode, method).toBe(405);
      expect(res.json()).toMatchObject({ error: 'method_not_allowed' });
    }
    expect((await m.get(api.invoice(made.id))).statusCode).toBe(200);
    const refused = await m.db.execute(sql`delete from invoices where id = ${made.id}`).then(
      () => 'deleted',
      (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
    );
    expect(refused).toMatch(/never changed or deleted/);
  });
});

describe('a correcting invoice', () => {
  it('is FK of the year, names the invoice, and its total is the difference', async () => {
    const s = await charged(['2025-07-07', '2025-07-14'], 100);
    const made = await issue(s, '2025-07');
    // nothing changed in the ledger and no lines sent: nothing to correct
    const nothing = await m.post(api.invoiceCorrect(made.id), { reason: 'no change' });
    expect(nothing.statusCode).toBe(400);
    const event = (
      await m.db.execute<{ id: number }>(
        sql`select id from events where student_id = ${s} order by id limit 1`,
      )
    ).rows[0]?.id;
    expect((await m.put(`/api/events/${event}`, { attendence: 3 })).statusCode).toBe(200);
    const res = await m.post(api.invoiceCorrect(made.id), { reason: 'Lekcja odwołana w terminie' });
    expect(res.statusCode, res.body).toBe(201);
    const fk = res.json<InvoiceRow>();
    expect(fk).toMatchObject({
      number: expect.stringMatching(new RegExp(`^FK/${year()}/\\d{4}$`)),
      series: 'FK',
      total: -100,
      corrects: { id: made.id, number: made.number },
      reason: 'Lekcja odwołana w terminie',
      month: '2025-07',
    });
    const detail = (await m.get(api.invoice(fk.id))).json<InvoiceDetail>();
    expect(detail.before?.map((l) => l.amount)).toEqual([100, 100]);
    expect(detail.lines.map((l) => l.amount)).toEqual([0, 100]);
    expect((await m.get(api.invoice(made.id))).json<InvoiceDetail>().correctedBy).toEqual([
      { id: fk.id, number: fk.number },
    ]);
    const text = await pdfText(await pdf(fk.id));
    expect(text).toContain(`Correcting invoice No. ${fk.number}`);
    expect(text).toContain(`Corrects invoice ${made.number}`);
    expect(text).toContain('Lekcja odwołana w terminie');
    expect(text).toContain('To refund: 100.00 zł');
    // lines sent: they are the invoice after; the difference against the last correction
    const typed = await m.post(api.invoiceCorrect(made.id), {
      reason: 'Rabat',
      lines: [{ description: 'Lekcje lipiec (rabat)', amount: 80 }],
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json<InvoiceRow>().total).toBe(-20);
    // a correcting invoice is not corrected itself; a bad body changes nothing
    expect((await m.post(api.invoiceCorrect(fk.id), { reason: 'x' })).statusCode).toBe(409);
    expect((await m.post(api.invoiceCorrect(made.id), { reason: '' })).statusCode).toBe(400);
    expect(
      (
        await m.post(api.invoiceCorrect(made.id), {
          reason: 'x',
          lines: [{ description: 'a', amount: 1.001 }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await m.post(api.invoiceCorrect(999_999), { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('the invoices list', () => {
  it('is paged with X-Total-Count, filtered by student, dates and number, as CSV too; the history has every issue', async () => {
    const s = await charged(['2025-08-04']);
    const made = await issue(s, '2025-08');
    const list = await m.get(`${api.invoices}?student=${s}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json<InvoiceRow[]>().map((r) => r.number)).toEqual([made.number]);
    const today = todayIn('Europe/Kyiv');
    const byNumber = await m.get(
      `${api.invoices}?search=${encodeURIComponent(made.number)}&dateFrom=${today}&dateTo=${today}`,
    );
    expect(byNumber.json<InvoiceRow[]>().map((r) => r.id)).toEqual([made.id]);
    expect((await m.get(`${api.invoices}?dateFrom=2025-02-02&dateTo=2025-02-01`)).statusCode).toBe(
      400,
    );
    const csv = await m.get(`${api.invoicesCsv}?student=${s}`);
    expect(csv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      columns: true,
    });
    expect(rows).toEqual([
      expect.objectContaining({ number: made.number, month: '2025-08', total: '100.00' }),
    ]);
    const history = await m.get(`/api/audit?entity=invoices&limit=500`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ entityId: number; action: string }[]>()).toEqual(
      expect.arrayContaining([expect.objectContaining({ entityId: made.id, action: 'create' })]),
    );
  });
});
