import { describe, expect, it } from 'vitest';
import {
  ANSWER_TYPE_FREE_TEXT,
  ESTIMATION_NONE,
  ESTIMATION_PERCENT_RIGHT,
  ESTIMATION_POINTS_PER_GROUP,
} from '@school/contract/bot';
import { checkGraph } from './bot.check.js';
import {
  ANY_OTHER_REPLY,
  applyReply,
  estimate,
  present,
  startRun,
  walk,
  type Graph,
  type GraphConnector,
} from './bot.engine.js';
import { botText, localeOf } from './bot.texts.js';

const button = (
  id: number,
  fromId: number,
  nextId: number | null,
  more: Partial<GraphConnector> = {},
): GraphConnector => ({
  id,
  fromId,
  nextId,
  text: `b${id}`,
  isRight: 0,
  url: '',
  point: 0,
  estimationGroup: null,
  ...more,
});

/** 1 question (2 right in Grammar, 3 wrong) -> 2 free text -> 3 last; 4 a link button. */
const quiz = (estimationFunction = ESTIMATION_POINTS_PER_GROUP): Graph => ({
  estimationFunction,
  answers: [
    { id: 10, text: 'Choose: I ___ a student', answerTypeId: 1, isLast: 0 },
    { id: 20, text: 'Type the past of "go"', answerTypeId: ANSWER_TYPE_FREE_TEXT, isLast: 0 },
    { id: 30, text: 'Well done', answerTypeId: 3, isLast: 1 },
  ],
  connectors: [
    button(1, 10, 20, { text: 'am', isRight: 1, point: 2, estimationGroup: 100 }),
    button(2, 10, 20, { text: 'is', point: 0, estimationGroup: 100 }),
    button(3, 10, null, { text: 'Rules', url: 'https://example.com/rules' }),
    button(4, 20, 30, { text: 'went', isRight: 1, point: 3, estimationGroup: 200 }),
    button(5, 20, 30, { text: ANY_OTHER_REPLY, point: 0, estimationGroup: 200 }),
  ],
  groups: [
    { id: 100, name: 'Grammar' },
    { id: 200, name: 'Vocabulary' },
  ],
});

