import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { AHEAD, moneyCalls, PAST } from '../../../test/money.js';
import { todayIn } from '../schedule/schedule.shared.js';

let t: TestApp;
let agent: Agent;
let m: ReturnType<typeof moneyCalls>;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
  m = moneyCalls(agent);
});

interface Entry {
  kind: string;
  amount: number;
  balance: number;
  correction: boolean;
  date: string;
  event: number | null;
  lesson: number | null;
}
const ledger = async (s: number) => (await m.get(`/api/ledger?student=${s}`)).json<Entry[]>();
const lessonOf = async (event: number) =>
  (await m.get(`/api/events/${event}`)).json<{ lesson: number }>().lesson;

describe('changes after a charge is due write correcting entries (docs/money.md)', () => {
  it("a lesson's new price corrects its due charges by the difference, dated today", async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 60 });
    expect(await m.account(s)).toMatchObject({ balance: 60 });
    const lesson = await lessonOf(e);
    expect((await m.put(`/api/lessons/${lesson}`, { price: 90 })).statusCode).toBe(200);
    expect(await m.account(s)).toMatchObject({ balance: 90, due: 90 });
    const entries = await ledger(s);
    expect(entries.map((x) => [x.amount, x.correction, x.date])).toEqual([
      [60, false, PAST],
      [30, true, todayIn('Europe/Kyiv')],
    ]);
    const recorded = await t.database.db.execute<{ n: number }>(
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
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/events/${removed}` })).statusCode,
    ).toBe(204);
    const lesson = await lessonOf(deleted);
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/lessons/${lesson}` })).statusCode,
    ).toBe(204);
    expect(await m.account(s)).toMatchObject({ balance: 0, due: 0 });
    const entries = await ledger(s);
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
    await m.put(`/api/lessons/${await lessonOf(ahead)}`, { price: 60 });
    expect(await m.account(s)).toMatchObject({ balance: 30, upcoming: 60 });
    expect(await ledger(s)).toHaveLength(1);
    expect((await m.put('/api/attendancestatuses/0', { charge: false })).statusCode).toBe(200);
    try {
      expect(await m.account(s)).toMatchObject({ balance: 30, upcoming: 0 });
      // a later change of the same student's other participation corrects nothing of the first
      await m.put(`/api/events/${ahead}`, { notes: 'moved' });
      await m.put(`/api/events/${due}`, { notes: 'seen' });
      expect(await ledger(s)).toHaveLength(1);
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
    expect((await ledger(s)).at(-1)?.balance).toBe(0);
  });
});
