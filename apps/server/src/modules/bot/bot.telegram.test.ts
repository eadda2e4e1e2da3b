import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, withQuery } from '@school/contract/paths';
import { quizBuilder } from '../../../test/bot.js';
import {
  pressUpdate,
  startFakeTelegram,
  textUpdate,
  type FakeTelegram,
} from '../../../test/fake-telegram.js';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { botBroadcasts, botUpdates, botUsers } from '../../db/schema/bot.js';
import { createMetrics, type Metrics } from '../../plugins/metrics.js';
import { createBotRuntime, POLLING_LOCK, type BotRuntime } from './bot.runtime.js';
import { botText } from './bot.texts.js';

let t: TestApp;
let agent: Agent;
let fake: FakeTelegram;
let quiz: Awaited<ReturnType<ReturnType<typeof quizBuilder>>>;
let student: { id: number; hashCode: string };
let runId: number;
type Instance = BotRuntime & {
  /** how many times it has asked the pool for a connection (each to try the polling lock) */
  lockTries: () => number;
  /** how many reminder rounds it has finished (each ends by clearing old updates) */
  rounds: () => number;
  running: () => boolean;
  /** the instance's own metrics */
  metrics: Metrics;
};
const runtimes: Instance[] = [];
const silent = { info: () => {}, warn: () => {} };

/** An app instance's bot, as a second server process would run it on the same database. */
function instance(token: string): Instance {
  const metrics = createMetrics(t.database.pool);
  let lockTries = 0;
  let rounds = 0;
  let running = false;
  const pool = new Proxy(t.database.pool, {
    get(target, prop) {
      if (prop === 'connect') {
        return () => {
          lockTries++;
          return target.connect();
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const db = new Proxy(t.database.db, {
    get(target, prop, receiver) {
      if (prop === 'delete') {
        return (table: Parameters<typeof target.delete>[0]) => {
          if (table === botUpdates) rounds++;
          return target.delete(table);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const runtime = createBotRuntime({
    config: {
      ...t.config,
      BOT_TOKEN: token,
      BOT_API_ROOT: fake.apiRoot,
      BOT_MODE: 'polling',
      BOT_LOCK_RETRY_MS: 100,
      BOT_POLL_TIMEOUT_SECONDS: 0,
      // tomorrow's lessons are within this
      BOT_REMINDER_MINUTES: 2200,
      BOT_TIMEZONE: 'Europe/Kyiv',
    },
    db,
    pool,
    log: silent,
    metrics,
  });
  const { start, stop } = runtime;
  const counted: Instance = Object.assign(runtime, {
    start: () => {
      running = true;
      start();
    },
    stop: async () => {
      await stop();
      running = false;
    },
    lockTries: () => lockTries,
    rounds: () => rounds,
    running: () => running,
    metrics,
  });
  runtimes.push(counted);
  return counted;
}

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const TG_USER = 5001;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ env: { BOT_USERNAME: 'school_bot' } }));
  fake = await startFakeTelegram();
  quiz = await quizBuilder(agent)({ isPublic: 0 });
  const published = await agent.request({
    method: 'PUT',
    url: api.conversation(quiz.conv.id),
    payload: { isPresent: 1 },
  });
  expect(published.statusCode).toBe(200);
  student = (await post(api.students, { name: 'Olena', hasBroadcast: true })).json();
  runId = (
    await post(api.conversationProgress, { student: student.id, conversationId: quiz.conv.id })
  ).json<{ id: number }>().id;
});

afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.stop()));
});

const gauge = async (i: Instance, name: 'botPolling' | 'botEnabled') =>
  (await i.metrics[name].get()).values[0]?.value;
const handledBy = async (i: Instance) =>
  (await i.metrics.botUpdates.get()).values.find((v) => v.labels.outcome === 'handled')?.value;

const sentTexts = (chatId: number) =>
  fake
    .callsOf('sendMessage')
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));

