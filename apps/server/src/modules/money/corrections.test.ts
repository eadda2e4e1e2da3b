import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AHEAD, PAST, useMoneyApp } from '../../../test/money.js';
import { todayIn } from '../schedule/schedule.shared.js';

const m = useMoneyApp();

describe('changes after a charge is due write correcting entries (docs/money.md)', () => {
  it("a lesson's new price corrects its due charges by the difference, dated today", async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 60 });
    expect(await m.account(s)).toMatchObject({ balance: 60 });
    const lesson = await m.lessonOf(e);
    expect((await m.put(`/api/lessons/${lesson}`, { price: 90 })).statusCode).toBe(200);
    expect(await m.account(s)).toMatchObject({ balance: 90, due: 90 });
    const entries = await m.ledger(s);
    expect(entries.map((x) => [x.amount, x.correction, x.date])).toEqual([
      [60, false, PAST],
      [30, true, todayIn('Europe/Kyiv')],
    ]);
    const recorded = await m.db.execute<{ n: number }>(
      sql`select count(*)::int as n from history where entity = 'ledger'
        and changes->>'event' = ${String(e)}`,
    );
    expect(recorded.rows[0]?.n).toBe(1);
  });

  it('an excused mark, a removed participant and a deleted lesson reverse a due charge; the ledger keeps its rows', async () => {
    const s = await m.student();
    const excused = await m.takes(s, { date: PAST, price: 40 });
    const removed = await m.takes(s, { date: '2025-01-07', price: 50 });
    const deleted = await m.takes(s, { date: '2025-01-08', price: 70 });
    expect(await m.account(s)).toMatchObject({ balance: 160 });
    expect((await m.put(`/api/events/${excused}`, { attendence: 3 })).statusCode).toBe(200);
    expect((await m.put(`/api/events/${excused}`, { notes: 'called in time' })).statusCode).toBe(
      200,
    );
    expect((await m.del(`/api/events/${removed}`)).statusCode).toBe(204);
    const lesson = await m.lessonOf(deleted);
    expect((await m.del(`/api/lessons/${lesson}`)).statusCode).toBe(204);
    expect(await m.account(s)).toMatchObject({ balance: 0, due: 0 });
    const entries = await m.ledger(s);
    expect(entries.map((x) => [x.event, x.amount, x.correction])).toEqual([
      [excused, 40, false],
      [removed, 50, false],
      [deleted, 70, false],
      [excused, -40, true],
      [removed, -50, true],
      [deleted, -70, true],
    ]);
    expect(entries.at(-1)).toMatchObject({ lesson, balance: 0 });
  });

  it('lessons ahead follow freely; a status flag change never touches what is due', async () => {
    const s = await m.student();
    const due = await m.takes(s, { date: PAST, price: 30 });
    const ahead = await m.takes(s, { date: AHEAD, price: 30 });
    expect(await m.account(s)).toMatchObject({ balance: 30, upcoming: 30 });
    await m.put(`/api/lessons/${await m.lessonOf(ahead)}`, { price: 60 });
    expect(await m.account(s)).toMatchObject({ balance: 30, upcoming: 60 });
    expect(await m.ledger(s)).toHaveLength(1);
    expect((await m.put('/api/attendancestatuses/0', { charge: false })).statusCode).toBe(200);
    try {
      expect(await m.account(s)).toMatchObject({ balance: 30, upcoming: 0 });
      // a later change of the same student's other participation corrects nothing of the first
      await m.put(`/api/events/${ahead}`, { notes: 'moved' });
      await m.put(`/api/events/${due}`, { notes: 'seen' });
      expect(await m.ledger(s)).toHaveLength(1);
    } finally {
      await m.put('/api/attendancestatuses/0', { charge: true });
    }
  });

  it('a payment beside an attendance change loses neither', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 100 });
    await m.takes(s, { date: '2025-01-07', price: 100 });
    const [paid, marked] = await Promise.all([
      m.post('/api/payments', { student: s, amount: 100, date: '2025-02-01', method: 'cash' }),
      m.put(`/api/events/${e}`, { attendence: 5 }),
    ]);
    expect([paid.statusCode, marked.statusCode]).toEqual([201, 200]);
    expect(await m.account(s)).toMatchObject({ balance: 0, due: 0, credit: 0 });
    expect((await m.ledger(s)).at(-1)?.balance).toBe(0);
  });
});

