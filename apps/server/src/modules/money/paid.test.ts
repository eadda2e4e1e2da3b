import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AHEAD, clockIn, PAST, useMoneyApp } from '../../../test/money.js';

const m = useMoneyApp();
describe('isPaid is derived from the ledger (docs/money.md, isPaid)', () => {
  it('is true when the charge is covered or is 0, false while open', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 60 });
    const free = await m.takes(s, { date: '2025-01-07', price: 60 }, { toPay: 2 });
    expect(await m.paidOf(e)).toBe(false);
    expect(await m.paidOf(free)).toBe(true);
    await m.pay({ student: s, amount: 30 });
    expect(await m.paidOf(e)).toBe(false);
    // the participation says what is covered of its charge: part paid, 30 of 60
    const part = (await m.get(`/api/events/${e}`)).json<{ amount: number; covered: number }>();
    expect([part.amount, part.covered]).toEqual([60, 30]);
    await m.pay({ student: s, amount: 30 });
    expect(await m.paidOf(e)).toBe(true);
    const paid = await m.get(`/api/events?student=${s}&isPaid=true`);
    expect(paid.json<unknown[]>()).toHaveLength(2);
    // credit covers a charge the moment it falls due, also when participations are read first
    await m.pay({ student: s, amount: 25 });
    const later = await m.takes(s, { date: '2025-01-20', price: 25 });
    const lessonOfLater = (await m.get(`/api/events/${later}`)).json<{
      lesson: number;
      isPaid: boolean;
    }>();
    expect(lessonOfLater.isPaid).toBe(true);
    const listed = (await m.get(`/api/events?lesson=${lessonOfLater.lesson}`)).json<
      { isPaid: boolean }[]
    >();
    expect(listed.map((p) => p.isPaid)).toEqual([true]);
  });

  it("ticking records a 'marked paid' payment of what is left; unticking voids it", async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 80 });
    await m.pay({ student: s, amount: 30 });
    const ticked = await m.put(`/api/events/${e}`, { isPaid: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ isPaid: true });
    const marked = (await m.get(`/api/payments?student=${s}`)).json<
      { amount: number; method: string; reference: string; events: number[] }[]
    >();
    expect(marked[0]).toMatchObject({
      amount: 50,
      method: 'other',
      reference: 'marked paid',
      events: [e],
    });
    expect(await m.account(s)).toMatchObject({ balance: 0 });
    // part of it is the 30 zł payment's: unticking is refused
    expect((await m.put(`/api/events/${e}`, { isPaid: false })).statusCode).toBe(409);
    const only = await m.takes(s, { date: '2025-01-09', price: 20 }, { isPaid: true });
    expect(await m.paidOf(only)).toBe(true);
    const unticked = await m.put(`/api/events/${only}`, { isPaid: false });
    expect(unticked.statusCode, unticked.body).toBe(200);
    expect(unticked.json()).toMatchObject({ isPaid: false });
    expect(await m.account(s)).toMatchObject({ balance: 20, due: 20 });
    const voided = (await m.get(`/api/payments?student=${s}&sort=id`)).json<
      { voided: boolean; voidReason: string }[]
    >();
    expect(voided.at(-1)).toMatchObject({ voided: true, voidReason: 'unmarked paid' });
  });

  it('unticking a charge another payment covers answers 409 naming that payment', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 40 });
    const payment = await m.pay({ student: s, amount: 40, date: '2025-02-03' });
    const res = await m.put(`/api/events/${e}`, { isPaid: false, notes: 'try' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'conflict',
      payment: { id: payment.id, date: '2025-02-03', amount: 40 },
    });
    expect(res.json<{ message: string }>().message).toMatch(/2025-02-03/);
    expect(await m.paidOf(e)).toBe(true);
    expect((await m.get(`/api/events/${e}`)).json()).toMatchObject({ notes: '' });
  });

  it('a tick sent on an older version is 409 and records no payment; on the answered one it is saved (ADR 043)', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: PAST, price: 60 });
    const url = `/api/events/${e}`;
    const shown = (await m.get(url)).json<{ version: number }>().version;
    // someone marks the participant absent meanwhile: the version the screen shows is old
    const marked = await m.put(url, { attendence: 2, version: shown });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = marked.json<{ version: number; attendence: number }>();
    expect(after).toMatchObject({ attendence: 2, version: shown + 1 });
    const stale = await m.put(url, { isPaid: true, version: shown });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', changed: ['attendence'] });
    expect(await m.paidOf(e)).toBe(false);
    expect((await m.get(`/api/payments?student=${s}`)).json<unknown[]>()).toEqual([]);
    // the version the last PUT answered is the one to send next
    const ticked = await m.put(url, { isPaid: true, version: after.version });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ isPaid: true, version: after.version + 1 });
  });

  it('a participation ahead keeps its tick until it falls due, then is covered by it', async () => {
    const s = await m.student();
    const e = await m.takes(s, { date: AHEAD, price: 45 }, { isPaid: true });
    expect(await m.paidOf(e)).toBe(true);
    expect(await m.account(s)).toMatchObject({ credit: 45, upcoming: 45 });
    // it falls due: the lesson is moved to the past (a correction is not needed: it was ahead)
    const lesson = (await m.get(`/api/events/${e}`)).json<{ lesson: number }>().lesson;
    await m.put(`/api/lessons/${lesson}`, { date: PAST, force: true });
    expect(await m.paidOf(e)).toBe(true);
    expect(await m.account(s)).toMatchObject({ balance: 0, credit: 0, due: 0 });
  });
});

