import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@school/contract/audit';
import { ALGORITHM_WITHOUT_RUN } from '@school/contract/bot';
import { api, withQuery } from '@school/contract/paths';
import { quizBuilder } from '../../../test/bot.js';
import { setupApp, type Agent, type AppFixture } from '../../../test/helper.js';
import { startOrResume } from './bot.queries.js';

/** docs/history.md: the conversations' writes, and what a delete takes with it. */

let t: AppFixture;
let agent: Agent;
let buildQuiz: ReturnType<typeof quizBuilder>;

beforeAll(async () => {
  t = await setupApp({ admin: true });
  agent = t.agent;
  buildQuiz = quizBuilder(agent);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  agent.request({ method, url, payload });
const entries = async (url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditEntry[]>();
};
const historyOf = (entity: string, id: number) => entries(api.recordHistory(entity, id));
const actions = (list: AuditEntry[]) => list.map((e) => e.action);

async function newStudent(name: string) {
  const res = await call('POST', api.students, { name, surname: 'Bondar' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

describe('what a delete takes with it', () => {
  it('an answer: its buttons deleted, the buttons leading to it and the runs standing at it changed', async () => {
    const q = await buildQuiz();
    const student = await newStudent('Taras');
    const run = await call('POST', api.conversationProgress, {
      student: student.id,
      conversationId: q.conv.id,
    });
    const runId = run.json<{ id: number }>().id;
    await startOrResume(t.database.db, runId, 'en'); // the run stands at q1

    expect((await call('DELETE', `${api.answers}/${q.q2.id}`)).statusCode).toBe(204);
    const [went] = await historyOf('answerconnectors', q.went.id);
    expect(went).toMatchObject({
      action: 'delete',
      changes: { id: q.went.id, fromId: q.q2.id, nextId: q.end.id, text: 'went' },
    });
    expect(actions(await historyOf('answerconnectors', q.other.id))[0]).toBe('delete');
    const [right] = await historyOf('answerconnectors', q.right.id);
    expect(right).toMatchObject({ action: 'update', changes: { nextId: [q.q2.id, null] } });
    const [answer] = await historyOf('answers', q.q2.id);
    expect(answer).toMatchObject({ action: 'delete', requestId: right!.requestId });
    // the run does not stand at q2: nothing of it changed
    const runEntries = await entries(
      withQuery('/api/audit', { entity: 'conversationprogress', entityId: runId }),
    );
    expect(actions(runEntries)).toEqual(['create']);

    expect((await call('DELETE', `${api.answers}/${q.q1.id}`)).statusCode).toBe(204);
    const [cleared] = await entries(
      withQuery('/api/audit', { entity: 'conversationprogress', entityId: runId }),
    );
    expect(cleared).toMatchObject({
      action: 'update',
      changes: { currentAnswerId: [q.q1.id, null] },
    });
  });

  it('an estimation group: its buttons lose their group', async () => {
    const q = await buildQuiz();
    const res = await call('DELETE', withQuery(api.estimationGroup, { id: q.grammar.id }));
    expect(res.statusCode, res.body).toBe(204);
    for (const button of [q.right, q.wrong]) {
      const [entry] = await historyOf('answerconnectors', button.id);
      expect(entry).toMatchObject({
        action: 'update',
        changes: { estimationGroupId: [q.grammar.id, null] },
      });
    }
    expect(actions(await historyOf('answerconnectors', q.went.id))).toEqual(['create']);
    expect(actions(await historyOf('estimationgroup', q.grammar.id))).toEqual(['delete', 'create']);
  });

  it('a conversation: its answers, buttons and estimation groups, each deleted once', async () => {
    const q = await buildQuiz();
    expect((await call('DELETE', `${api.conversations}/${q.conv.id}`)).statusCode).toBe(204);
    for (const [entity, id] of [
      ['answers', q.q1.id],
      ['answers', q.end.id],
      ['estimationgroup', q.vocabulary.id],
      ['answerconnectors', q.right.id],
      ['answerconnectors', q.link.id],
    ] as const) {
      expect(actions(await historyOf(entity, id)), `${entity} ${id}`).toEqual(['delete', 'create']);
    }
    const [group] = await historyOf('estimationgroup', q.grammar.id);
    expect(group!.changes).toMatchObject({ name: 'Grammar', conversationId: q.conv.id });
  });

  it('a refused delete leaves no entry of what it would have taken', async () => {
    const q = await buildQuiz();
    const student = await newStudent('Olha');
    await call('POST', api.conversationProgress, {
      student: student.id,
      conversationId: q.conv.id,
    });
    // a conversation with runs is not deleted (409), and its dry run deletes nothing
    expect((await call('DELETE', `${api.conversations}/${q.conv.id}`)).statusCode).toBe(409);
    const dry = await call('DELETE', `${api.conversations}/${q.conv.id}?dryRun=1`);
    expect(dry.statusCode).toBe(409);
    expect(actions(await historyOf('answers', q.q1.id))).toEqual(['create']);
    expect(actions(await historyOf('answerconnectors', q.right.id))).toEqual(['create']);
  });
});

describe('conversation runs staff start or delete', () => {
  it('records each run made, by one student or by an algorithm, and a run deleted', async () => {
    const q = await buildQuiz();
    const a = await newStudent('Anna');
    const made = await call('POST', api.conversationProgress, {
      student: a.id,
      conversationId: q.conv.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const run = made.json<{ id: number }>();
    const runHistory = () =>
      entries(withQuery('/api/audit', { entity: 'conversationprogress', entityId: run.id }));
    const [created] = await runHistory();
    expect(created).toMatchObject({
      action: 'create',
      userId: t.user.id,
      changes: { id: run.id, studentId: a.id, conversationId: q.conv.id, isFinished: 0 },
    });

    const b = await newStudent('Bohdan');
    const byAlgorithm = await call('POST', api.conversationProgressByAlgorithm, {
      conversationId: q.conv.id,
      algotithm: ALGORITHM_WITHOUT_RUN,
    });
    expect(byAlgorithm.statusCode, byAlgorithm.body).toBe(201);
    const runs = byAlgorithm.json<{ runs: { id: number; student: number }[] }>().runs;
    const ofB = runs.find((r) => r.student === b.id);
    expect(ofB).toBeDefined();
    const made2 = await entries(
      withQuery('/api/audit', { entity: 'conversationprogress', action: 'create' }),
    );
    for (const r of runs) {
      const entry = made2.find((e) => e.entityId === r.id);
      expect(entry, `run ${r.id}`).toMatchObject({
        changes: { studentId: r.student, algorithmId: ALGORITHM_WITHOUT_RUN },
      });
    }

    expect((await call('DELETE', `${api.conversationProgress}/${run.id}`)).statusCode).toBe(204);
    const [deleted] = await runHistory();
    expect(deleted).toMatchObject({
      action: 'delete',
      changes: { id: run.id, studentId: a.id, conversationId: q.conv.id },
    });
  });
});
