import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import type { TimelineEntry } from '@school/contract/students';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram.js';
import { createTestApp, createUser, login } from '../../../test/helper.js';
import { SCHOOL_ZONE, useMoneyApp } from '../../../test/money.js';
import { botUsers, paymentReminders } from '../../db/schema/bot.js';
import { createMetrics, type Metrics } from '../../plugins/metrics.js';
import { addDays, todayIn, wallClockIn } from '../schedule/schedule.shared.js';
import { createBotRuntime, type BotRuntime } from './bot.runtime.js';
import { amountIn, botText, type BotLocale } from './bot.texts.js';

/**
 * Payment reminders by Telegram (docs/money.md, Payment reminders; ADR 046): the real bot
 * (grammy) against the local fake Bot API over HTTP, on a real PostgreSQL; the clock of a round
 * is given, the charges fall due by the database's.
 */
const m = useMoneyApp();
let fake: FakeTelegram;
const BASE = 'https://school.example/play';
const warnings: object[] = [];
const log = { info: () => {}, warn: (o: object) => void warnings.push(o) };
const runtimes: BotRuntime[] = [];
let chats = 9100;

/** An app instance's bot, as a server process would run it on the same database. */
function instance(env: { PAYMENT_REMINDER_DAYS?: number } = {}) {
  const metrics: Metrics = createMetrics(m.t.database.pool);
  const runtime = createBotRuntime({
    config: {
      ...m.t.config,
      BOT_TOKEN: '1:payments',
      BOT_API_ROOT: fake.apiRoot,
      BOT_TIMEZONE: SCHOOL_ZONE,
      GAMES_BASE_URL: BASE,
      PAYMENT_REMINDER_DAYS: env.PAYMENT_REMINDER_DAYS ?? 7,
    },
    db: m.db,
    pool: m.t.database.pool,
    log,
    metrics,
  });
  runtimes.push(runtime);
  return { runtime, metrics };
}

/** The instant the school's clock reads `time` on `date` (Europe/Kyiv). */
function atSchoolClock(date: string, time: string) {
  const guess = new Date(`${date}T${time}:00Z`);
  const shown = wallClockIn(SCHOOL_ZONE, guess);
  const drift = Date.parse(`${shown.date}T${shown.time}Z`) - guess.getTime();
  return new Date(guess.getTime() - drift);
}

const today = todayIn(SCHOOL_ZONE);
const noon = (days = 0) => atSchoolClock(addDays(today, days), '12:00');

/**
 * A student with broadcast on (unless told), linked to the bot in `language`, who took a
 * 130 zł lesson `daysAgo` days ago; their chat id and hashCode.
 */
async function owing(daysAgo: number, language = 'en', fields: Record<string, unknown> = {}) {
  const made = await m.post(api.students, {
    name: 'Debtor',
    surname: `No ${chats}`,
    hasBroadcast: true,
    ...fields,
  });
  expect(made.statusCode, made.body).toBe(201);
  const student = made.json<{ id: number; hashCode: string }>();
  await m.takes(student.id, { date: addDays(today, -daysAgo), price: 130 });
  const chatId = ++chats;
  await m.db
    .insert(botUsers)
    .values({ telegramId: chatId, chatId, studentId: student.id, languageCode: language });
  return { ...student, chatId };
}

const sentTo = (chatId: number) =>
  fake
    .callsOf('sendMessage')
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));

const expected = (locale: BotLocale, grosze: number, hashCode: string, currency = 'PLN') =>
  [
    botText('paymentDue', locale, { amount: amountIn(grosze, currency) }),
    botText('paymentPage', locale, { link: `${BASE}/me?s=${hashCode}` }),
  ].join('\n');

const rowsOf = (student: number) =>
  m.db.select().from(paymentReminders).where(eq(paymentReminders.studentId, student));

beforeAll(async () => {
  fake = await startFakeTelegram();
});

afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.stop()));
});

