import { beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATION_NONE } from '@school/contract/bot';
import { api, withQuery } from '@school/contract/paths';
import { quizBuilder } from '../../../test/bot.js';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let agent: Agent;
let t: TestApp;

let buildQuiz: ReturnType<typeof quizBuilder>;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp());
  buildQuiz = quizBuilder(agent);
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });
const del = (url: string) => agent.request({ method: 'DELETE', url });

describe('conversations', () => {
  it('creates, lists by isPublic, reads, edits and deletes a conversation', async () => {
    const res = await post(api.conversations, {
      name: 'Greetings',
      description: 'First words',
      typeId: '1',
      level: 1,
      isPublic: '0',
      price: '12.50',
    });
    expect(res.statusCode).toBe(201);
    const conv = res.json<{ id: number; hashCode: string }>();
    expect(conv).toMatchObject({
      name: 'Greetings',
      description: 'First words',
      typeId: 1,
      level: 1,
      isPresent: 0,
      isPublic: 0,
      estimationFunction: ESTIMATION_NONE,
      price: 12.5,
    });
    expect(conv.hashCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const personal = await get(withQuery(api.conversations, { isPublic: 0 }));
    expect(personal.json<{ id: number }[]>().map((c) => c.id)).toContain(conv.id);
    const pub = await get(withQuery(api.conversations, { isPublic: 1 }));
    expect(pub.json<{ id: number }[]>().map((c) => c.id)).not.toContain(conv.id);
    const ids = async (isPublic: string) =>
      (await get(withQuery(api.conversations, { isPublic })))
        .json<{ id: number }[]>()
        .map((c) => c.id);
    expect(await ids('false')).toContain(conv.id);
    expect(await ids('true')).not.toContain(conv.id);
    expect((await get(api.conversation(conv.id))).json()).toMatchObject({ name: 'Greetings' });
    const edited = await put(api.conversation(conv.id), { isPublic: 1, estimationFunction: 3 });
    expect(edited.json()).toMatchObject({ isPublic: 1, estimationFunction: 3, name: 'Greetings' });
    expect((await del(api.conversation(conv.id))).statusCode).toBe(204);
    expect((await get(api.conversation(conv.id))).statusCode).toBe(404);
  });

  it('takes isPublic from the query of a POST, as the list toggle sends it', async () => {
    const res = await post(withQuery(api.conversations, { isPublic: 0 }), { name: 'Personal' });
    expect(res.json()).toMatchObject({ isPublic: 0 });
    const body = await post(withQuery(api.conversations, { isPublic: 0 }), {
      name: 'Public',
      isPublic: 1,
    });
    expect(body.json()).toMatchObject({ isPublic: 1 });
    const docs = (await get('/api/docs/json')).json<{ paths: object }>();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/conversations/{id}/check',
        '/api/conversations/{id}/preview',
        '/api/answerconnectors',
        '/api/conversationprogress/byalgorithm',
        '/api/messages/byfunction/{id}',
        '/api/bot/status',
      ]),
    );
  });

  it('refuses bad input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: 'x', isPublic: 2 }, 'isPublic'],
      [{ name: 'x', price: -1 }, 'price'],
      [{ name: 'x', estimationFunction: 99 }, 'estimationFunction'],
      [{ name: 'x', typeId: 999 }, 'typeId'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(api.conversations, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
    }
    expect((await put(api.conversation(999999), { name: 'x' })).statusCode).toBe(404);
  });

  it('checks the graph and refuses to publish one with problems, naming them', async () => {
    const q = await buildQuiz();
    expect((await get(api.conversationCheck(q.conv.id))).json()).toEqual({
      ok: true,
      problems: [],
    });
    const orphan = (await post(api.answers, { text: 'Orphan', conversationId: q.conv.id })).json<{
      id: number;
    }>();
    const check = (await get(api.conversationCheck(q.conv.id))).json<{
      ok: boolean;
      problems: { kind: string; answerId: number }[];
    }>();
    expect(check.ok).toBe(false);
    expect(check.problems.map((p) => [p.kind, p.answerId])).toEqual([['unreachable', orphan.id]]);
    const refused = await put(api.conversation(q.conv.id), { isPresent: 1 });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ fields: Record<string, string>; problems: unknown[] }>();
    expect(body.fields.isPresent).toContain('cannot be reached from the start');
    expect(body.problems).toHaveLength(1);
    expect((await post(api.conversations, { name: 'Empty', isPresent: 1 })).statusCode).toBe(400);

    expect((await del(api.answer(orphan.id))).statusCode).toBe(204);
    const published = await put(api.conversation(q.conv.id), { isPresent: 1 });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ isPresent: 1 });
    expect((await get(api.conversationCheck(999999))).statusCode).toBe(404);
  });

  it('previews a walk without storing anything', async () => {
    const q = await buildQuiz();
    const res = await post(api.conversationPreview(q.conv.id), {
      replies: [{ connectorId: q.right.id }, { text: 'went' }],
    });
    expect(res.statusCode).toBe(200);
    const walk = res.json<{
      transcript: { text: string }[];
      isFinished: number;
      estimation: { totalPoints: number; lines: string[] };
    }>();
    expect(walk.transcript.map((l) => l.text)).toEqual([
      'I ___ a student',
      'am',
      'Past of "go"?',
      'went',
      'Well done',
    ]);
    expect(walk.isFinished).toBe(1);
    expect(walk.estimation.lines).toEqual([
      'Grammar: 2 points',
      'Vocabulary: 3 points',
      'Total: 5 points',
    ]);
    const start = await post(api.conversationPreview(q.conv.id), {});
    expect(start.json()).toMatchObject({
      current: {
        answerId: q.q1.id,
        step: 0,
        buttons: [
          { connectorId: q.right.id, text: 'am', url: null },
          { connectorId: q.wrong.id, text: 'is', url: null },
          { connectorId: q.link.id, text: 'Rules', url: 'https://example.com/rules' },
        ],
      },
      isFinished: 0,
    });
    const bad = await post(api.conversationPreview(q.conv.id), { replies: [{ nope: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect((await post(api.conversationPreview(999999), {})).statusCode).toBe(404);
  });
});

describe('answers, answer connectors and estimation groups', () => {
  it('lists the answers of a conversation with the start marked; edits and deletes', async () => {
    const q = await buildQuiz();
    const list = await get(withQuery(api.answers, { conversation: q.conv.id }));
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.json<{ id: number; isStart: number }[]>().map((a) => [a.id, a.isStart])).toEqual([
      [q.q1.id, 1],
      [q.q2.id, 0],
      [q.end.id, 0],
    ]);
    const edited = await put(api.answer(q.q1.id), { text: 'She ___ a student', isLast: 0 });
    expect(edited.json()).toMatchObject({
      text: 'She ___ a student',
      conversationId: q.conv.id,
      conversation: q.conv.id,
    });
    expect((await get(api.answer(q.q2.id))).json()).toMatchObject({ answerTypeId: 2, isStart: 0 });
    expect((await post(api.answers, { text: 'x' })).json()).toMatchObject({
      fields: { conversationId: expect.any(String) },
    });
    const missing = await post(api.answers, { text: 'x', conversationId: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { conversationId: 'does not exist' } });
    expect((await post(api.answers, { text: '', conversationId: q.conv.id })).json()).toMatchObject(
      {
        fields: { text: 'is required' },
      },
    );
  });

  it('writes and answers the conversation as conversationId; lists by either name', async () => {
    const q = await buildQuiz();
    const made = await post(api.answers, { text: 'Extra', conversationId: q.conv.id });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ id: number }>().id;
    expect(made.json()).toMatchObject({ conversationId: q.conv.id, conversation: q.conv.id });
    const edited = await put(api.answer(id), { text: 'Extra 2', conversationId: q.conv.id });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Extra 2', conversationId: q.conv.id });
    for (const filter of [{ conversationId: q.conv.id }, { conversation: q.conv.id }]) {
      const list = await get(withQuery(api.answers, filter));
      expect(list.headers['x-total-count']).toBe('4');
      const items = list.json<{ id: number; conversationId: number }[]>();
      expect(items.every((a) => a.conversationId === q.conv.id)).toBe(true);
    }
    expect((await get(api.answers)).json()).toMatchObject({
      fields: { conversation: 'is required' },
    });
  });

  it('serves buttons by fromId and nextId, edits one, deletes by id, fromId or nextId', async () => {
    const q = await buildQuiz();
    const from = await get(withQuery(api.answerConnectors, { fromId: q.q1.id }));
    expect(from.json<{ text: string }[]>().map((c) => c.text)).toEqual(['am', 'is', 'Rules']);
    expect(from.json<object[]>()[2]).toMatchObject({
      nextId: null,
      url: 'https://example.com/rules',
    });
    const to = await get(withQuery(api.answerConnectors, { nextId: q.end.id }));
    expect(to.json<{ id: number }[]>().map((c) => c.id)).toEqual([q.went.id, q.other.id]);
    const edited = await put(api.answerConnector(q.wrong.id), { point: '-1', isRight: 0 });
    expect(edited.json()).toMatchObject({ point: -1, isRight: 0, text: 'is', fromId: q.q1.id });
    expect((await del(withQuery(api.answerConnectors, { id: q.link.id }))).statusCode).toBe(204);
    expect((await del(withQuery(api.answerConnectors, { nextId: q.end.id }))).statusCode).toBe(204);
    expect((await get(withQuery(api.answerConnectors, { fromId: q.q2.id }))).json()).toEqual([]);
    expect((await del(withQuery(api.answerConnectors, { fromId: q.q2.id }))).statusCode).toBe(404);
    expect((await del(api.answerConnectors)).statusCode).toBe(400);
    expect((await del(api.answerConnector(q.right.id))).statusCode).toBe(204);
  });

  it('refuses buttons that leave their conversation or go nowhere, naming the field', async () => {
    const a = await buildQuiz();
    const b = await buildQuiz();
    const cases: [unknown, string][] = [
      [{ text: 'x', fromId: a.q1.id }, 'nextId'],
      [{ text: 'x', fromId: a.q1.id, nextId: b.q2.id }, 'nextId'],
      [
        { text: 'x', fromId: a.q1.id, nextId: a.q2.id, estimationGroup: b.grammar.id },
        'estimationGroup',
      ],
      [{ text: 'x', fromId: 999999, nextId: a.q2.id }, 'fromId'],
      [{ text: 'x', fromId: a.q1.id, nextId: 999999 }, 'nextId'],
      [{ text: 'x', fromId: a.q1.id, url: 'javascript:alert(1)' }, 'url'],
      [{ fromId: a.q1.id, nextId: a.q2.id }, 'text'],
      [{ text: 'x', fromId: a.q1.id, nextId: a.q2.id, isRight: 5 }, 'isRight'],
      [{ text: 'x', fromId: a.q1.id, nextId: a.q2.id, point: 'many' }, 'point'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(api.answerConnectors, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields), JSON.stringify(payload)).toContain(
        field,
      );
    }
    const unlinked = await put(api.answerConnector(a.right.id), { nextId: null });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json()).toMatchObject({ fields: { nextId: expect.any(String) } });
  });

  it('lists, renames and deletes estimation groups; their buttons stay, ungrouped', async () => {
    const q = await buildQuiz();
    const list = await get(withQuery(api.estimationGroup, { conversation: q.conv.id }));
    expect(list.json<{ name: string }[]>().map((g) => g.name)).toEqual(['Grammar', 'Vocabulary']);
    expect((await put(api.estimationGroupItem(q.grammar.id), { name: 'Tenses' })).json()).toEqual({
      id: q.grammar.id,
      name: 'Tenses',
      conversation: q.conv.id,
      version: 2,
    });
    expect((await del(withQuery(api.estimationGroup, { id: q.grammar.id }))).statusCode).toBe(204);
    expect((await del(api.estimationGroupItem(q.vocabulary.id))).statusCode).toBe(204);
    expect((await get(api.answerConnector(q.right.id))).json()).toMatchObject({
      estimationGroup: null,
      point: 2,
    });
    expect((await post(api.estimationGroup, { name: 'x' })).statusCode).toBe(400);
    expect((await del(api.estimationGroup)).statusCode).toBe(400);
  });

  it('deletes a conversation with its answers, buttons and groups', async () => {
    const q = await buildQuiz();
    expect((await del(api.conversation(q.conv.id))).statusCode).toBe(204);
    expect((await get(api.answer(q.q1.id))).statusCode).toBe(404);
    expect((await get(api.answerConnector(q.right.id))).statusCode).toBe(404);
  });
});