describe('a lesson moved after its charge fell due (docs/money.md, Changes after a charge is due)', () => {
  /** the ledger's charges of participation `e`: amount, correction, date and instant */
  const chargesOf = async (s: number, e: number) =>
    (await m.ledger(s))
      .filter((x) => x.event === e)
      .map((x) => [x.amount, x.correction, x.date, x.correction ? 'now' : x.at]);
  const today = todayIn('Europe/Kyiv');

  it('past → ahead reverses the charge; back in the past it is charged once, at its new end', async () => {
    const s = await m.student();
    // ends 11:00 in Kyiv on 6 January (UTC+2): due at 09:00Z
    const e = await m.takes(s, { date: PAST, price: 60, start: '10:00', end: '11:00' });
    expect(await m.account(s)).toMatchObject({ due: 60, upcoming: 0 });
    const lesson = await m.lessonOf(e);
    const moved = await m.put(`/api/lessons/${lesson}`, { date: AHEAD, force: true });
    expect(moved.statusCode, moved.body).toBe(200);
    // no longer due: reversed by a correcting entry, upcoming again, not paid and not owed
    expect(await m.account(s)).toMatchObject({ balance: 0, due: 0, upcoming: 60 });
    expect(await m.paidOf(e)).toBe(false);
    expect(await chargesOf(s, e)).toEqual([
      [60, false, PAST, '2025-01-06T09:00:00.000Z'],
      [-60, true, today, 'now'],
    ]);
    // it falls due again at its new end: 3 March, 12:30 in Kyiv (UTC+2), 10:30Z
    const back = await m.put(`/api/lessons/${lesson}`, {
      date: '2025-03-03',
      start: '11:30',
      end: '12:30',
      force: true,
    });
    expect(back.statusCode, back.body).toBe(200);
    // read at once by several: charged once, never twice
    const reads = await Promise.all([m.account(s), m.account(s), m.account(s)]);
    expect(reads.map((r) => r.due)).toEqual([60, 60, 60]);
    // in the ledger's order, by the instant each counts: the new charge at its end
    expect(await chargesOf(s, e)).toEqual([
      [60, false, PAST, '2025-01-06T09:00:00.000Z'],
      [60, false, '2025-03-03', '2025-03-03T10:30:00.000Z'],
      [-60, true, today, 'now'],
    ]);
    expect(await m.account(s)).toMatchObject({ balance: 60, due: 60, oldestDueDate: '2025-03-03' });
    // paid, then moved ahead and back once more: the payment is credit meanwhile, then covers it
    await m.pay({ student: s, amount: 60 });
    await m.put(`/api/lessons/${lesson}`, { date: AHEAD, force: true });
    expect(await m.account(s)).toMatchObject({ due: 0, credit: 60, upcoming: 60 });
    await m.put(`/api/lessons/${lesson}`, { date: '2025-03-10', force: true });
    expect(await m.account(s)).toMatchObject({ balance: 0, due: 0, credit: 0 });
    expect(await m.paidOf(e)).toBe(true);
    expect((await m.ledger(s)).filter((x) => x.event === e && !x.correction)).toHaveLength(3);
  });

  it('ahead → past is charged once at its end; past → past changes only what the change costs', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: AHEAD, price: 90, start: '09:00', end: '10:30' });
    expect(await m.account(s)).toMatchObject({ due: 0, upcoming: 135 });
    const lesson = await m.lessonOf(e);
    // to 7 January, 16:45 in Kyiv (UTC+2): due at 14:45Z
    await m.put(`/api/lessons/${lesson}`, {
      date: '2025-01-07',
      start: '15:15',
      end: '16:45',
      force: true,
    });
    expect(await m.account(s)).toMatchObject({ due: 135, upcoming: 0 });
    expect(await chargesOf(s, e)).toEqual([[135, false, '2025-01-07', '2025-01-07T14:45:00.000Z']]);
    // another day in the past, as long: nothing to correct
    await m.put(`/api/lessons/${lesson}`, { date: '2025-01-14', force: true });
    expect(await m.account(s)).toMatchObject({ due: 135 });
    expect(await chargesOf(s, e)).toHaveLength(1);
    // another day in the past, shorter: the difference, dated today
    await m.put(`/api/lessons/${lesson}`, {
      date: '2025-01-21',
      start: '15:45',
      end: '16:45',
      force: true,
    });
    expect(await m.account(s)).toMatchObject({ due: 90 });
    expect(await chargesOf(s, e)).toEqual([
      [135, false, '2025-01-07', '2025-01-07T14:45:00.000Z'],
      [-45, true, today, 'now'],
    ]);
  });

  it("a participation's own move ahead and back is reversed and charged again the same way", async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 40 });
    expect(await m.account(s)).toMatchObject({ due: 40 });
    expect((await m.put(`/api/events/${e}`, { date: AHEAD })).statusCode).toBe(200);
    expect(await m.account(s)).toMatchObject({ due: 0, upcoming: 40 });
    expect((await m.put(`/api/events/${e}`, { date: '2025-01-09', end: '11:15' })).statusCode).toBe(
      200,
    );
    expect(await m.account(s)).toMatchObject({ due: 40, upcoming: 0 });
    expect(await chargesOf(s, e)).toEqual([
      [40, false, PAST, '2025-01-06T09:00:00.000Z'],
      [40, false, '2025-01-09', '2025-01-09T09:15:00.000Z'],
      [-40, true, today, 'now'],
    ]);
  });
});