describe('payment reminders', () => {
  it('sends a student owing for 8 days one message in their language, with the amount and their link', async () => {
    const { runtime, metrics } = instance();
    const en = await owing(8, 'en');
    const pl = await owing(8, 'pl-PL');
    const uk = await owing(8, 'uk');
    await runtime.remindPayments(noon());
    expect(sentTo(en.chatId)).toEqual([expected('en', 13000, en.hashCode)]);
    expect(sentTo(pl.chatId)).toEqual([expected('pl', 13000, pl.hashCode)]);
    expect(sentTo(uk.chatId)).toEqual([expected('uk', 13000, uk.hashCode)]);
    expect(sentTo(pl.chatId)[0]?.replace(/\u00a0/g, ' ')).toContain('130,00 zł');
    expect(sentTo(en.chatId)[0]).toContain(`${BASE}/me?s=${en.hashCode}`);
    const [row] = await rowsOf(pl.id);
    expect(row).toMatchObject({
      day: today,
      amount: 13000,
      currency: 'PLN',
      chatId: pl.chatId,
      error: null,
    });
    expect(row?.messageId).toEqual(expect.any(Number));
    expect(row?.sentAt).toBeInstanceOf(Date);
    const sent = (await metrics.paymentReminders.get()).values;
    expect(sent.find((v) => v.labels.outcome === 'sent')?.value).toBe(3);
  });

  it('sends nothing again that day or within 7 days, and again after 7 days while still owed', async () => {
    const { runtime } = instance();
    const student = await owing(8);
    await runtime.remindPayments(noon());
    expect(sentTo(student.chatId)).toHaveLength(1);
    await runtime.remindPayments(atSchoolClock(today, '19:30'));
    await runtime.remindPayments(noon(1));
    await runtime.remindPayments(noon(6));
    expect(sentTo(student.chatId)).toHaveLength(1);
    await runtime.remindPayments(noon(7));
    expect(sentTo(student.chatId)).toEqual([
      expected('en', 13000, student.hashCode),
      expected('en', 13000, student.hashCode),
    ]);
    expect((await rowsOf(student.id)).map((r) => r.day)).toEqual([today, addDays(today, 7)]);
  });

  it('sends nothing to a student who paid, has broadcast off, or owes for only 3 days', async () => {
    const { runtime } = instance();
    const paid = await owing(8);
    await m.pay({ student: paid.id, amount: 130, date: today });
    expect((await m.account(paid.id)).due).toBe(0);
    const quiet = await owing(8, 'en', { hasBroadcast: false });
    const recent = await owing(3);
    await runtime.remindPayments(noon());
    for (const s of [paid, quiet, recent]) {
      expect(sentTo(s.chatId)).toEqual([]);
      expect(await rowsOf(s.id)).toEqual([]);
    }
  });

  it('brings charges up to date before deciding: a lesson that has ended but is not charged yet counts', async () => {
    const { runtime } = instance();
    const student = await owing(10);
    // nothing read the student's money since their lesson ended: it is not in the ledger yet
    const { rows } = await m.t.database.pool.query<{ charged: boolean }>(
      'select charged from participation_dues where student_id = $1',
      [student.id],
    );
    expect(rows).toEqual([{ charged: false }]);
    await runtime.remindPayments(noon());
    expect(sentTo(student.chatId)).toEqual([expected('en', 13000, student.hashCode)]);
  });

  it('sends nothing with PAYMENT_REMINDER_DAYS=0, nor at night', async () => {
    const student = await owing(30);
    await instance({ PAYMENT_REMINDER_DAYS: 0 }).runtime.remindPayments(noon());
    await instance().runtime.remindPayments(atSchoolClock(today, '03:00'));
    await instance().runtime.remindPayments(atSchoolClock(today, '20:00'));
    expect(sentTo(student.chatId)).toEqual([]);
    expect(await rowsOf(student.id)).toEqual([]);
  });

  it('sends one message when two instances run a round at the same moment, twice over', async () => {
    const two = [instance().runtime, instance().runtime];
    const student = await owing(9);
    for (let round = 0; round < 2; round++) {
      await Promise.all(two.map((r) => r.remindPayments(noon())));
      expect(sentTo(student.chatId)).toHaveLength(1);
    }
    expect(await rowsOf(student.id)).toHaveLength(1);
  });

  it('sends nothing after a crash between the claim and the send: the claim stands for the week', async () => {
    const student = await owing(8);
    // a run claimed the reminder and its process died before Telegram answered
    await m.db.insert(paymentReminders).values({
      studentId: student.id,
      day: addDays(today, -2),
      amount: 13000,
      currency: 'PLN',
      chatId: student.chatId,
    });
    await instance().runtime.remindPayments(noon());
    expect(sentTo(student.chatId)).toEqual([]);
    expect(await rowsOf(student.id)).toHaveLength(1);
  });

  it('records a failed send (the bot blocked, 403) and does not try again within the week', async () => {
    const { runtime, metrics } = instance();
    const student = await owing(8, 'uk');
    fake.block(student.chatId);
    warnings.length = 0;
    await runtime.remindPayments(noon());
    expect(sentTo(student.chatId)).toHaveLength(1);
    const [row] = await rowsOf(student.id);
    expect(row).toMatchObject({ messageId: null, sentAt: null, amount: 13000 });
    expect(row?.error).toContain('Forbidden: bot was blocked by the user');
    expect(warnings).toEqual([expect.objectContaining({ student: student.id })]);
    const failed = (await metrics.paymentReminders.get()).values;
    expect(failed.find((v) => v.labels.outcome === 'failed')?.value).toBe(1);
    // later rounds that day and that week ask Telegram nothing more
    await runtime.remindPayments(atSchoolClock(today, '18:00'));
    await runtime.remindPayments(noon(3));
    expect(sentTo(student.chatId)).toHaveLength(1);
    expect(await rowsOf(student.id)).toHaveLength(1);
  });

  it("shows on the student's timeline, sent or not, to a role that reads money only", async () => {
    const { runtime } = instance();
    const student = await owing(8, 'pl');
    const blocked = await owing(8, 'en');
    fake.block(blocked.chatId);
    await runtime.remindPayments(noon());
    const timeline = async (id: number, agent = m.agent) => {
      const res = await agent.request({ method: 'GET', url: api.studentTimeline(id) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TimelineEntry[]>().filter((e) => e.kind === 'reminder');
    };
    expect(await timeline(student.id)).toEqual([
      {
        kind: 'reminder',
        at: expect.any(String),
        id: expect.any(Number),
        title: '',
        amount: 130,
        currency: 'PLN',
        sent: true,
        error: null,
      },
    ]);
    expect(await timeline(blocked.id)).toEqual([
      expect.objectContaining({
        kind: 'reminder',
        sent: false,
        error: expect.stringContaining('blocked') as string,
      }),
    ]);
    // a teacher of the student's lesson reads the timeline without the money
    const teacher = await createUser(m.t, { role: 'teacher' });
    const teacherAgent = await login(m.t.app, teacher);
    const taught = { date: addDays(today, -1), price: 0, teacher: teacher.id };
    await m.takes(student.id, taught);
    const seen = await teacherAgent.request({
      method: 'GET',
      url: api.studentTimeline(student.id),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<TimelineEntry[]>().map((e) => e.kind)).not.toContain('reminder');
  });

  it("says the amount in the school's currency", async () => {
    const details = await m.get(api.schoolDetails);
    const put = await m.put(api.schoolDetails, {
      currency: 'EUR',
      version: details.json<{ version: number }>().version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const { runtime } = instance();
    const student = await owing(8, 'en');
    await runtime.remindPayments(noon());
    expect(sentTo(student.chatId)).toEqual([expected('en', 13000, student.hashCode, 'EUR')]);
    expect(sentTo(student.chatId)[0]).toContain('€130.00');
    expect((await rowsOf(student.id))[0]?.currency).toBe('EUR');
  });
});

describe('the job queue', () => {
  it('looks for payment reminders every hour while the bot runs, not with PAYMENT_REMINDER_DAYS=0', async () => {
    const env = {
      BOT_TOKEN: '1:queue',
      BOT_API_ROOT: fake.apiRoot,
      BOT_MODE: 'webhook',
      BOT_WEBHOOK_SECRET: 'a-secret-of-16-chars',
    };
    const on = await createTestApp(env);
    expect(on.app.queue.schedule()).toContainEqual({
      task: 'payment_reminders',
      match: '7 * * * *',
    });
    const off = await createTestApp({ ...env, PAYMENT_REMINDER_DAYS: '0' });
    expect(off.app.queue.schedule().map((s) => s.task)).not.toContain('payment_reminders');
  });
});