describe('a participation added ticked paid (docs/money.md, isPaid)', () => {
  const marked = async (student: number) =>
    (await m.get(`/api/payments?student=${student}&sort=id`)).json<
      { amount: number; reference: string; events: number[]; voided: boolean }[]
    >();

  it("records the 'marked paid' payment a PUT isPaid=true records, for a student or a groupe", async () => {
    const group = (await m.post('/api/groups', { name: 'Ticked group' })).json<{ id: number }>().id;
    const [a, b] = [await m.student('Ticked'), await m.student('Ticked')];
    for (const s of [a, b]) await m.put(`/api/students/${s}`, { groupe: group });
    const ended = await m.lesson({ date: PAST, price: 60 });
    const added = await m.post('/api/events', { lesson: ended, groupe: group, isPaid: true });
    expect(added.statusCode, added.body).toBe(201);
    const made = added.json<{ created: { id: number; student: number; isPaid: boolean }[] }>();
    expect(made.created.map((e) => e.isPaid)).toEqual([true, true]);
    for (const e of made.created) {
      expect(await marked(e.student)).toMatchObject([
        { amount: 60, reference: 'marked paid', events: [e.id], voided: false },
      ]);
      expect(await m.account(e.student)).toMatchObject({ balance: 0, due: 0, credit: 0 });
    }
    // one student, as a PUT isPaid=true of the participation would
    const c = await m.student('Ticked');
    const one = await m.takes(c, { date: '2025-01-08', price: 45 }, { isPaid: true });
    expect(await marked(c)).toMatchObject([{ amount: 45, events: [one] }]);
    expect(await m.paidOf(one)).toBe(true);
    // unticked, as any tick: the payment is voided and the charge is due
    expect((await m.put(`/api/events/${made.created[0]?.id}`, { isPaid: false })).statusCode).toBe(
      200,
    );
    expect(await m.account(a)).toMatchObject({ balance: 60, due: 60 });
  });

  it('a lesson ahead: paid ahead, as a PUT isPaid=true pays it; covered when it falls due', async () => {
    const group = (await m.post('/api/groups', { name: 'Ahead group' })).json<{ id: number }>().id;
    const s = await m.student('Ahead');
    await m.put(`/api/students/${s}`, { groupe: group });
    const ahead = await m.lesson({ date: AHEAD, price: 30 });
    const added = await m.post('/api/events', { lesson: ahead, groupe: group, isPaid: true });
    expect(added.statusCode, added.body).toBe(201);
    const [e] = added.json<{ created: { id: number; isPaid: boolean }[] }>().created;
    expect(e?.isPaid).toBe(true);
    expect(await marked(s)).toMatchObject([{ amount: 30, events: [e?.id] }]);
    expect(await m.account(s)).toMatchObject({ credit: 30, upcoming: 30 });
    await m.put(`/api/lessons/${ahead}`, { date: PAST, force: true });
    expect(await m.account(s)).toMatchObject({ balance: 0, credit: 0, due: 0 });
  });
});

