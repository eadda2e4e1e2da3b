import {
  answerConnectorInput,
  answerInput,
  conversationInput,
  ESTIMATION_NONE,
  ESTIMATION_POINTS_PER_GROUP,
  type Answer,
  type AnswerConnector,
  type Conversation,
  type Estimation,
  type EstimationGroup,
  type GraphProblem,
  type Message,
  type Preview,
} from '@school/contract/bot';
import { api } from '@school/contract/paths';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { conversationOf } from './botData';

/**
 * The chat-bot's part of the fake API (test/server.ts): the handlers of the paths the generic
 * collection handlers cannot answer like the server (the graph check, the preview walk, a
 * run's estimation, the bot's status) or whose created rows need the server's defaults. Its
 * data is in test/botData.ts.
 */

type Row = { id: number } & Record<string, unknown>;
// ---------------------------------------------------------------------------- the engine

interface Graph {
  answers: Answer[];
  connectors: AnswerConnector[];
}

/** The answer a run starts at: the first one no button leads to (as the server decides). */
function startOf({ answers, connectors }: Graph): Answer | undefined {
  const sorted = [...answers].sort((a, b) => a.id - b.id);
  const targets = new Set(connectors.filter((c) => c.nextId !== c.fromId).map((c) => c.nextId));
  return sorted.find((a) => !targets.has(a.id)) ?? sorted[0];
}

/** The server's graph check, short of loops: empty, no end, unreachable, dead end. */
function check(graph: Graph): GraphProblem[] {
  const start = startOf(graph);
  if (!start) return [{ kind: 'empty', answerId: null, message: 'No answers' }];
  const problems: GraphProblem[] = [];
  if (!graph.answers.some((a) => a.isLast === 1)) {
    problems.push({ kind: 'noEnd', answerId: null, message: 'No last answer' });
  }
  const reached = new Set([start.id]);
  for (const id of reached) {
    for (const c of graph.connectors) {
      if (c.fromId === id && c.nextId !== null) reached.add(c.nextId);
    }
  }
  for (const a of [...graph.answers].sort((x, y) => x.id - y.id)) {
    if (!reached.has(a.id)) {
      problems.push({ kind: 'unreachable', answerId: a.id, message: `${a.id} unreachable` });
    } else if (a.isLast !== 1 && !graph.connectors.some((c) => c.fromId === a.id && c.nextId)) {
      problems.push({ kind: 'deadEnd', answerId: a.id, message: `${a.id} dead end` });
    }
  }
  return problems;
}

/** Points per group of the pressed buttons, with the summary lines the server writes. */
function estimate(
  conversation: Conversation | undefined,
  groups: EstimationGroup[],
  pressed: AnswerConnector[],
): Estimation {
  const points = (list: AnswerConnector[]) => list.reduce((sum, c) => sum + c.point, 0);
  const perGroup = groups.map((g) => ({
    id: g.id,
    name: g.name,
    points: points(pressed.filter((c) => c.estimationGroup === g.id)),
  }));
  const totalPoints = points(pressed);
  const byGroups = conversation?.estimationFunction === ESTIMATION_POINTS_PER_GROUP;
  return {
    estimationFunction: byGroups ? ESTIMATION_POINTS_PER_GROUP : ESTIMATION_NONE,
    groups: perGroup,
    totalPoints,
    answered: pressed.length,
    right: pressed.filter((c) => c.isRight === 1).length,
    percent: null,
    lines: byGroups
      ? [...perGroup.map((g) => `${g.name}: ${g.points} points`), `Total: ${totalPoints} points`]
      : [],
  };
}

/** A walk with button presses (typed replies move on by the answer's first button). */
function walk(
  graph: Graph,
  replies: readonly ({ connectorId: number } | { text: string })[],
  conversation: Conversation | undefined,
  groups: EstimationGroup[],
): Preview {
  let at = startOf(graph);
  const transcript: Preview['transcript'] = [];
  const pressed: AnswerConnector[] = [];
  const say = (a: Answer | undefined) => {
    if (a) transcript.push({ isBot: 1, text: a.text, answerId: a.id, answerConnector: null });
  };
  const buttonsOf = (a: Answer) => graph.connectors.filter((c) => c.fromId === a.id);
  say(at);
  let rejected: number | null = null;
  for (const [index, reply] of replies.entries()) {
    const here = at;
    const button =
      here &&
      ('connectorId' in reply
        ? buttonsOf(here).find((c) => c.id === reply.connectorId)
        : buttonsOf(here)[0]);
    if (!here || here.isLast === 1 || !button) {
      rejected = index;
      break;
    }
    pressed.push(button);
    const text = 'text' in reply ? reply.text : button.text;
    transcript.push({ isBot: 0, text, answerId: null, answerConnector: button.id });
    at = graph.answers.find((a) => a.id === button.nextId);
    say(at);
  }
  const isFinished = !at || at.isLast === 1 ? 1 : 0;
  return {
    transcript,
    current: at
      ? {
          answerId: at.id,
          text: at.text,
          freeText: at.answerTypeId === 2 ? 1 : 0,
          isLast: at.isLast,
          step: pressed.length,
          buttons: buttonsOf(at).map((c) => ({
            connectorId: c.id,
            text: c.text,
            url: c.url === '' ? null : c.url,
          })),
        }
      : null,
    isFinished,
    estimation: isFinished ? estimate(conversation, groups, pressed) : null,
    rejected,
  };
}