describe('the Telegram bot against a fake Bot API', () => {
  let first: Instance;

  it('answers an unknown code politely and links nothing', async () => {
    first = instance('1:first');
    first.start();
    fake.push(textUpdate(6001, '/start nosuchcode', 'uk'));
    fake.push(textUpdate(6002, '/start nosuchcode', 'de'));
    await fake.until(() => sentTexts(6001).length > 0 && sentTexts(6002).length > 0);
    expect(sentTexts(6001)).toEqual([botText('unknownCode', 'uk')]);
    expect(sentTexts(6002)).toEqual([botText('unknownCode', null)]);
    expect(sentTexts(6002)[0]).toContain('Вибачте');
    expect(sentTexts(6002)[0]).toContain('Sorry');
    const linked = await t.database.db.select().from(botUsers);
    expect(linked).toEqual([]);
  });

  it('links the Telegram user by /start <hashCode> and starts the run with a keyboard', async () => {
    fake.push(textUpdate(TG_USER, `/start ${student.hashCode}`, 'en'));
    await fake.until(() => sentTexts(TG_USER).length >= 2);
    const [link] = await t.database.db
      .select()
      .from(botUsers)
      .where(eq(botUsers.telegramId, TG_USER));
    expect(link).toMatchObject({
      studentId: student.id,
      chatId: TG_USER,
      firstName: 'Olena',
      lastName: 'Koval',
      username: `olena${TG_USER}`,
    });
    expect(sentTexts(TG_USER)).toEqual([
      botText('linked', 'en', { name: 'Olena' }),
      'I ___ a student',
    ]);
    const question = fake.callsOf('sendMessage').at(-1);
    expect(question?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'am', callback_data: `p:${runId}:0:${quiz.right.id}` }],
        [{ text: 'is', callback_data: `p:${runId}:0:${quiz.wrong.id}` }],
        [{ text: 'Rules', url: 'https://example.com/rules' }],
      ],
    });
    const run = (
      await agent.request({ method: 'GET', url: api.conversationProgressItem(runId) })
    ).json();
    expect(run).toMatchObject({
      isBot: 1,
      step: 0,
      currentAnswerId: quiz.q1.id,
      outerUserId: { id: TG_USER, name: 'Olena', surname: 'Koval', username: `olena${TG_USER}` },
    });
  });

  it('scores a press once under a double press and a replayed update', async () => {
    const data = `p:${runId}:0:${quiz.right.id}`;
    const press = pressUpdate(TG_USER, data, 2, 'en');
    const double = pressUpdate(TG_USER, data, 2, 'en');
    fake.push(press);
    fake.push(double);
    fake.push({ ...press });
    await fake.until(() => fake.callsOf('answerCallbackQuery').length >= 2);
    // the replayed update has been handled too: a later poll asked past it
    await fake.until(fake.handledAll);
    const acks = fake.callsOf('answerCallbackQuery');
    expect(acks.map((a) => a.payload.callback_query_id)).toEqual([
      press.callback_query.id,
      double.callback_query.id,
    ]);
    expect(acks[1]?.payload.text).toBe(botText('alreadyAnswered', 'en'));
    const log = (
      await agent.request({
        method: 'GET',
        url: withQuery(api.messages, { conversationprogress: runId }),
      })
    ).json<{ isBot: number; text: string; flagId: number | null }[]>();
    expect(log.filter((m) => m.isBot === 0)).toEqual([
      expect.objectContaining({ text: 'am', flagId: 1 }),
    ]);
    expect(sentTexts(TG_USER).at(-1)).toBe('Past of "go"?');
    // an older message's button, pressed later, is stale too
    fake.push(pressUpdate(TG_USER, `p:${runId}:0:${quiz.wrong.id}`, 2, 'en'));
    await fake.until(() => fake.callsOf('answerCallbackQuery').length >= 3);
    expect(
      (await agent.request({ method: 'GET', url: api.conversationProgressItem(runId) })).json(),
    ).toMatchObject({ step: 1 });
  });

  it('takes a typed reply, finishes and sends the estimation', async () => {
    fake.push(textUpdate(TG_USER, 'went', 'en'));
    await fake.until(() => sentTexts(TG_USER).includes('Well done'));
    await fake.until(() => sentTexts(TG_USER).at(-1)?.startsWith('Grammar') ?? false);
    expect(sentTexts(TG_USER).at(-1)).toBe(
      'Grammar: 2 points\nVocabulary: 3 points\nTotal: 5 points',
    );
    const run = (
      await agent.request({ method: 'GET', url: api.conversationProgressItem(runId) })
    ).json();
    expect(run).toMatchObject({ isFinished: 1, step: 2 });
  });

  it('starts a public conversation from its own link for a linked student', async () => {
    const pub = await quizBuilder(agent)({ isPublic: 1 });
    const personal = await quizBuilder(agent)({ isPublic: 0 });
    for (const id of [pub.conv.id, personal.conv.id]) {
      const res = await agent.request({
        method: 'PUT',
        url: api.conversation(id),
        payload: { isPresent: 1 },
      });
      expect(res.json()).toMatchObject({
        deepLink: expect.stringMatching(/^https:\/\/t\.me\/school_bot\?start=[\w-]{22}$/),
      });
    }
    const before = sentTexts(TG_USER).length;
    fake.push(textUpdate(TG_USER, `/start ${pub.conv.hashCode}`, 'en'));
    await fake.until(() => sentTexts(TG_USER).length > before);
    expect(sentTexts(TG_USER).at(-1)).toBe('I ___ a student');
    const runs = (
      await agent.request({
        method: 'GET',
        url: withQuery(api.conversationProgress, { conversation: pub.conv.id }),
      })
    ).json<{ student: number; isBot: number; step: number }[]>();
    expect(runs).toEqual([expect.objectContaining({ student: student.id, isBot: 1, step: 0 })]);
    // a personal conversation's code is not a way in
    fake.push(textUpdate(TG_USER, `/start ${personal.conv.hashCode}`, 'en'));
    await fake.until(() => sentTexts(TG_USER).at(-1) === botText('unknownCode', 'en'));
  });

  it('polls from one instance only; another takes over when it stops', async () => {
    const second = instance('1:second');
    second.start();
    // it has asked for the lock twice and not got it (a third try means the second failed)
    await fake.until(() => second.lockTries() >= 3);
    expect(first.isPolling()).toBe(true);
    expect(second.isPolling()).toBe(false);
    expect(await gauge(first, 'botPolling')).toBe(1);
    expect(await gauge(second, 'botPolling')).toBe(0);
    expect(await gauge(second, 'botEnabled')).toBe(1);
    expect(fake.polls).not.toContain('1:second');
    await first.stop();
    expect(await gauge(first, 'botPolling')).toBe(0);
    await fake.until(() => fake.polls.includes('1:second'), 5000);
    expect(second.isPolling()).toBe(true);
    expect(await gauge(second, 'botPolling')).toBe(1);
    const handled = await handledBy(second);
    const seen = fake.polls.length;
    await fake.until(() => fake.polls.length >= seen + 3);
    expect(fake.polls.slice(seen)).not.toContain('1:first');
    // and it handles updates
    fake.push(textUpdate(6003, '/start nosuchcode', 'pl'));
    await fake.until(() => sentTexts(6003).length > 0);
    expect(sentTexts(6003)).toEqual([botText('unknownCode', 'pl')]);
    // counted once its handling has returned
    await vi.waitFor(async () => expect(await handledBy(second)).toBe((handled ?? 0) + 1));
  });

  it('sends a lesson reminder with the homework once, with two instances running', async () => {
    const third = instance('1:third');
    third.start();
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Europe/Kyiv',
    });
    const lesson = await post(api.lessons, {
      date: tomorrow,
      start: '12:00',
      end: '13:00',
      course: 'B1 grammar',
      hasBroadcast: true,
      homework: 'Exercise 4 on page 12',
    });
    expect(lesson.statusCode, lesson.body).toBe(201);
    const lessonId = lesson.json<{ id: number }>().id;
    const quiet = (await post(api.students, { name: 'Quiet', hasBroadcast: false })).json<{
      id: number;
    }>();
    for (const s of [student.id, quiet.id]) {
      expect((await post(api.events, { lesson: lessonId, student: s })).statusCode).toBe(201);
    }
    await t.database.db
      .insert(botUsers)
      .values({ telegramId: 7001, chatId: 7001, studentId: quiet.id });
    const reminder = botText('reminder', 'en', {
      course: 'B1 grammar',
      date: tomorrow,
      start: '12:00',
    });
    // the job queue runs a round once per tick across instances (ADR 031, instances.test.ts);
    // even rounds on both instances at once, twice over, send the reminder once
    const live = runtimes.filter((r) => r.running());
    expect(live).toHaveLength(2);
    const marks = live.map((r) => r.rounds());
    for (let round = 0; round < 2; round++) await Promise.all(live.map((r) => r.remind()));
    expect(live.map((r) => r.rounds())).toEqual(marks.map((m) => m + 2));
    await fake.until(() => sentTexts(TG_USER).some((s) => s.startsWith(reminder)));
    expect(sentTexts(TG_USER).filter((s) => s.startsWith(reminder))).toEqual([
      `${reminder}\n${botText('homework', 'en', { homework: 'Exercise 4 on page 12' })}`,
    ]);
    expect(sentTexts(7001)).toEqual([]);
    const claims = await t.database.db.select().from(botBroadcasts);
    expect(claims).toEqual([
      expect.objectContaining({ lessonId, studentId: student.id, error: null }),
    ]);
    expect(claims[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('hands polling over when the holder loses its database connection', async () => {
    const running = runtimes.filter((r) => r.isPolling());
    expect(running).toHaveLength(1);
    const killed = await t.database.pool.query(
      `select pg_terminate_backend(pid) from pg_locks
       where locktype = 'advisory' and objid = $1 and granted`,
      [POLLING_LOCK],
    );
    expect(killed.rowCount).toBe(1);
    const seen = fake.polls.length;
    await fake.until(
      () => runtimes.filter((r) => r.isPolling()).length === 1 && fake.polls.length > seen + 3,
    );
    // never two at once, sampled over the next few polls
    let most = 0;
    const after = fake.polls.length;
    await fake.until(() => {
      most = Math.max(most, runtimes.filter((r) => r.isPolling()).length);
      return fake.polls.length >= after + 5;
    });
    expect(most).toBeLessThanOrEqual(1);
    fake.push(textUpdate(6004, '/start nosuchcode', 'en'));
    await fake.until(() => sentTexts(6004).length > 0);
    expect(sentTexts(6004)).toEqual([botText('unknownCode', 'en')]);
  });

  it('unlinks the Telegram user when the hashCode is regenerated; the old link links nothing', async () => {
    const old = student.hashCode;
    const res = await post(api.studentHashCode(student.id), {});
    expect(res.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(botUsers).where(eq(botUsers.studentId, student.id)),
    ).toEqual([]);
    const before = sentTexts(TG_USER).length;
    fake.push(textUpdate(TG_USER, `/start ${old}`, 'en'));
    await fake.until(() => sentTexts(TG_USER).length > before);
    expect(sentTexts(TG_USER).at(-1)).toBe(botText('unknownCode', 'en'));
    expect(
      await t.database.db.select().from(botUsers).where(eq(botUsers.telegramId, TG_USER)),
    ).toEqual([]);
  });
});
