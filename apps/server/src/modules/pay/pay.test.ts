import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import type { PayRate, PayRow } from '@school/contract/pay';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../../test/helper.js';
import { moneyCalls } from '../../../test/money.js';

/** Teachers' pay on the real database (docs/money.md, Teachers' pay; ADR 042). */

let t: AppFixture;
let admin: ReturnType<typeof moneyCalls>;
let manager: ReturnType<typeof moneyCalls>;
let teacherAgent: Agent;
let teacher = 0;
let other = 0;
let serial = 0;

beforeAll(async () => {
  t = await setupApp({ admin: true });
  admin = moneyCalls(t.agent);
  const m = await createUser(t, { role: 'manager' });
  manager = moneyCalls(await login(t.app, m));
  const user = await createUser(t, { role: 'teacher', firstName: 'Anna', lastName: 'Teacher' });
  teacher = user.id;
  teacherAgent = await login(t.app, user);
  other = (await createUser(t, { role: 'teacher', firstName: 'Boris', lastName: 'Other' })).id;
});

/** A new teacher of the admin's making. */
async function newTeacher(firstName = 'Pay') {
  return (await createUser(t, { role: 'teacher', firstName, lastName: `T${++serial}` })).id;
}

async function addRate(of: number, body: Record<string, unknown>, calls = admin) {
  const res = await calls.post(api.payRates(of), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PayRate>();
}

/** A lesson of `of` with participants of the given statuses; its id and participations. */
async function lessonOf(
  of: number,
  fields: { date: string; start?: string; end?: string; price?: number; course?: string },
  statuses: number[] = [1],
) {
  const made = await admin.post(api.lessons, {
    start: fields.start ?? `${String(8 + (serial % 10)).padStart(2, '0')}:00`,
    end: fields.end ?? `${String(9 + (serial % 10)).padStart(2, '0')}:00`,
    price: 100,
    force: true,
    teacher: of,
    ...fields,
  });
  serial++;
  expect(made.statusCode, made.body).toBe(201);
  const lesson = made.json<{ id: number }>().id;
  const events: number[] = [];
  for (const attendence of statuses) {
    const student = await admin.student();
    const res = await admin.post(api.events, { lesson, student, attendence });
    expect(res.statusCode, res.body).toBe(201);
    events.push(res.json<{ id: number }>().id);
  }
  return { lesson, events };
}

async function rowOf(of: number, month: string, calls = admin) {
  const res = await calls.get(`${api.payroll}?month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PayRow[]>().find((r) => r.teacher === of);
}

describe('pay rates (history, never edited)', () => {
  it('adds rates with their start dates, lists them newest first, refuses bad values', async () => {
    const who = await newTeacher();
    await addRate(who, { kind: 'hour', value: '45.50', from: '2025-01-01' });
    await addRate(who, { kind: 'percent', value: '12.5', from: '2025-03-01' });
    const list = (await admin.get(api.payRates(who))).json<PayRate[]>();
    expect(list.map((r) => [r.kind, r.value, r.from, r.used])).toEqual([
      ['percent', '12.50', '2025-03-01', false],
      ['hour', '45.50', '2025-01-01', false],
    ]);
    for (const bad of [
      { kind: 'percent', value: '100.01', from: '2025-05-01' },
      { kind: 'hour', value: '0', from: '2025-05-01' },
      { kind: 'hour', value: '12.345', from: '2025-05-01' },
      { kind: 'hour', value: '-5', from: '2025-05-01' },
      { kind: 'week', value: '5', from: '2025-05-01' },
      { kind: 'hour', value: '5', from: '2025-02-30' },
      { kind: 'hour', value: '5' },
    ]) {
      const res = await admin.post(api.payRates(who), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const twice = await admin.post(api.payRates(who), {
      kind: 'lesson',
      value: 10,
      from: '2025-01-01',
    });
    expect(twice.statusCode).toBe(409);
    const nobody = await admin.post(api.payRates(999999), {
      kind: 'hour',
      value: '1',
      from: '2025-01-01',
    });
    expect(nobody.statusCode).toBe(404);
    expect((await admin.get(api.payRates(who))).json<PayRate[]>()).toHaveLength(2);
    const history = await admin.get(`/api/audit?entity=payrates`);
    expect(history.body).toContain('"payrates"');
  });

  it('a manager keeps rates too; a teacher reads only their own and writes none', async () => {
    const who = await newTeacher();
    const rate = await addRate(who, { kind: 'lesson', value: 80, from: '2025-01-01' }, manager);
    const mine = await teacherAgent.request({ method: 'GET', url: api.payRates(teacher) });
    expect(mine.statusCode).toBe(200);
    const theirs = await teacherAgent.request({ method: 'GET', url: api.payRates(who) });
    expect(theirs.statusCode).toBe(403);
    const write = await teacherAgent.request({
      method: 'POST',
      url: api.payRates(teacher),
      payload: { kind: 'hour', value: '500', from: '2025-01-01' },
    });
    expect(write.statusCode).toBe(403);
    const del = await teacherAgent.request({ method: 'DELETE', url: api.payRate(who, rate.id) });
    expect(del.statusCode).toBe(403);
    expect((await manager.get(api.payRates(who))).json<PayRate[]>()).toHaveLength(1);
  });
});

describe("a month's pay", () => {
  it('counts ended lessons whose statuses pay the teacher, lesson by lesson', async () => {
    const who = await newTeacher('Hours');
    await addRate(who, { kind: 'hour', value: '60.00', from: '2025-01-01' });
    await addRate(who, { kind: 'hour', value: '90.00', from: '2025-01-15' });
    await lessonOf(who, { date: '2025-01-06', start: '10:00', end: '11:30', course: 'B1' });
    // everyone excused or cancelled by the school: nothing
    await lessonOf(who, { date: '2025-01-07', start: '10:00', end: '11:00' }, [3, 5]);
    // one absent (pays the teacher) and one excused: the lesson pays
    await lessonOf(who, { date: '2025-01-20', start: '10:00', end: '10:50' }, [2, 3]);
    const row = await rowOf(who, '2025-01');
    expect(row).toMatchObject({
      lessons: 2,
      hours: '2.33',
      amount: '165.00',
      state: 'draft',
    });
    expect(row?.lines.map((l) => [l.date, l.name, l.hours, l.kind, l.rate, l.amount])).toEqual([
      ['2025-01-06', 'B1', '1.50', 'hour', '60.00', '90.00'],
      ['2025-01-20', '', '0.83', 'hour', '90.00', '75.00'],
    ]);
  });

  it('per lesson and percent of the charges of those whose statuses pay the teacher', async () => {
    const byLesson = await newTeacher('Lesson');
    await addRate(byLesson, { kind: 'lesson', value: '70', from: '2025-01-01' });
    await lessonOf(byLesson, { date: '2025-01-08' }, [1, 2]);
    expect((await rowOf(byLesson, '2025-01'))?.amount).toBe('70.00');

    const byPercent = await newTeacher('Percent');
    await addRate(byPercent, { kind: 'percent', value: '12.5', from: '2025-01-01' });
    // three at 99.99 zł an hour for 50 minutes charge 83.33 each; the excused one nothing
    await lessonOf(
      byPercent,
      { date: '2025-01-09', start: '10:00', end: '10:50', price: 99.99 },
      [1, 1, 4, 3],
    );
    // 12.5 % of 249.99 = 31.24875 → 31.25
    expect((await rowOf(byPercent, '2025-01'))?.lines.map((l) => l.amount)).toEqual(['31.25']);
  });

  it('a teacher sees only their own row, and approves, pays and exports nothing', async () => {
    await addRate(teacher, { kind: 'lesson', value: '50', from: '2025-01-01' });
    await lessonOf(teacher, { date: '2025-02-03' });
    await lessonOf(other, { date: '2025-02-04' });
    const res = await teacherAgent.request({ method: 'GET', url: `${api.payroll}?month=2025-02` });
    expect(res.statusCode).toBe(200);
    const rows = res.json<PayRow[]>();
    expect(rows.map((r) => [r.teacher, r.name, r.amount])).toEqual([
      [teacher, 'Anna Teacher', '50.00'],
    ]);
    const everyone = (await admin.get(`${api.payroll}?month=2025-02`)).json<PayRow[]>();
    expect(everyone.map((r) => r.teacher)).toEqual(expect.arrayContaining([teacher, other]));
    const approveOwn = await teacherAgent.request({
      method: 'POST',
      url: api.payrollApprove('2025-02', teacher),
    });
    expect(approveOwn.statusCode).toBe(403);
    const csv = await teacherAgent.request({ method: 'GET', url: api.payrollCsv('2025-02') });
    expect(csv.statusCode).toBe(403);
  });
});

describe('pay runs', () => {
  it('approving freezes the lines; a later change goes to the next month as a correction', async () => {
    const who = await newTeacher('Frozen');
    await addRate(who, { kind: 'hour', value: '100', from: '2025-01-01' });
    const kept = await lessonOf(who, { date: '2025-03-03', start: '10:00', end: '11:00' });
    const changed = await lessonOf(who, { date: '2025-03-04', start: '10:00', end: '11:00' });
    const approved = await admin.post(api.payrollApprove('2025-03', who), {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<PayRow>()).toMatchObject({ state: 'approved', amount: '200.00' });
    // the rate used cannot be deleted, nor a new one reach back into the approved month
    const [rate] = (await admin.get(api.payRates(who))).json<PayRate[]>();
    expect(rate?.used).toBe(true);
    const del = await t.agent.request({ method: 'DELETE', url: api.payRate(who, rate?.id ?? 0) });
    expect(del.statusCode).toBe(409);
    const back = await admin.post(api.payRates(who), {
      kind: 'hour',
      value: '1',
      from: '2025-03-20',
    });
    expect(back.statusCode).toBe(409);

    // after approval: the second lesson's only participant is excused, a lesson is added
    expect(
      (await admin.put(`/api/events/${changed.events[0]}`, { attendence: 3 })).statusCode,
    ).toBe(200);
    await lessonOf(who, { date: '2025-03-10', start: '10:00', end: '10:30', course: 'Late' });
    const march = await rowOf(who, '2025-03');
    expect(march).toMatchObject({ state: 'approved', amount: '200.00', lessons: 2 });
    expect(march?.lines.map((l) => l.lesson)).toEqual([kept.lesson, changed.lesson]);

    await lessonOf(who, { date: '2025-04-07', start: '10:00', end: '11:00' });
    const april = await rowOf(who, '2025-04');
    expect(
      april?.lines.map((l) => [l.date, l.name, l.amount, l.correction, l.correctsMonth]),
    ).toEqual([
      ['2025-04-07', '', '100.00', false, null],
      ['2025-03-04', '', '-100.00', true, '2025-03'],
      ['2025-03-10', 'Late', '50.00', true, '2025-03'],
    ]);
    expect(april).toMatchObject({ lessons: 1, amount: '50.00', state: 'draft' });

    // approving April freezes its corrections: May gets none of them again
    expect((await admin.post(api.payrollApprove('2025-04', who), {})).statusCode).toBe(200);
    expect(await rowOf(who, '2025-05')).toBeUndefined();

    // paying: before approval 409, a bad date 400, then paid, twice 409
    const early = await admin.post(api.payrollPaid('2025-05', who), { date: '2025-06-01' });
    expect(early.statusCode).toBe(409);
    expect((await admin.post(api.payrollPaid('2025-03', who), { date: 'soon' })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.post(api.payrollPaid('2025-03', who), { date: '2025-02-28' })).statusCode,
    ).toBe(400);
    const paid = await manager.post(api.payrollPaid('2025-03', who), { date: '2025-04-05' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<PayRow>()).toMatchObject({ state: 'paid', paidOn: '2025-04-05' });
    expect(
      (await admin.post(api.payrollPaid('2025-03', who), { date: '2025-04-06' })).statusCode,
    ).toBe(409);

    const audit = await admin.get('/api/audit?entity=payruns');
    expect(audit.statusCode).toBe(200);
    const entries = audit.json<{ rows?: unknown[] } | unknown[]>();
    expect(JSON.stringify(entries)).toContain('"paidOn"');
  });

  it('approving twice, a month in the future or not over, bad months and teachers: 4xx', async () => {
    const who = await newTeacher('Twice');
    await addRate(who, { kind: 'lesson', value: '10', from: '2025-01-01' });
    await lessonOf(who, { date: '2025-05-05' });
    expect((await admin.post(api.payrollApprove('2025-05', who), {})).statusCode).toBe(200);
    const again = await admin.post(api.payrollApprove('2025-05', who), {});
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/approved already/);
    for (const month of ['2025-13', '2025-5', 'May', '2025-00']) {
      expect((await admin.get(`${api.payroll}?month=${month}`)).statusCode, month).toBe(400);
      expect((await admin.post(api.payrollApprove(month, who), {})).statusCode, month).toBe(400);
    }
    expect((await admin.get(api.payroll)).statusCode).toBe(400);
    expect((await admin.get(`${api.payroll}?month=2999-01`)).statusCode).toBe(400);
    expect((await admin.post(api.payrollApprove('2999-01', who), {})).statusCode).toBe(400);
    const current = new Date().toISOString().slice(0, 7);
    expect((await admin.post(api.payrollApprove(current, who), {})).statusCode).toBe(400);
    expect((await admin.post(api.payrollApprove('2025-05', 999999), {})).statusCode).toBe(404);
    expect((await admin.get(api.payrollCsv('2025-5'))).statusCode).toBe(400);
  });

  it('two approvals at the same moment make one run', async () => {
    const who = await newTeacher('Race');
    await addRate(who, { kind: 'lesson', value: '10', from: '2025-01-01' });
    await lessonOf(who, { date: '2025-06-02' });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => admin.post(api.payrollApprove('2025-06', who), {})),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const runs = await t.database.pool.query(
      'select count(*)::int as n from pay_runs where teacher_id = $1',
      [who],
    );
    expect(runs.rows[0]).toEqual({ n: 1 });
    const lines = await t.database.pool.query(
      'select count(*)::int as n from pay_lines pl join pay_runs r on r.id = pl.run_id where r.teacher_id = $1',
      [who],
    );
    expect(lines.rows[0]).toEqual({ n: 1 });
  });

  it("the month's CSV for the accountant: one row per line", async () => {
    const who = await newTeacher('Csv');
    await addRate(who, { kind: 'hour', value: '55.55', from: '2025-01-01' });
    await lessonOf(who, { date: '2025-07-07', start: '10:00', end: '11:30', course: '=SUM(A1)' });
    const res = await manager.get(api.payrollCsv('2025-07'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const records: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
    const mine = records.filter((r) => r.teacher === String(who));
    expect(mine).toEqual([
      {
        month: '2025-07',
        teacher: String(who),
        name: expect.stringMatching(/^Csv T\d+$/) as string,
        state: 'draft',
        date: '2025-07-07',
        lesson: "'=SUM(A1)",
        hours: '1.50',
        kind: 'hour',
        rate: '55.55',
        amount: '83.33',
        correction: 'no',
      },
    ]);
  });
});
