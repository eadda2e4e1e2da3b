import { expect } from 'vitest';
import {
  ANSWER_TYPE_FINAL,
  ANSWER_TYPE_FREE_TEXT,
  ESTIMATION_POINTS_PER_GROUP,
} from '@school/contract/bot';
import { api, withQuery } from '@school/contract/paths';
import type { Agent } from './helper.js';

/** Builds conversations through the API, as staff would. */
export function quizBuilder(agent: Agent) {
  async function created<T = { id: number }>(url: string, payload: unknown): Promise<T> {
    const res = await agent.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  }

  /** A small quiz: question -> (right | wrong | a link) -> free text -> last, two groups. */
  return async function buildQuiz(fields: Record<string, unknown> = {}) {
    const conv = await created<{ id: number; hashCode: string }>(api.conversations, {
      name: `Present simple ${Math.random()}`,
      isPublic: 0,
      estimationFunction: ESTIMATION_POINTS_PER_GROUP,
      ...fields,
    });
    const grammar = await created(api.estimationGroup, { name: 'Grammar', conversation: conv.id });
    const vocabulary = await created(api.estimationGroup, {
      name: 'Vocabulary',
      conversation: conv.id,
    });
    const q1 = await created(api.answers, { text: 'I ___ a student', conversationId: conv.id });
    const q2 = await created(api.answers, {
      text: 'Past of "go"?',
      answerTypeId: ANSWER_TYPE_FREE_TEXT,
      conversationId: conv.id,
    });
    const end = await created(api.answers, {
      text: 'Well done',
      answerTypeId: ANSWER_TYPE_FINAL,
      isLast: 1,
      conversationId: conv.id,
    });
    const right = await created(api.answerConnectors, {
      text: 'am',
      fromId: q1.id,
      nextId: q2.id,
      isRight: 1,
      point: 2,
      estimationGroup: grammar.id,
    });
    const wrong = await created(api.answerConnectors, {
      text: 'is',
      fromId: q1.id,
      nextId: q2.id,
      estimationGroup: grammar.id,
    });
    const link = await created(withQuery(api.answerConnectors, { fromId: q1.id }), {
      text: 'Rules',
      url: 'https://example.com/rules',
    });
    const went = await created(api.answerConnectors, {
      text: 'went',
      fromId: q2.id,
      nextId: end.id,
      isRight: 1,
      point: 3,
      estimationGroup: vocabulary.id,
    });
    const other = await created(api.answerConnectors, { text: '*', fromId: q2.id, nextId: end.id });
    return { conv, grammar, vocabulary, q1, q2, end, right, wrong, link, went, other };
  };
}