// ---------------------------------------------------------------------------- handlers

/** What the handlers read and write of the fake API's store. */
export interface BotStore {
  rows: <T>(collection: string) => T[];
  add: (collection: string, row: Row) => void;
  select: (collection: string, query: URLSearchParams) => { page: Row[]; total: number };
}

/** The bot's status while a test says nothing else: the bot runs. */
export const BOT_ON = { enabled: true, username: 'school_bot', mode: 'polling' } as const;
export const BOT_OFF = { enabled: false, username: null, mode: null } as const;

async function jsonOf(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function botHandlers(store: BotStore): HttpHandler[] {
  const nextId = (collection: string) =>
    Math.max(0, ...store.rows<Row>(collection).map((row) => row.id)) + 1;
  const graphOf = (conversation: number): Graph => {
    const answers = store.rows<Answer>('answers').filter((a) => a.conversationId === conversation);
    const ids = new Set(answers.map((a) => a.id));
    const connectors = store
      .rows<AnswerConnector>('answerconnectors')
      .filter((c) => ids.has(c.fromId));
    return { answers, connectors };
  };
  const conversationOfId = (id: number) =>
    store.rows<Conversation>('conversations').find((c) => c.id === id);
  const groupsOf = (conversation: number) =>
    store.rows<EstimationGroup>('estimationgroup').filter((g) => g.conversation === conversation);
  const created = (collection: string, row: Row) => {
    store.add(collection, row);
    return HttpResponse.json(row, { status: 201 });
  };

  return [
    http.get(api.botStatus, () => HttpResponse.json(BOT_ON)),
    http.get(`${api.conversations}/:id/check`, ({ params }) => {
      const problems = check(graphOf(Number(params.id)));
      return HttpResponse.json({ ok: problems.length === 0, problems });
    }),
    http.post(`${api.conversations}/:id/preview`, async ({ request, params }) => {
      const id = Number(params.id);
      const body = (await jsonOf(request)) as { replies?: [] };
      return HttpResponse.json(
        walk(graphOf(id), body.replies ?? [], conversationOfId(id), groupsOf(id)),
      );
    }),
    http.get(`${api.conversationProgress}/:id/estimation`, ({ params }) => {
      const run = store.rows<Row>('conversationprogress').find((r) => r.id === Number(params.id));
      if (!run)
        return HttpResponse.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
      const conversation = Number(run.conversationId);
      const pressedIds = store
        .rows<Message>('messages')
        .filter((m) => m.conversationprogress === run.id && m.answerConnector !== null)
        .map((m) => m.answerConnector);
      const pressed = store
        .rows<AnswerConnector>('answerconnectors')
        .filter((c) => pressedIds.includes(c.id));
      return HttpResponse.json(
        estimate(conversationOfId(conversation), groupsOf(conversation), pressed),
      );
    }),
    http.get(api.answers, ({ request }) => {
      const { page, total } = store.select('answers', new URL(request.url).searchParams);
      const conversation = Number(new URL(request.url).searchParams.get('conversationId'));
      const start = startOf(graphOf(conversation))?.id;
      return HttpResponse.json(
        page.map((a) => ({ ...a, isStart: a.id === start ? 1 : 0 })),
        { headers: { 'X-Total-Count': String(total) } },
      );
    }),
    // Created rows as the server stores them: the contract's schema fills and converts.
    http.post(api.conversations, async ({ request }) =>
      created('conversations', {
        ...conversationOf({ id: 0, name: '' }),
        ...conversationInput.parse(await jsonOf(request)),
        id: nextId('conversations'),
      }),
    ),
    http.post(api.answers, async ({ request }) => {
      const input = answerInput.parse(await jsonOf(request));
      return created('answers', {
        ...input,
        conversation: input.conversationId,
        id: nextId('answers'),
        isStart: 0,
      });
    }),
    http.post(api.answerConnectors, async ({ request }) =>
      created('answerconnectors', {
        ...answerConnectorInput.parse(await jsonOf(request)),
        id: nextId('answerconnectors'),
      }),
    ),
  ];
}
