import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALGORITHM_GROUP,
  ALGORITHM_LEVEL,
  ALGORITHM_PROJECT,
  ALGORITHM_WITHOUT_RUN,
  ESTIMATION_NONE,
  ESTIMATION_PERCENT_RIGHT,
  ESTIMATION_POINTS_PER_GROUP,
} from '@school/contract/bot';
import { api, withQuery } from '@school/contract/paths';
import { quizBuilder } from '../../../test/bot.js';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { replyToRun, startOrResume } from './bot.queries.js';

let t: TestApp;
let agent: Agent;
let buildQuiz: ReturnType<typeof quizBuilder>;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
  buildQuiz = quizBuilder(agent);
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });
const del = (url: string) => agent.request({ method: 'DELETE', url });

interface Run {
  id: number;
  student: number;
  conversationId: number;
  isFinished: number;
  step: number;
  algotithm: number | null;
}

async function newStudent(fields: Record<string, unknown> = {}) {
  const res = await post(api.students, { name: 'Iryna', surname: 'Melnyk', ...fields });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>();
}

async function newRun(student: number, conversationId: number) {
  const res = await post(api.conversationProgress, { student, conversationId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Run>();
}

describe('conversation progress', () => {
  it('assigns a conversation once while unfinished and lists runs by student and conversation', async () => {
    const personal = await buildQuiz({ isPublic: 0 });
    const pub = await buildQuiz({ isPublic: 1 });
    const s = await newStudent();
    const run = await newRun(s.id, personal.conv.id);
    expect(run).toMatchObject({
      student: s.id,
      studentName: 'Iryna Melnyk',
      conversationId: personal.conv.id,
      isFinished: 0,
      isBot: 0,
      outerUserId: null,
      algotithm: null,
      step: 0,
      currentAnswerId: null,
    });
    const again = await post(api.conversationProgress, {
      student: s.id,
      conversationId: personal.conv.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Run>().id).toBe(run.id);
    const pubRun = await newRun(s.id, pub.conv.id);

    const mine = await get(withQuery(api.conversationProgress, { student: s.id, isForMe: 1 }));
    expect(mine.json<Run[]>().map((r) => r.id)).toEqual([run.id]);
    const publicRuns = await get(
      withQuery(api.conversationProgress, { student: s.id, isForMe: 0 }),
    );
    expect(publicRuns.json<Run[]>().map((r) => r.id)).toEqual([pubRun.id]);
    const ofConv = await get(withQuery(api.conversationProgress, { conversation: pub.conv.id }));
    expect(ofConv.json<Run[]>().map((r) => r.id)).toEqual([pubRun.id]);
    expect(ofConv.headers['x-total-count']).toBe('1');
    expect((await get(api.conversationProgressItem(run.id))).json()).toMatchObject({ id: run.id });
    expect((await get(api.conversationProgressItem(999999))).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const q = await buildQuiz();
    const s = await newStudent();
    const cases: [unknown, string][] = [
      [{ conversationId: q.conv.id }, 'student'],
      [{ student: s.id }, 'conversationId'],
      [{ student: 999999, conversationId: q.conv.id }, 'student'],
      [{ student: s.id, conversationId: 999999 }, 'conversationId'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(api.conversationProgress, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
    }
    const badQuery = await get(withQuery(api.conversationProgress, { isForMe: 3 }));
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ fields: { isForMe: expect.any(String) } });
  });

  it('assigns by every algorithm of /api/algorithms, never twice', async () => {
    const algorithms = (await get(api.lookup('algorithms'))).json<{ id: number }[]>();
    expect(algorithms.map((a) => a.id).sort()).toEqual(
      [ALGORITHM_LEVEL, ALGORITHM_GROUP, ALGORITHM_PROJECT, ALGORITHM_WITHOUT_RUN].sort(),
    );
    const group = (await post(api.groups, { name: `Algo ${Date.now()}` })).json<{ id: number }>();
    const project = (await post(api.projects, { name: `Algo ${Date.now()}` })).json<{
      id: number;
    }>();
    const a = await newStudent({ level: 3, groupe: group.id });
    const b = await newStudent({ level: 3, project: project.id });
    const c = await newStudent({ groupe: group.id, project: project.id });
    const q = await buildQuiz();
    const assign = async (algotithm: number, value?: number) => {
      const res = await post(api.conversationProgressByAlgorithm, {
        conversationId: q.conv.id,
        algotithm,
        value,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ created: number; runs: Run[] }>();
    };
    const byLevel = await assign(ALGORITHM_LEVEL, 3);
    expect(byLevel.runs.map((r) => r.student)).toEqual([a.id, b.id]);
    expect(byLevel.runs[0]?.algotithm).toBe(ALGORITHM_LEVEL);
    // a and b have an unfinished run already: only c is new
    expect((await assign(ALGORITHM_GROUP, group.id)).runs.map((r) => r.student)).toEqual([c.id]);
    expect((await assign(ALGORITHM_PROJECT, project.id)).created).toBe(0);
    const q2 = await buildQuiz();
    await newRun(a.id, q2.conv.id);
    const res = await post(api.conversationProgressByAlgorithm, {
      conversationId: q2.conv.id,
      algotithm: ALGORITHM_WITHOUT_RUN,
    });
    const students = res.json<{ runs: Run[] }>().runs.map((r) => r.student);
    expect(students).toContain(b.id);
    expect(students).toContain(c.id);
    expect(students).not.toContain(a.id);

    const bad: [unknown, string][] = [
      [{ conversationId: q.conv.id, algotithm: 9, value: 1 }, 'algotithm'],
      [{ conversationId: q.conv.id, algotithm: ALGORITHM_LEVEL }, 'value'],
      [{ conversationId: q.conv.id, algotithm: ALGORITHM_GROUP, value: 999999 }, 'value'],
      [{ conversationId: 999999, algotithm: ALGORITHM_WITHOUT_RUN }, 'conversationId'],
    ];
    for (const [payload, field] of bad) {
      const r = await post(api.conversationProgressByAlgorithm, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(r.json<{ fields: object }>().fields)).toContain(field);
    }
  });

  it('logs a run as messages and estimates it by every estimation function', async () => {
    const functions = (await get(api.lookup('estimationfunctions'))).json<{ id: number }[]>();
    expect(functions.map((f) => f.id).sort()).toEqual(
      [ESTIMATION_NONE, ESTIMATION_POINTS_PER_GROUP, ESTIMATION_PERCENT_RIGHT].sort(),
    );
    const q = await buildQuiz();
    const s = await newStudent();
    const run = await newRun(s.id, q.conv.id);
    const db = t.database.db;
    expect((await startOrResume(db, run.id, 'en'))?.current?.answerId).toBe(q.q1.id);
    expect(await replyToRun(db, run.id, { connectorId: q.wrong.id }, 0, 'en')).toBeDefined();
    // the same press again, at the old step: nothing
    expect(await replyToRun(db, run.id, { connectorId: q.right.id }, 0, 'en')).toBeUndefined();
    const last = await replyToRun(db, run.id, { text: 'went' }, 1, 'en');
    expect(last).toMatchObject({ isFinished: 1, current: { answerId: q.end.id } });
    expect(last?.summary).toEqual(['Grammar: 0 points', 'Vocabulary: 3 points', 'Total: 3 points']);

    const log = await get(withQuery(api.messages, { conversationprogress: run.id }));
    expect(
      log
        .json<{ isBot: number; text: string; flagId: number | null }[]>()
        .map((m) => [m.isBot, m.text, m.flagId]),
    ).toEqual([
      [1, 'I ___ a student', null],
      [0, 'is', 2],
      [1, 'Past of "go"?', null],
      [0, 'went', 1],
      [1, 'Well done', null],
      [1, 'Grammar: 0 points', null],
      [1, 'Vocabulary: 3 points', null],
      [1, 'Total: 3 points', null],
    ]);
    expect((await get(api.conversationProgressItem(run.id))).json()).toMatchObject({
      isFinished: 1,
      step: 2,
    });
    const byFunction = await get(api.messagesByFunction(run.id));
    expect(byFunction.json<{ text: string }[]>().map((m) => m.text)).toEqual([
      'Grammar: 0 points',
      'Vocabulary: 3 points',
      'Total: 3 points',
    ]);
    await agent.request({
      method: 'PUT',
      url: api.conversation(q.conv.id),
      payload: { estimationFunction: ESTIMATION_PERCENT_RIGHT },
    });
    const percent = await get(withQuery(api.messagesByFunction(run.id), { lang: 'uk' }));
    expect(percent.json<{ text: string }[]>().map((m) => m.text)).toEqual([
      'Правильних відповідей: 1 з 2 (50%)',
    ]);
    const numbers = await get(`${api.conversationProgressItem(run.id)}/estimation`);
    expect(numbers.json()).toMatchObject({ right: 1, answered: 2, percent: 50, totalPoints: 3 });
    await agent.request({
      method: 'PUT',
      url: api.conversation(q.conv.id),
      payload: { estimationFunction: ESTIMATION_NONE },
    });
    expect((await get(api.messagesByFunction(run.id))).json()).toEqual([]);
    expect((await get(api.messagesByFunction(999999))).statusCode).toBe(404);
    expect((await get(withQuery(api.messages, { conversationprogress: 999999 }))).statusCode).toBe(
      404,
    );
    expect((await get(api.messages)).statusCode).toBe(400);
  });

  it('keeps a student and a conversation with runs (409 linked); a run goes with its messages', async () => {
    const q = await buildQuiz();
    const s = await newStudent();
    const run = await newRun(s.id, q.conv.id);
    await startOrResume(t.database.db, run.id, 'en');
    const timeline = await get(api.studentTimeline(s.id));
    expect(timeline.json()).toEqual([
      expect.objectContaining({ kind: 'run', id: run.id, finished: false, replies: 0 }),
    ]);
    const student = await del(api.student(s.id));
    expect(student.statusCode).toBe(409);
    expect(student.json()).toMatchObject({ error: 'linked' });
    expect((await del(api.conversation(q.conv.id))).statusCode).toBe(409);
    expect((await del(api.conversationProgressItem(run.id))).statusCode).toBe(204);
    expect((await del(api.conversationProgressItem(run.id))).statusCode).toBe(404);
    expect((await del(api.student(s.id))).statusCode).toBe(204);
  });

  it("answers a run's own record with what its messages screen names: student, conversation, state, dates", async () => {
    const q = await buildQuiz({ name: 'Past simple check' });
    const s = await newStudent({ name: 'Oksana', surname: 'Petrenko' });
    const run = await newRun(s.id, q.conv.id);
    const record = async () =>
      (await get(api.conversationProgressItem(run.id))).json<Record<string, unknown>>();
    const open = await record();
    expect(open).toMatchObject({
      student: s.id,
      studentName: 'Oksana Petrenko',
      conversationId: q.conv.id,
      conversationName: 'Past simple check',
      isFinished: 0,
      finishedAt: null,
    });
    expect(Date.parse(String(open.createdAt))).not.toBeNaN();
    const db = t.database.db;
    await startOrResume(db, run.id, 'en');
    await replyToRun(db, run.id, { connectorId: q.right.id }, 0, 'en');
    await replyToRun(db, run.id, { text: 'went' }, 1, 'en');
    const done = await record();
    expect(done).toMatchObject({ isFinished: 1, createdAt: open.createdAt });
    expect(Date.parse(String(done.finishedAt))).toBeGreaterThanOrEqual(
      Date.parse(String(open.createdAt)),
    );
  });
});
