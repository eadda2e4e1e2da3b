import { beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_WITHOUT_RUN } from '@school/contract/bot';
import { api, withQuery } from '@school/contract/paths';
import { gameResults } from '../db/schema/games.js';
import { quizBuilder } from '../../test/bot.js';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../test/helper.js';

/**
 * Reach `own` of a teacher over the records of students (docs/roles.md): participations,
 * conversation runs and game results of students of none of the teacher's lessons are left out
 * of every list, in SQL (X-Total-Count counts only the teacher's), and answer 404 by id; the
 * schedule shows every lesson but names no student not theirs; the iCal feed is their own.
 */

let t: AppFixture;
let admin: Agent;
let teacher: Agent;
let manager: Agent;
let me: number;
let other: number;
/** in the teacher's lesson only */
let mine: number;
/** in another teacher's lesson only */
let theirs: number;
/** in both */
let shared: number;
let othersLesson: number;
let date: string;

const call = (
  a: Agent,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => a.request({ method, url, payload });

async function created<T = { id: number }>(url: string, payload: unknown): Promise<T> {
  const res = await call(admin, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

const newStudent = async (name: string) =>
  (await created('/api/students', { name, surname: 'Visible' })).id;

async function lesson(teacherId: number | null, start: string, students: number[]) {
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const { id } = await created('/api/lessons', {
    date,
    start,
    end,
    price: 60,
    teacher: teacherId,
  });
  for (const student of students) await created('/api/events', { lesson: id, student, toPay: 1 });
  return id;
}

const listOf = async (a: Agent, url: string) => {
  const res = await call(a, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return {
    total: Number(res.headers['x-total-count']),
    rows: res.json<{ id: number; student: number; studentName?: string }[]>(),
  };
};

beforeAll(async () => {
  t = await setupApp({ admin: true, user: { login: 'visible-admin' } });
  admin = t.agent;
  const teacherUser = await createUser(t, { login: 'visible-teacher', role: 'teacher' });
  me = teacherUser.id;
  teacher = await login(t.app, teacherUser);
  other = (await createUser(t, { login: 'visible-other', role: 'teacher' })).id;
  manager = await login(t.app, await createUser(t, { login: 'visible-manager' }));
  mine = await newStudent('Mine');
  theirs = await newStudent('Theirs');
  shared = await newStudent('Shared');
  // a day three weeks ahead: no other lesson of this file's database on it
  date = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  await lesson(me, '09:00', [mine, shared]);
  othersLesson = await lesson(other, '12:00', [theirs, shared]);
  // the other teacher's student is busy at the same time elsewhere: a clash naming them
  await lesson(null, '12:00', [theirs]);
});

describe("a teacher's participations", () => {
  it("lists only their students' participations, counted alike, in any lesson", async () => {
    const all = await listOf(admin, withQuery('/api/events', { lesson: othersLesson }));
    expect(all.total).toBe(2);
    const seen = await listOf(teacher, withQuery('/api/events', { lesson: othersLesson }));
    expect(seen.rows.map((e) => e.student)).toEqual([shared]);
    expect(seen.total).toBe(1);

    const everything = await listOf(teacher, withQuery('/api/events', { limit: 1 }));
    expect(everything.total).toBe(3);
    const students = (await listOf(teacher, withQuery('/api/events', { limit: 100 }))).rows;
    expect(new Set(students.map((e) => e.student))).toEqual(new Set([mine, shared]));
    expect(JSON.stringify(students)).not.toContain('Theirs');
    expect((await listOf(admin, withQuery('/api/events', { limit: 1 }))).total).toBe(5);
  });

  it('answers 404 by id for a participation of a student not theirs, and changes nothing', async () => {
    const [hidden] = (
      await listOf(admin, withQuery('/api/events', { lesson: othersLesson, student: theirs }))
    ).rows;
    if (!hidden) throw new Error('no participation');
    const url = `/api/events/${hidden.id}`;
    const before = (await call(admin, 'GET', url)).body;
    expect((await call(teacher, 'GET', url)).statusCode).toBe(404);
    expect((await call(teacher, 'PUT', url, { attendence: 1 })).statusCode).toBe(404);
    // removing a participant is no teacher's right at all, but a student not theirs does not
    // exist for them: 404 before the role's 403
    expect((await call(teacher, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(admin, 'GET', url)).body).toBe(before);
    // the shared student's participation in the other lesson: readable, not writable (403)
    const [visible] = (await listOf(teacher, withQuery('/api/events', { lesson: othersLesson })))
      .rows;
    expect((await call(teacher, 'GET', `/api/events/${visible?.id}`)).statusCode).toBe(200);
    expect(
      (await call(teacher, 'PUT', `/api/events/${visible?.id}`, { attendence: 1 })).statusCode,
    ).toBe(403);
    expect((await call(teacher, 'DELETE', `/api/events/${visible?.id}`)).statusCode).toBe(403);
  });
});

describe("a teacher's calls about student documents", () => {
  it("answers 404 for a student not theirs, 403 for their own: documents are no teacher's", async () => {
    const docOf = (student: number) =>
      created('/api/studentdocuments', { student, name: 'Passport', number: 'PD777' });
    const hidden = (await docOf(theirs)).id;
    const own = (await docOf(mine)).id;
    const before = (await call(admin, 'GET', `/api/studentdocuments/${hidden}`)).body;
    const calls = (student: number, doc: number) =>
      [
        ['GET', `/api/studentdocuments/bystudent/${student}`],
        ['GET', `/api/studentdocuments/${doc}`],
        ['GET', `/api/studentdocuments/${doc}/history`],
        ['PUT', `/api/studentdocuments/${doc}`],
        ['DELETE', `/api/studentdocuments/${doc}`],
      ] as const;
    for (const [method, url] of calls(theirs, hidden)) {
      const res = await call(teacher, method, url, method === 'PUT' ? { name: 'X' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url] of calls(mine, own)) {
      const res = await call(teacher, method, url, method === 'PUT' ? { name: 'X' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(teacher, 'GET', '/api/studentdocuments/bystudent/999999')).statusCode).toBe(
      404,
    );
    expect((await call(admin, 'GET', `/api/studentdocuments/${hidden}`)).body).toBe(before);
    const listed = await call(manager, 'GET', `/api/studentdocuments/bystudent/${theirs}`);
    expect(listed.statusCode).toBe(200);
  });

  it('shows every lesson of the week with its count but no clash naming a student not theirs', async () => {
    const week = (bias: Agent) =>
      call(bias, 'GET', withQuery('/api/schedule', { dateFrom: date, dateTo: date })).then((r) =>
        r.json<
          {
            lessons: {
              id: number;
              participants: number;
              amount: number | null;
              clashes: { kind: string; id: number; name: string }[];
            }[];
          }[]
        >(),
      );
    const adminDay = (await week(admin))[0]?.lessons.find((l) => l.id === othersLesson);
    expect(adminDay?.clashes.map((c) => c.id)).toContain(theirs);
    const day = (await week(teacher))[0]?.lessons.find((l) => l.id === othersLesson);
    expect(day).toMatchObject({ participants: 2, amount: null });
    expect(JSON.stringify(day)).not.toContain('Theirs');
    expect(day?.clashes.filter((c) => c.kind === 'student')).toEqual([]);

    const options = await call(teacher, 'GET', `/api/lessons/${othersLesson}/alternatives`);
    expect(options.statusCode).toBe(200);
    expect(options.body).not.toContain('Theirs');
  });
});

describe("a teacher's conversation runs and game results", () => {
  let hiddenRun = 0;
  let conversation = 0;

  beforeAll(async () => {
    const quiz = await quizBuilder(admin)({ isPublic: 0 });
    conversation = quiz.conv.id;
    await created(api.conversationProgress, { student: mine, conversationId: conversation });
    hiddenRun = (
      await created(api.conversationProgress, { student: theirs, conversationId: conversation })
    ).id;
  });

  it("lists only their students' runs, by conversation or not, counted alike", async () => {
    const all = await listOf(admin, withQuery(api.conversationProgress, { conversation }));
    expect(all.total).toBe(2);
    for (const url of [
      withQuery(api.conversationProgress, { conversation }),
      api.conversationProgress,
    ]) {
      const seen = await listOf(teacher, url);
      expect(seen.rows.map((r) => r.student)).toEqual([mine]);
      expect(seen.total).toBe(1);
    }
  });

  it('answers 404 for every call about a run of a student not theirs; nothing changes', async () => {
    const before = (await call(admin, 'GET', `${api.conversationProgress}/${hiddenRun}`)).body;
    for (const [method, url] of [
      ['GET', `${api.conversationProgress}/${hiddenRun}`],
      ['GET', `${api.conversationProgress}/${hiddenRun}/estimation`],
      ['GET', withQuery(api.messages, { conversationprogress: hiddenRun })],
      ['GET', `${api.messages}/byfunction/${hiddenRun}`],
      ['DELETE', `${api.conversationProgress}/${hiddenRun}`],
    ] as const) {
      expect((await call(teacher, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    const assign = await call(teacher, 'POST', api.conversationProgress, {
      student: theirs,
      conversationId: conversation,
    });
    expect(assign.statusCode).toBe(404);
    expect((await call(admin, 'GET', `${api.conversationProgress}/${hiddenRun}`)).body).toBe(
      before,
    );
  });

  it('assigns by algorithm among their students only', async () => {
    const quiz = await quizBuilder(admin)({ isPublic: 0 });
    const res = await call(teacher, 'POST', `${api.conversationProgress}/byalgorithm`, {
      conversationId: quiz.conv.id,
      algotithm: ALGORITHM_WITHOUT_RUN,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ runs: { student: number }[] }>().runs.map((r) => r.student);
    expect(made.sort()).toEqual([mine, shared].sort());
  });

  it("lists only their students' game results, by grid, set or none, counted alike", async () => {
    const grid = await created('/api/grid', { name: 'Visible game', type: 1 });
    const row = (studentId: number, n: number) => ({
      gridId: grid.id,
      studentId,
      score: 1,
      max: 2,
      durationMs: 1000,
      playId: `visible-${studentId}-${n}`,
    });
    await t.database.db
      .insert(gameResults)
      .values([row(mine, 1), row(theirs, 1), row(theirs, 2), row(shared, 1)]);
    expect((await listOf(admin, withQuery('/api/gameresults', { grid: grid.id }))).total).toBe(4);
    for (const url of [withQuery('/api/gameresults', { grid: grid.id }), '/api/gameresults']) {
      const seen = await listOf(teacher, url);
      expect(new Set(seen.rows.map((r) => r.student))).toEqual(new Set([mine, shared]));
      expect(seen.total).toBe(2);
    }
    const paged = await listOf(teacher, withQuery('/api/gameresults', { limit: 1 }));
    expect(paged.total).toBe(2);
  });

  it("lists by set and counts a game's stats over their students' plays only", async () => {
    const grid = await created('/api/grid', { name: 'Counted game', type: 1 });
    const card = await created('/api/gridcard', { grid: grid.id, value: 'cat', answer: 'kit' });
    const set = await created('/api/set', { name: 'Counted set' });
    const row = (studentId: number, n: number, right: boolean) => ({
      gridId: grid.id,
      setId: set.id,
      studentId,
      score: right ? 1 : 0,
      max: 1,
      durationMs: 1000,
      cards: [{ card: card.id, right }],
      playId: `counted-${studentId}-${n}`,
    });
    await t.database.db
      .insert(gameResults)
      .values([row(mine, 1, false), row(theirs, 1, false), row(theirs, 2, false)]);
    const bySet = withQuery('/api/gameresults', { set: set.id });
    expect((await listOf(admin, bySet)).total).toBe(3);
    const seen = await listOf(teacher, bySet);
    expect(seen.rows.map((r) => r.student)).toEqual([mine]);
    expect(seen.total).toBe(1);

    const stats = async (a: Agent) => {
      const res = await call(a, 'GET', `/api/grid/${grid.id}/stats`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ plays: number; students: number; missed: { wrong: number }[] }>();
    };
    expect(await stats(admin)).toMatchObject({ plays: 3, students: 2, missed: [{ wrong: 3 }] });
    expect(await stats(teacher)).toMatchObject({ plays: 1, students: 1, missed: [{ wrong: 1 }] });
  });
});

describe('the iCal feed', () => {
  it('is a teacher’s own; an admin or a manager reads and makes anyone’s', async () => {
    const own = await call(teacher, 'POST', `/api/users/${me}/ical`);
    expect(own.statusCode).toBe(200);
    const token = own.json<{ token: string }>().token;
    expect((await call(teacher, 'GET', `/api/users/${me}/ical`)).json()).toMatchObject({ token });
    expect((await call(teacher, 'GET', '/api/me/ical')).json()).toMatchObject({ token });

    const before = (await call(admin, 'GET', `/api/users/${other}/ical`)).body;
    expect((await call(teacher, 'GET', `/api/users/${other}/ical`)).statusCode).toBe(403);
    expect((await call(teacher, 'POST', `/api/users/${other}/ical`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/api/users/${other}/ical`)).body).toBe(before);

    const made = await call(manager, 'POST', `/api/users/${other}/ical`);
    expect(made.statusCode).toBe(200);
    const read = await call(manager, 'GET', `/api/users/${other}/ical`);
    expect(read.json()).toMatchObject({ token: made.json<{ token: string }>().token });
    expect((await call(manager, 'GET', '/api/users/999999/ical')).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/users/999999/ical')).statusCode).toBe(404);
  });
});
