import {
  ANSWER_TYPE_FREE_TEXT,
  ESTIMATION_NONE,
  ESTIMATION_PERCENT_RIGHT,
  ESTIMATION_POINTS_PER_GROUP,
  type Estimation,
  type PresentedAnswer,
  type Preview,
} from '@school/contract/bot';
import { botText, pointsText, type BotLocale } from './bot.texts.js';

/**
 * The bot engine (ADR 019): pure functions over a conversation graph and a run's state, no
 * I/O. Telegram and the web preview both drive a run with them; the database only stores what
 * they decide.
 */

export interface GraphAnswer {
  id: number;
  text: string;
  answerTypeId: number;
  isLast: 0 | 1;
}
export interface GraphConnector {
  id: number;
  fromId: number;
  nextId: number | null;
  text: string;
  isRight: 0 | 1;
  url: string;
  point: number;
  estimationGroup: number | null;
}
export interface Graph {
  estimationFunction: number;
  answers: GraphAnswer[];
  connectors: GraphConnector[];
  groups: { id: number; name: string }[];
}

/** Where a run stands: the answer shown, the replies applied so far, finished or not. */
export interface RunState {
  answerId: number | null;
  step: number;
  isFinished: 0 | 1;
}

export type Reply = { connectorId: number } | { text: string };

/** A reply as it is logged and scored (a Message: docs/data-model.md). */
export interface ScoredReply {
  answerId: number;
  text: string;
  answerConnector: number | null;
  /** 1 a button, 2 typed text */
  typeId: 1 | 2;
  /** 1 right, 2 wrong, null when the question has no right button */
  flagId: 1 | 2 | null;
  point: number;
  estimationGroup: number | null;
}

export type ReplyResult =
  | { applied: false; reason: 'finished' | 'stale' | 'notHere' | 'noMatch' }
  | { applied: true; state: RunState; reply: ScoredReply };

/** A free-text answer's button with this text takes any reply no other button matched. */
export const ANY_OTHER_REPLY = '*';

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((i) => [i.id, i]));
const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The answer a run starts at: the first one no button leads to (else the first one). */
export function startAnswer(graph: Graph): GraphAnswer | undefined {
  const sorted = [...graph.answers].sort((a, b) => a.id - b.id);
  const targets = new Set(
    graph.connectors.filter((c) => c.nextId !== c.fromId).map((c) => c.nextId),
  );
  return sorted.find((a) => !targets.has(a.id)) ?? sorted[0];
}

/** A new run; an empty conversation is finished at once. */
export function startRun(graph: Graph): RunState {
  const first = startAnswer(graph);
  return { answerId: first?.id ?? null, step: 0, isFinished: !first || first.isLast ? 1 : 0 };
}

/** The answer the run stands at with its buttons (link buttons carry their url). */
export function present(graph: Graph, state: RunState): PresentedAnswer | null {
  const answer = graph.answers.find((a) => a.id === state.answerId);
  if (!answer) return null;
  const buttons = graph.connectors
    .filter((c) => c.fromId === answer.id && !(isFreeText(answer) && c.text === ANY_OTHER_REPLY))
    .sort((a, b) => a.id - b.id)
    .map((c) => ({ connectorId: c.id, text: c.text, url: c.url || null }));
  return {
    answerId: answer.id,
    text: answer.text,
    freeText: isFreeText(answer) ? 1 : 0,
    isLast: answer.isLast,
    step: state.step,
    buttons,
  };
}

const isFreeText = (a: GraphAnswer) => a.answerTypeId === ANSWER_TYPE_FREE_TEXT;

/**
 * Applies one reply at `step` (the step the button was shown at): records it, scores it and
 * moves the run to the button's next answer. A reply of another step (a double press, an
 * older message's button, a replayed update) or to a finished run changes nothing.
 */