describe('due at the time of reading (docs/money.md, Falling due)', () => {
  /**
   * A participation ticked paid at 60 while ahead, its lesson then dearer (90) and moved to end a
   * minute ago: due now, its 60 of 90 covered, unpaid; nothing has charged it yet.
   */
  async function endedAMinuteAgo(fields: Record<string, unknown> = {}) {
    const s = await m.student('Justnow');
    const e = await m.takes(s, { date: AHEAD, price: 60 }, { isPaid: true, ...fields });
    const end = clockIn(-1);
    const lesson = await m.lessonOf(e);
    const moved = await m.put(`/api/lessons/${lesson}`, {
      price: 90,
      date: end.date,
      start: '00:00',
      end: end.time,
      duration: 60,
      force: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return { s, e, date: end.date };
  }

  it('the info panels, the timeline and the learner page show a lesson ended a minute ago as owed', async () => {
    const a = await endedAMinuteAgo();
    const panel = (await m.get(`/api/events/infopanel?student=${a.s}`)).json<
      { id: string; value: number }[]
    >();
    expect(panel.filter((p) => ['paid', 'toPay'].includes(p.id))).toEqual([
      expect.objectContaining({ id: 'paid', value: 0 }),
      expect.objectContaining({ id: 'toPay', value: 90 }),
    ]);

    const b = await endedAMinuteAgo();
    const timeline = (await m.get(`/api/students/${b.s}/timeline`)).json<
      { kind: string; id: number; paid?: boolean }[]
    >();
    expect(timeline.find((x) => x.kind === 'participation' && x.id === b.e)?.paid).toBe(false);

    const c = await endedAMinuteAgo({ toPay: 1 });
    const { hashCode } = (await m.get(`/api/students/${c.s}`)).json<{ hashCode: string }>();
    const page = (await m.get(`/api/public/students/${hashCode}`)).json<{
      due: { total: string };
    }>();
    // what is left of it: 90 charged, 60 covered by the tick made while it was ahead
    expect(page.due.total).toBe('30.00');

    // the schedule's day: the three above (charged by their reads) and one read by it alone
    const d = await endedAMinuteAgo();
    const day = (
      await m.get(`/api/schedule/infopanel?dateFrom=${d.date}&dateTo=${d.date}&tz=Europe/Kyiv`)
    ).json<{ id: string; value: number }[]>();
    expect(day.find((p) => p.id === 'unpaid')?.value).toBe(360);
    expect(await m.paidOf(d.e)).toBe(false);
    expect(await m.account(d.s)).toMatchObject({ due: 30, balance: 30 });
  });
});

describe('the upgrade (migration 0026)', () => {
  it('turns every old tick into a marked-paid payment, so balances are as the ticks said', async () => {
    const s = await m.student();
    const due = await m.takes(s, { date: PAST, price: 99.99, duration: 50, end: '10:50' });
    const open = await m.takes(s, { date: '2025-01-07', price: 60 });
    const ahead = await m.takes(s, { date: AHEAD, price: 60 });
    const excused = await m.takes(s, { date: '2025-01-08', price: 60 }, { attendence: 3 });
    // as before the ledger: the ticks are in the column only
    await m.db.execute(
      sql`update events set is_paid = true where id in (${due}, ${ahead}, ${excused})`,
    );
    const { lastStatementOf } = await import('../../../test/helper.js');
    const upgrade = await lastStatementOf('0026_marked_paid.sql');
    await m.db.execute(sql.raw(upgrade));
    // run twice, it changes nothing more
    await m.db.execute(sql.raw(upgrade));
    const payments = (await m.get(`/api/payments?student=${s}&sort=id`)).json<
      { amount: number; reference: string; events: number[] }[]
    >();
    expect(payments.map((p) => [p.amount, p.reference, p.events])).toEqual([
      [83.33, 'marked paid', [due]],
      [60, 'marked paid', [ahead]],
    ]);
    expect(await m.paidOf(due)).toBe(true);
    expect(await m.paidOf(open)).toBe(false);
    expect(await m.paidOf(ahead)).toBe(true);
    expect(await m.paidOf(excused)).toBe(true);
    expect(await m.account(s)).toMatchObject({ due: 60, credit: 60, balance: 0 });
  });
});