describe('the bot engine', () => {
  it('starts at the answer no button leads to and presents its buttons, links with a url', () => {
    const g = quiz();
    const state = startRun(g);
    expect(state).toEqual({ answerId: 10, step: 0, isFinished: 0 });
    expect(present(g, state)).toEqual({
      answerId: 10,
      text: 'Choose: I ___ a student',
      freeText: 0,
      isLast: 0,
      step: 0,
      buttons: [
        { connectorId: 1, text: 'am', url: null },
        { connectorId: 2, text: 'is', url: null },
        { connectorId: 3, text: 'Rules', url: 'https://example.com/rules' },
      ],
    });
  });

  it('applies a press: records, scores and moves on; the same step twice is stale', () => {
    const g = quiz();
    const first = applyReply(g, startRun(g), { connectorId: 1 }, 0);
    expect(first).toEqual({
      applied: true,
      state: { answerId: 20, step: 1, isFinished: 0 },
      reply: {
        answerId: 10,
        text: 'am',
        answerConnector: 1,
        typeId: 1,
        flagId: 1,
        point: 2,
        estimationGroup: 100,
      },
    });
    if (!first.applied) throw new Error('not applied');
    // a double press or an old message's button carries the old step
    expect(applyReply(g, first.state, { connectorId: 1 }, 0)).toEqual({
      applied: false,
      reason: 'stale',
    });
    // a button of another answer, or a link button, does not move the run
    expect(applyReply(g, first.state, { connectorId: 2 }, 1)).toMatchObject({ applied: false });
    expect(applyReply(g, startRun(g), { connectorId: 3 }, 0)).toEqual({
      applied: false,
      reason: 'notHere',
    });
  });

  it('takes free text by a matching button, else the any-other button, and finishes', () => {
    const g = quiz();
    const at20 = { answerId: 20, step: 1, isFinished: 0 as const };
    expect(present(g, at20)?.buttons.map((b) => b.text)).toEqual(['went']);
    const right = applyReply(g, at20, { text: '  Went ' }, 1);
    expect(right).toMatchObject({
      applied: true,
      state: { answerId: 30, step: 2, isFinished: 1 },
      reply: { typeId: 2, flagId: 1, point: 3, text: 'Went' },
    });
    expect(applyReply(g, at20, { text: 'goed' }, 1)).toMatchObject({
      applied: true,
      reply: { answerConnector: 5, flagId: 2, point: 0 },
    });
    // typed text where buttons are expected is not understood
    expect(applyReply(g, startRun(g), { text: 'am' }, 0)).toEqual({
      applied: false,
      reason: 'noMatch',
    });
    const finished = { answerId: 30, step: 2, isFinished: 1 as const };
    expect(applyReply(g, finished, { connectorId: 4 }, 2)).toEqual({
      applied: false,
      reason: 'finished',
    });
  });

  it('estimates by every estimation function', () => {
    const replies = [
      { flagId: 1 as const, point: 2, estimationGroup: 100 },
      { flagId: 2 as const, point: 0.5, estimationGroup: 200 },
      { flagId: null, point: 1, estimationGroup: null },
    ];
    const perGroup = estimate(quiz(ESTIMATION_POINTS_PER_GROUP), replies);
    expect(perGroup).toMatchObject({
      estimationFunction: ESTIMATION_POINTS_PER_GROUP,
      groups: [
        { id: 100, name: 'Grammar', points: 2 },
        { id: 200, name: 'Vocabulary', points: 0.5 },
      ],
      totalPoints: 3.5,
      answered: 2,
      right: 1,
      percent: 50,
    });
    expect(perGroup.lines).toEqual([
      'Grammar: 2 points',
      'Vocabulary: 0.5 points',
      'Total: 3.5 points',
    ]);
    expect(estimate(quiz(ESTIMATION_PERCENT_RIGHT), replies).lines).toEqual([
      'Right answers: 1 of 2 (50%)',
    ]);
    expect(estimate(quiz(ESTIMATION_NONE), replies).lines).toEqual([]);
    expect(estimate(quiz(ESTIMATION_PERCENT_RIGHT), []).percent).toBeNull();
    expect(estimate(quiz(ESTIMATION_PERCENT_RIGHT), replies, 'uk').lines).toEqual([
      'Правильних відповідей: 1 з 2 (50%)',
    ]);
  });

  it('words the points in the plural form of their number', () => {
    const replies = [
      { flagId: 1 as const, point: 1, estimationGroup: 100 },
      { flagId: 1 as const, point: 3, estimationGroup: 200 },
      { flagId: 1 as const, point: 1, estimationGroup: 200 },
    ];
    const g = quiz(ESTIMATION_POINTS_PER_GROUP);
    expect(estimate(g, replies, 'uk').lines).toEqual([
      'Grammar: 1 бал',
      'Vocabulary: 4 бали',
      'Разом: 5 балів',
    ]);
    expect(estimate(g, replies, 'pl').lines).toEqual([
      'Grammar: 1 punkt',
      'Vocabulary: 4 punkty',
      'Razem: 5 punktów',
    ]);
    expect(estimate(g, replies, 'en').lines).toEqual([
      'Grammar: 1 point',
      'Vocabulary: 4 points',
      'Total: 5 points',
    ]);
    expect(estimate(g, replies.slice(1, 2), null).lines).toEqual([
      'Grammar: 0 балів\nGrammar: 0 points',
      'Vocabulary: 3 бали\nVocabulary: 3 points',
      'Разом: 3 бали\nTotal: 3 points',
    ]);
  });

  it('walks a conversation for the preview and stops at the first reply that does not fit', () => {
    const g = quiz();
    const done = walk(g, [{ connectorId: 1 }, { text: 'went' }]);
    expect(done.transcript.map((l) => [l.isBot, l.text])).toEqual([
      [1, 'Choose: I ___ a student'],
      [0, 'am'],
      [1, 'Type the past of "go"'],
      [0, 'went'],
      [1, 'Well done'],
    ]);
    expect(done).toMatchObject({ isFinished: 1, rejected: null, current: { answerId: 30 } });
    expect(done.estimation?.totalPoints).toBe(5);
    const stuck = walk(g, [{ connectorId: 4 }, { connectorId: 1 }]);
    expect(stuck).toMatchObject({ rejected: 0, isFinished: 0, estimation: null });
    expect(stuck.current?.answerId).toBe(10);
  });

  it('speaks the messenger language, else Ukrainian and English', () => {
    expect(localeOf('uk-UA')).toBe('uk');
    expect(localeOf('de')).toBeNull();
    expect(botText('finished', null)).toBe(
      'Дякуємо! Розмову завершено.\nThank you! The conversation is finished.',
    );
  });
});

describe('the graph check', () => {
  it('passes a clean conversation', () => {
    expect(checkGraph(quiz())).toEqual([]);
  });

  it('finds unreachable answers, dead ends, loops with no exit, no last answer', () => {
    const g = quiz();
    const broken = {
      answers: [
        ...g.answers,
        { id: 40, text: 'Orphan', answerTypeId: 1, isLast: 0 as const },
        { id: 50, text: 'Dead end', answerTypeId: 1, isLast: 0 as const },
        { id: 60, text: 'Loop A', answerTypeId: 1, isLast: 0 as const },
        { id: 70, text: 'Loop B', answerTypeId: 1, isLast: 0 as const },
      ],
      connectors: [
        ...g.connectors,
        button(6, 40, 30),
        button(7, 10, 50),
        button(8, 10, 60),
        button(9, 60, 70),
        button(10, 70, 60),
      ],
    };
    const problems = checkGraph(broken);
    expect(problems.map((p) => [p.kind, p.answerId])).toEqual([
      ['unreachable', 40],
      ['deadEnd', 50],
      ['loop', 60],
      ['loop', 70],
    ]);
    expect(problems[0]?.message).toBe('Answer 40 "Orphan" cannot be reached from the start');
    expect(checkGraph({ answers: [], connectors: [] })).toMatchObject([{ kind: 'empty' }]);
    expect(
      checkGraph({
        answers: [{ id: 1, text: 'Hi', answerTypeId: 1, isLast: 0 }],
        connectors: [],
      }).map((p) => p.kind),
    ).toEqual(['noEnd', 'deadEnd']);
  });
});