describe('every bot call', () => {
  it('refuses bad list filters naming the parameter', async () => {
    const cases: [string, string][] = [
      [withQuery(api.conversations, { isPublic: 2 }), 'isPublic'],
      [withQuery(api.answers, { conversation: 'abc' }), 'conversation'],
      [withQuery(api.answerConnectors, { fromId: 'x' }), 'fromId'],
      [withQuery(api.answerConnectors, { nextId: -1 }), 'nextId'],
      [withQuery(api.estimationGroup, { conversation: '1.5' }), 'conversation'],
      [withQuery(api.conversationProgress, { student: 'me' }), 'student'],
      [withQuery(api.messages, { conversationprogress: 'x' }), 'conversationprogress'],
      [withQuery(api.messagesByFunction(1), { lang: 'de' }), 'lang'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields), url).toContain(field);
    }
    const q = await buildQuiz();
    const answer = await put(api.answer(q.q1.id), { answerTypeId: 99 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ fields: { answerTypeId: 'does not exist' } });
    const group = await put(api.estimationGroupItem(q.grammar.id), { name: '' });
    expect(group.json()).toMatchObject({ fields: { name: 'is required' } });
  });

  it('needs a login', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', api.conversations],
      ['POST', api.conversations],
      ['GET', api.conversation(1)],
      ['PUT', api.conversation(1)],
      ['DELETE', api.conversation(1)],
      ['GET', api.conversationCheck(1)],
      ['POST', api.conversationPreview(1)],
      ['GET', api.answers],
      ['POST', api.answers],
      ['PUT', api.answer(1)],
      ['DELETE', api.answer(1)],
      ['GET', api.answerConnectors],
      ['POST', api.answerConnectors],
      ['PUT', api.answerConnector(1)],
      ['DELETE', withQuery(api.answerConnectors, { fromId: 1 })],
      ['GET', api.estimationGroup],
      ['POST', api.estimationGroup],
      ['DELETE', withQuery(api.estimationGroup, { id: 1 })],
      ['GET', withQuery(api.conversationProgress, { student: 1 })],
      ['POST', api.conversationProgress],
      ['POST', api.conversationProgressByAlgorithm],
      ['GET', api.conversationProgressItem(1)],
      ['DELETE', api.conversationProgressItem(1)],
      ['GET', withQuery(api.messages, { conversationprogress: 1 })],
      ['GET', api.messagesByFunction(1)],
      ['GET', api.botStatus],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