export function applyReply(graph: Graph, state: RunState, reply: Reply, step: number): ReplyResult {
  if (state.isFinished) return { applied: false, reason: 'finished' };
  if (step !== state.step) return { applied: false, reason: 'stale' };
  const answer = graph.answers.find((a) => a.id === state.answerId);
  if (!answer) return { applied: false, reason: 'notHere' };
  const own = graph.connectors.filter((c) => c.fromId === answer.id && c.nextId !== null);
  let connector: GraphConnector | undefined;
  let text: string;
  let typeId: 1 | 2 = 1;
  if ('connectorId' in reply) {
    connector = own.find((c) => c.id === reply.connectorId);
    if (!connector) return { applied: false, reason: 'notHere' };
    text = connector.text;
  } else {
    if (!isFreeText(answer)) return { applied: false, reason: 'noMatch' };
    text = reply.text.trim();
    typeId = 2;
    connector =
      own.find((c) => normal(c.text) === normal(text)) ??
      own.find((c) => c.text === ANY_OTHER_REPLY);
    if (!connector) return { applied: false, reason: 'noMatch' };
  }
  const hasRight = own.some((c) => c.isRight === 1);
  const next = graph.answers.find((a) => a.id === connector.nextId);
  return {
    applied: true,
    state: { answerId: next?.id ?? null, step: step + 1, isFinished: !next || next.isLast ? 1 : 0 },
    reply: {
      answerId: answer.id,
      text,
      answerConnector: connector.id,
      typeId,
      flagId: hasRight ? (connector.isRight ? 1 : 2) : null,
      point: connector.point,
      estimationGroup: connector.estimationGroup,
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The estimation of a run's replies by the conversation's estimation function (the ids of
 * /api/estimationfunctions): none, points per estimation group, or percent of right answers.
 * An unknown function estimates nothing, like 'none'.
 */
export function estimate(
  graph: Graph,
  replies: Pick<ScoredReply, 'flagId' | 'point' | 'estimationGroup'>[],
  locale: BotLocale | null = 'en',
): Estimation {
  const groups = [...graph.groups]
    .sort((a, b) => a.id - b.id)
    .map((g) => ({
      id: g.id,
      name: g.name,
      points: round2(
        replies.filter((r) => r.estimationGroup === g.id).reduce((s, r) => s + r.point, 0),
      ),
    }));
  const totalPoints = round2(replies.reduce((s, r) => s + r.point, 0));
  const judged = replies.filter((r) => r.flagId !== null);
  const right = judged.filter((r) => r.flagId === 1).length;
  const percent = judged.length ? Math.round((right / judged.length) * 100) : null;
  const lines: string[] = [];
  const fn = graph.estimationFunction;
  if (fn === ESTIMATION_POINTS_PER_GROUP) {
    for (const g of groups) {
      lines.push(botText('groupPoints', locale, { name: g.name, points: pointsText(g.points) }));
    }
    lines.push(botText('totalPoints', locale, { points: pointsText(totalPoints) }));
  } else if (fn === ESTIMATION_PERCENT_RIGHT) {
    lines.push(
      botText('percentRight', locale, { right, answered: judged.length, percent: percent ?? 0 }),
    );
  }
  return {
    estimationFunction: [ESTIMATION_POINTS_PER_GROUP, ESTIMATION_PERCENT_RIGHT].includes(fn)
      ? fn
      : ESTIMATION_NONE,
    groups,
    totalPoints,
    answered: judged.length,
    right,
    percent,
    lines,
  };
}

/**
 * A walk through the conversation with the given replies (the web preview): the transcript,
 * where it stands, and the estimation once finished. Nothing is stored; the first reply that
 * does not fit its answer stops the walk.
 */
export function walk(graph: Graph, replies: Reply[], locale: BotLocale | null = 'en'): Preview {
  const answers = byId(graph.answers);
  let state = startRun(graph);
  const transcript: Preview['transcript'] = [];
  const scored: ScoredReply[] = [];
  const say = (id: number | null) => {
    const a = id === null ? undefined : answers.get(id);
    if (a) transcript.push({ isBot: 1, text: a.text, answerId: a.id, answerConnector: null });
  };
  say(state.answerId);
  let rejected: number | null = null;
  for (const [index, reply] of replies.entries()) {
    const result = applyReply(graph, state, reply, state.step);
    if (!result.applied) {
      rejected = index;
      break;
    }
    scored.push(result.reply);
    transcript.push({
      isBot: 0,
      text: result.reply.text,
      answerId: result.reply.answerId,
      answerConnector: result.reply.answerConnector,
    });
    state = result.state;
    say(state.answerId);
  }
  return {
    transcript,
    current: state.isFinished && state.answerId === null ? null : present(graph, state),
    isFinished: state.isFinished,
    estimation: state.isFinished ? estimate(graph, scored, locale) : null,
    rejected,
  };
}
