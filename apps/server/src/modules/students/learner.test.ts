import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_REFERENCE_PATTERN } from '@school/contract/bank';
import type { GameSet } from '@school/contract/games';
import type { LearnerPage } from '@school/contract/learner';
import type { TimelineEntry } from '@school/contract/students';
import {
  createTestApp,
  createUser,
  setupApp,
  type Agent,
  type AppFixture,
} from '../../../test/helper.js';
import { addDays, todayIn } from '../schedule/schedule.shared.js';

let t: AppFixture;
let agent: Agent;
type StudentJson = { id: number; hashCode: string; pageLink: string };
let marta: StudentJson;
let bohdan: StudentJson;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  agent.request({ method, url, payload });
/** A request of the learner's browser: no cookies, no XSRF header. */
const open = (hashCode: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/students/${hashCode}` });

const today = todayIn('Europe/Kyiv');

async function lesson(payload: Record<string, unknown>) {
  const res = await call('POST', '/api/lessons', { start: '10:00', end: '11:00', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function participate(lessonId: number, student: number, fields: Record<string, unknown>) {
  const res = await call('POST', '/api/events', { lesson: lessonId, student, toPay: '1' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  if (Object.keys(fields).length) {
    const put = await call('PUT', `/api/events/${id}`, fields);
    expect(put.statusCode, put.body).toBe(200);
  }
}
let plays = 0;
async function play(grid: number, hashCode: string, score: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/results',
    payload: {
      grid,
      hashCode,
      playId: `learner-play-${++plays}`,
      score,
      max: 2,
      durationMs: 3000,
      cards: [],
    },
  });
  expect(res.statusCode, res.body).toBe(204);
}

beforeAll(async () => {
  t = await setupApp({ admin: true, env: { BOT_USERNAME: 'school_bot' } });
  agent = t.agent;
  const teacher = await createUser(t, {
    login: 'iryna.login',
    firstName: 'Iryna',
    lastName: 'Bondar',
    role: 'teacher',
  });
  await t.database.db.execute(
    sql`update users set email = 'iryna@school.example' where id = ${teacher.id}`,
  );
  marta = (
    await call('POST', '/api/students', {
      name: 'Marta',
      surname: 'Koval',
      gMeetId: 'https://meet.google.com/abc-defg-hij',
      timezone: 'America/New_York',
    })
  ).json();
  bohdan = (
    await call('POST', '/api/students', {
      name: 'Bohdan',
      surname: 'Zelenyi',
      gMeetId: 'https://meet.google.com/bohdan-only',
    })
  ).json();

  // next: a shared lesson in two weeks; Bohdan's own homework there is his alone
  const ahead = await lesson({
    date: addDays(today, 14),
    course: 'Business English',
    homework: 'Read chapter 3',
    teacher: teacher.id,
    price: 80,
  });
  await participate(ahead, marta.id, {});
  await participate(ahead, bohdan.id, { homework: 'Bohdan private task' });
  // a lesson a week ago, both to pay: Marta present and unpaid, Bohdan absent and unpaid
  const past = await lesson({
    date: addDays(today, -7),
    course: 'Grammar',
    price: 80,
    duration: 90,
  });
  await participate(past, marta.id, { attendence: 1 });
  await participate(past, bohdan.id, { attendence: 2 });
  // Bohdan's own unpaid lesson, and a paid one of Marta's
  const his = await lesson({ date: addDays(today, -3), course: 'Pronunciation', price: 123.45 });
  await participate(his, bohdan.id, {});
  const paid = await lesson({ date: addDays(today, -2), course: 'Paid lesson', price: 50 });
  await participate(paid, marta.id, { isPaid: true });

  // a game each played, and a conversation run with points in a group
  const quiz = (await call('POST', '/api/grid', { name: 'Animals', type: 2 })).json<GameSet>();
  for (const [value, answer] of [
    ['Says moo', 'cow'],
    ['Says woof', 'dog'],
  ]) {
    await call('POST', '/api/gridcard', { grid: quiz.id, value, answer });
  }
  await play(quiz.id, marta.hashCode, 1);
  await play(quiz.id, marta.hashCode, 2);
  await play(quiz.id, bohdan.hashCode, 0);
  const db = t.database.db;
  const [conv] = (
    await db.execute<{ id: number }>(
      sql`insert into conversations (name, hash_code) values ('Past tenses', 'conv-1') returning id`,
    )
  ).rows;
  const [group] = (
    await db.execute<{ id: number }>(
      sql`insert into estimation_groups (conversation_id, name) values (${conv!.id}, 'Grammar points') returning id`,
    )
  ).rows;
  for (const student of [marta, bohdan]) {
    const [run] = (
      await db.execute<{ id: number }>(
        sql`insert into conversation_progress (student_id, conversation_id, is_finished)
            values (${student.id}, ${conv!.id}, 1) returning id`,
      )
    ).rows;
    await db.execute(
      sql`insert into messages (progress_id, is_bot, text, type_id, step, point, estimation_group_id)
          values (${run!.id}, 0, 'reply', 1, 0, ${student === marta ? 3 : 7.5}, ${group!.id})`,
    );
  }
});

describe("the learner's page", () => {
  it("answers the student's own data, without login", async () => {
    const res = await open(marta.hashCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = res.json<LearnerPage>();
    expect(page.name).toBe('Marta Koval');
    expect(page.timeZone).toBe('America/New_York');
    expect(page.locale).toBeNull();
    expect(page.botLink).toBe(`https://t.me/school_bot?start=${marta.hashCode}`);
    expect(page.nextLessons).toEqual([
      {
        // 10:00 in Kyiv, as an instant
        start: expect.stringMatching(/^\d{4}-\d\d-\d\dT0[78]:00:00\.000Z$/),
        end: expect.stringMatching(/T0[89]:00:00\.000Z$/),
        teacher: 'Iryna Bondar',
        course: 'Business English',
        meetLink: 'https://meet.google.com/abc-defg-hij',
        homework: 'Read chapter 3',
      },
    ]);
    expect(page.nextLessons[0]!.start.slice(0, 10)).toBe(addDays(today, 14));
    expect(page.marks).toEqual([
      {
        start: expect.stringContaining(addDays(today, -7)),
        course: 'Grammar',
        presence: 'present',
      },
    ]);
    // 80 zł an hour for 90 minutes, from the ledger; the paid lesson and the lesson ahead are
    // not due
    expect(page.due).toEqual({
      lessons: [
        { date: addDays(today, -7), course: 'Grammar', adjustment: false, amount: '120.00' },
      ],
      total: '120.00',
    });
    // no bank account yet: the balance, and nothing of how to pay
    expect(page.account).toEqual({
      balance: '120.00',
      due: '120.00',
      credit: '0.00',
      currency: 'PLN',
      reference: expect.stringMatching(PAYMENT_REFERENCE_PATTERN),
      transferTitle: `${page.account.reference} Marta Koval`,
      iban: null,
      schoolName: '',
      qrCode: null,
    });
    expect(page.games).toEqual([
      {
        name: 'Animals',
        link: expect.stringMatching(new RegExp(`/play/quiz\\?id=\\d+&s=${marta.hashCode}$`)),
        isSet: false,
        last: { score: 2, max: 2, playedAt: expect.any(String) },
      },
    ]);
    expect(page.conversations).toEqual([
      {
        name: 'Past tenses',
        finished: true,
        groups: [{ name: 'Grammar points', points: 3 }],
        totalPoints: 3,
      },
    ]);
  });

  it('holds nothing of another student, of staff logins or e-mails, or of ids', async () => {
    const body = (await open(marta.hashCode)).body;
    for (const other of [
      'Bohdan',
      'Zelenyi',
      bohdan.hashCode,
      'bohdan-only',
      'Bohdan private task',
      'Pronunciation',
      '123.45',
      '240',
      '7.5',
      'iryna.login',
      'iryna@school.example',
      '@',
    ]) {
      expect(body).not.toContain(other);
    }
    expect(body).not.toMatch(/"(id|studentId|student|lesson|hashCode|email|login)"/);
    // and Bohdan's page is his
    const his = (await open(bohdan.hashCode)).json<LearnerPage>();
    expect(his.name).toBe('Bohdan Zelenyi');
    expect(his.due.total).toBe('243.45');
    expect(his.account.reference).not.toBe(
      (await open(marta.hashCode)).json<LearnerPage>().account.reference,
    );
    expect(his.marks[0]?.presence).toBe('absent');
    expect(his.nextLessons[0]?.homework).toBe('Read chapter 3\n\nBohdan private task');
    expect(his.games[0]?.last?.score).toBe(0);
  });

  it('answers one 404 for an unknown, malformed or renewed hashCode', async () => {
    const renewed = (await call('POST', `/api/students/${bohdan.id}/hashcode`)).json<StudentJson>();
    expect((await open(renewed.hashCode)).statusCode).toBe(200);
    const answers = await Promise.all(
      [
        bohdan.hashCode, // the old one ends at once
        'AAAAAAAAAAAAAAAAAAAAAA', // well formed, nobody's
        'not%20a%20code!',
        '%27%3B--',
        '%E0%A4%A', // bad percent-encoding
        'x'.repeat(300), // longer than a route's parameter may be
      ].map(open),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'No such page' });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    bohdan = renewed;
  });

  it("is in the student's timeline once a day, and the staff answer its link", async () => {
    await open(marta.hashCode);
    await open(marta.hashCode);
    const timeline = (await call('GET', `/api/students/${marta.id}/timeline`)).json<
      TimelineEntry[]
    >();
    const opened = timeline.filter((e) => e.kind === 'page');
    expect(opened).toEqual([
      { kind: 'page', at: expect.any(String), id: expect.any(Number), title: '' },
    ]);
    expect(marta.pageLink).toBe(`/play/me?s=${marta.hashCode}`);
  });

  it("is in the student's messenger language, and links only an http(s) Meet address", async () => {
    const olena = (
      await call('POST', '/api/students', {
        name: 'Olena',
        surname: 'Shevchuk',
        gMeetId: 'abc-defg-hij',
      })
    ).json<StudentJson>();
    const soon = await lesson({ date: addDays(today, 10), course: 'Speaking' });
    await participate(soon, olena.id, {});
    const db = t.database.db;
    // no messenger account: no language of her own, the page takes the browser's
    expect((await open(olena.hashCode)).json<LearnerPage>().locale).toBeNull();
    // the bot stores the messenger's language_code as it comes; the account linked last counts
    await db.execute(
      sql`insert into bot_users (telegram_id, chat_id, student_id, language_code, linked_at)
          values (9100001, 9100001, ${olena.id}, 'pl', now() - interval '1 day'),
                 (9100002, 9100002, ${olena.id}, 'uk-UA', now())`,
    );
    const page = (await open(olena.hashCode)).json<LearnerPage>();
    expect(page.locale).toBe('uk');
    // a Meet id that is not an address is no link
    expect(page.nextLessons.map((l) => l.meetLink)).toEqual(['']);
    for (const text of ['javascript:alert(1)', 'meet.google.com/abc', ' ']) {
      await db.execute(sql`update students set g_meet_id = ${text} where id = ${olena.id}`);
      const res = await open(olena.hashCode);
      expect(res.json<LearnerPage>().nextLessons[0]!.meetLink, text).toBe('');
      expect(res.body).not.toContain('javascript');
    }
    await db.execute(
      sql`update students set g_meet_id = ' https://meet.google.com/olena ' where id = ${olena.id}`,
    );
    expect((await open(olena.hashCode)).json<LearnerPage>().nextLessons[0]!.meetLink).toBe(
      'https://meet.google.com/olena',
    );
    // a language the page does not have is none
    await db.execute(sql`update bot_users set language_code = 'de' where student_id = ${olena.id}`);
    expect((await open(olena.hashCode)).json<LearnerPage>().locale).toBeNull();
  });

  it('is rate limited per address like the other public reads', async () => {
    const limited = await createTestApp({ PUBLIC_READS_PER_MINUTE: '2' });
    const codes: number[] = [];
    let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'GET',
        url: '/api/public/students/AAAAAAAAAAAAAAAAAAAAAA',
      });
      codes.push(res.statusCode);
      last = res;
    }
    expect(codes).toEqual([404, 404, 429]);
    expect(last?.headers['cache-control']).toBe('private, no-store');
  });

  it('is in the OpenAPI document with its schema', async () => {
    const doc = (await call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(doc.paths['/api/public/students/{hashCode}']?.get).toBeDefined();
    expect(doc.components.schemas.LearnerPage).toBeDefined();
  });
});
