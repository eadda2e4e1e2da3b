import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ANSWER_TYPE_FINAL, type Estimation, type PresentedAnswer } from '@school/contract/bot';
import type { Db } from '../../db/client.js';
import {
  answerConnectors,
  answers,
  conversationProgress,
  conversations,
  estimationGroups,
  messages,
} from '../../db/schema/bot.js';
import {
  applyReply,
  estimate,
  present,
  startRun,
  type Graph,
  type Reply,
  type RunState,
} from './bot.engine.js';
import type { BotLocale } from './bot.texts.js';

/** The SQL of a run going through its conversation: the graph, each step, the estimation. */

export type RunRow = typeof conversationProgress.$inferSelect;
/** A 1/0 flag as the API writes it. */
export const flag = (v: number): 0 | 1 => (v ? 1 : 0);

/** The graph of a conversation: its answers, buttons and estimation groups. */
export async function loadGraph(db: Db, conversationId: number): Promise<Graph | undefined> {
  const [conv] = await db
    .select({ fn: conversations.estimationFunctionId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conv) return undefined;
  const [answerRows, connectorRows, groupRows] = await Promise.all([
    db.select().from(answers).where(eq(answers.conversationId, conversationId)),
    db
      .select({ c: answerConnectors })
      .from(answerConnectors)
      .innerJoin(answers, eq(answers.id, answerConnectors.fromId))
      .where(eq(answers.conversationId, conversationId)),
    db
      .select({ id: estimationGroups.id, name: estimationGroups.name })
      .from(estimationGroups)
      .where(eq(estimationGroups.conversationId, conversationId)),
  ]);
  return {
    estimationFunction: conv.fn,
    answers: answerRows.map((a) => ({
      id: a.id,
      text: a.text,
      answerTypeId: a.answerTypeId,
      isLast: a.isLast ? 1 : 0,
    })),
    connectors: connectorRows.map(({ c }) => ({
      id: c.id,
      fromId: c.fromId,
      nextId: c.nextId,
      text: c.text,
      isRight: c.isRight ? 1 : 0,
      url: c.url,
      point: Number(c.point),
      estimationGroup: c.estimationGroupId,
    })),
    groups: groupRows,
  };
}

/** Run `id` with the graph of its conversation; undefined when either is missing. */
async function loadRun(db: Db, id: number) {
  const [run] = await db.select().from(conversationProgress).where(eq(conversationProgress.id, id));
  if (!run) return undefined;
  const graph = await loadGraph(db, run.conversationId);
  return graph && { run, graph };
}

/** The estimation of run `id` from its scored replies; undefined when there is no such run. */
export async function estimationOf(
  db: Db,
  id: number,
  locale: BotLocale | null,
): Promise<{ estimation: Estimation; run: RunRow } | undefined> {
  const loaded = await loadRun(db, id);
  if (!loaded) return undefined;
  const { run, graph } = loaded;
  const replies = await db
    .select()
    .from(messages)
    .where(and(eq(messages.progressId, id), eq(messages.isBot, 0)));
  const scored = replies.map((r) => ({
    flagId: r.flagId === 1 ? (1 as const) : r.flagId === 2 ? (2 as const) : null,
    point: Number(r.point),
    estimationGroup: r.estimationGroupId,
  }));
  return { estimation: estimate(graph, scored, locale), run };
}

const stateOf = (run: RunRow): RunState => ({
  answerId: run.currentAnswerId,
  step: run.step,
  isFinished: flag(run.isFinished),
});

/** What a step of a run gives the messenger to send: the answer now shown, the summary at the end. */
export interface RunAdvance {
  runId: number;
  current: PresentedAnswer | null;
  isFinished: 0 | 1;
  summary: string[];
}

async function logBotAnswer(
  db: Db,
  graph: Graph,
  runId: number,
  step: number,
  shown: PresentedAnswer | null,
) {
  if (!shown) return;
  await db.insert(messages).values({
    progressId: runId,
    isBot: 1,
    text: shown.text,
    answerId: shown.answerId,
    typeId: graph.answers.find((a) => a.id === shown.answerId)?.answerTypeId ?? ANSWER_TYPE_FINAL,
    step,
  });
}

/**
 * Moves run `runId` to `state` only if it still stands at `step` and `stands` holds (a
 * conditional update); false when it did not.
 */
async function moveRun(db: Db, runId: number, step: number, stands: SQL, state: RunState) {
  const moved = await db
    .update(conversationProgress)
    .set({
      step: state.step,
      currentAnswerId: state.answerId,
      isFinished: state.isFinished,
      finishedAt: state.isFinished ? new Date() : null,
    })
    .where(and(eq(conversationProgress.id, runId), eq(conversationProgress.step, step), stands))
    .returning({ id: conversationProgress.id });
  return moved.length > 0;
}

/**
 * Starts run `runId` if it has not started (its first answer is logged), or answers where it
 * stands. Starting is a conditional update too: two /start at once start it once.
 */
export async function startOrResume(
  db: Db,
  runId: number,
  locale: BotLocale | null,
): Promise<RunAdvance | undefined> {
  const loaded = await loadRun(db, runId);
  if (!loaded) return undefined;
  const { run, graph } = loaded;
  if (run.currentAnswerId === null && run.step === 0 && !run.isFinished) {
    const state = startRun(graph);
    const notStarted = sql`${conversationProgress.currentAnswerId} is null`;
    if (await moveRun(db, runId, 0, notStarted, state)) {
      const shown = present(graph, state);
      await logBotAnswer(db, graph, runId, 0, shown);
      return { runId, current: shown, isFinished: state.isFinished, summary: [] };
    }
    return startOrResume(db, runId, locale);
  }
  const state = stateOf(run);
  return { runId, current: present(graph, state), isFinished: state.isFinished, summary: [] };
}

/**
 * Applies a reply to run `runId` at `step`: the engine decides, the database applies it only if
 * the run still stands at that step (a conditional update), so a double press, a stale button or
 * a replayed update is never scored twice. Undefined when nothing was applied.
 */
export async function replyToRun(
  db: Db,
  runId: number,
  reply: Reply,
  step: number,
  locale: BotLocale | null,
): Promise<RunAdvance | undefined> {
  const loaded = await loadRun(db, runId);
  if (!loaded) return undefined;
  const { run, graph } = loaded;
  const result = applyReply(graph, stateOf(run), reply, step);
  if (!result.applied) return undefined;
  const { state, reply: scored } = result;
  const shown = present(graph, state);
  const applied = await db.transaction(async (tx) => {
    const unfinished = eq(conversationProgress.isFinished, 0);
    if (!(await moveRun(tx, runId, step, unfinished, state))) return false;
    await tx.insert(messages).values({
      progressId: runId,
      isBot: 0,
      text: scored.text,
      answerConnectorId: scored.answerConnector,
      answerId: scored.answerId,
      typeId: scored.typeId,
      flagId: scored.flagId,
      step,
      point: String(scored.point),
      estimationGroupId: scored.estimationGroup,
    });
    await logBotAnswer(tx, graph, runId, state.step, shown);
    return true;
  });
  if (!applied) return undefined;
  let summary: string[] = [];
  if (state.isFinished) {
    summary = (await estimationOf(db, runId, locale))?.estimation.lines ?? [];
    if (summary.length > 0) {
      await db.insert(messages).values(
        summary.map((text) => ({
          progressId: runId,
          isBot: 1,
          text,
          typeId: ANSWER_TYPE_FINAL,
          step: state.step,
        })),
      );
    }
  }
  return { runId, current: shown, isFinished: state.isFinished, summary };
}
