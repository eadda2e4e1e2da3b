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

/**
 * The chat-bot's part of the fake API (test/server.ts): its data and the handlers of the paths
 * the generic collection handlers cannot answer like the server (the graph check, the preview
 * walk, a run's estimation, the bot's status) or whose created rows need the server's defaults.
 */

type Row = { id: number } & Record<string, unknown>;

/** The bot's lookups (GET /api/{name}). */
export const BOT_LOOKUPS = {
  conversationtypes: [
    { id: 1, name: 'Test' },
    { id: 2, name: 'Survey' },
  ],
  levels: [
    { id: 1, name: 'A1' },
    { id: 2, name: 'B1' },
  ],
  estimationfunctions: [
    { id: 1, name: 'None' },
    { id: 2, name: 'Points per group' },
    { id: 3, name: 'Percent right' },
  ],
  answertypes: [
    { id: 1, name: 'Buttons' },
    { id: 2, name: 'Free text' },
    { id: 3, name: 'Final' },
  ],
  clasifications: [
    { id: 1, name: 'Grammar' },
    { id: 2, name: 'Vocabulary' },
  ],
} satisfies Record<string, Row[]>;

const conversationOf = (fields: Partial<Conversation> & Pick<Conversation, 'id' | 'name'>) => ({
  description: '',
  typeId: null,
  level: null,
  isPresent: 0 as const,
  isPublic: 1 as const,
  estimationFunction: ESTIMATION_NONE,
  price: 0,
  hashCode: `conversation${fields.id}`,
  deepLink: null,
  createdAt: '2025-02-01T09:30:00.000Z',
  ...fields,
});

export const CONVERSATIONS: Conversation[] = [
  conversationOf({
    id: 1,
    name: 'Placement test',
    typeId: 1,
    level: 2,
    estimationFunction: ESTIMATION_POINTS_PER_GROUP,
    price: 49.5,
  }),
  conversationOf({ id: 2, name: 'Welcome survey', typeId: 2, isPresent: 1 }),
  conversationOf({ id: 3, name: 'Homework check', isPublic: 0 }),
];

/**
 * Placement test: 10 greets, 11 asks (two buttons to 12, one right), 12 ends it; 13 cannot be
 * reached from the start.
 */
export const ANSWERS: Answer[] = [
  { id: 10, text: 'Hello! Ready for a short test?', answerTypeId: 1, isLast: 0 },
  { id: 11, text: 'What is the past of "go"?', answerTypeId: 1, isLast: 0 },
  { id: 12, text: 'Thank you, the test is over.', answerTypeId: 3, isLast: 1 },
  { id: 13, text: 'A forgotten answer', answerTypeId: 1, isLast: 0 },
].map((a) => ({ ...a, conversation: 1, isStart: 0 as const, isLast: a.isLast as 0 | 1 }));

const connectorOf = (
  fields: Partial<AnswerConnector> & Pick<AnswerConnector, 'id' | 'text' | 'fromId'>,
): AnswerConnector => ({
  nextId: null,
  isRight: 0,
  url: '',
  point: 0,
  estimationGroup: null,
  clasification: null,
  ...fields,
});

export const CONNECTORS: AnswerConnector[] = [
  connectorOf({ id: 100, text: 'Yes', fromId: 10, nextId: 11 }),
  connectorOf({
    id: 101,
    text: 'went',
    fromId: 11,
    nextId: 12,
    isRight: 1,
    point: 2,
    estimationGroup: 1,
  }),
  connectorOf({ id: 102, text: 'goed', fromId: 11, nextId: 12 }),
];

export const ESTIMATION_GROUPS: EstimationGroup[] = [{ id: 1, name: 'Grammar', conversation: 1 }];

/** Run 5: a student took the placement test and pressed Yes, then went. */
export const MESSAGES: Message[] = [
  [1, 1, 'Hello! Ready for a short test?', null, 10, null, '2025-03-01T10:00:00.000Z'],
  [2, 0, 'Yes', 100, null, null, '2025-03-01T10:00:20.000Z'],
  [3, 1, 'What is the past of "go"?', null, 11, null, '2025-03-01T10:00:21.000Z'],
  [4, 0, 'went', 101, null, 1, '2025-03-01T10:01:05.000Z'],
  [5, 1, 'Thank you, the test is over.', null, 12, null, '2025-03-01T10:01:06.000Z'],
].map(([id, isBot, text, answerConnector, answerId, flagId, dateTime]) => ({
  id: id as number,
  conversationprogress: 5,
  isBot: isBot as 0 | 1,
  text: text as string,
  answerConnector: answerConnector as number | null,
  answerId: answerId as number | null,
  typeId: 1,
  flagId: flagId as number | null,
  dateTime: dateTime as string,
}));

/** The runs, as far as the fake API needs them (the estimation reads the conversation). */
const RUNS = [{ id: 5, conversationId: 1, student: 1 }];

/** The bot's collections of the fake API's store. */
export function botCollections(): Record<string, Row[]> {
  return structuredClone({
    ...BOT_LOOKUPS,
    conversations: CONVERSATIONS,
    answers: ANSWERS,
    answerconnectors: CONNECTORS,
    estimationgroup: ESTIMATION_GROUPS,
    messages: MESSAGES,
    conversationprogress: RUNS,
  });
}

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
    const answers = store.rows<Answer>('answers').filter((a) => a.conversation === conversation);
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
      const conversation = Number(new URL(request.url).searchParams.get('conversation'));
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
    http.post(api.answers, async ({ request }) =>
      created('answers', {
        ...answerInput.parse(await jsonOf(request)),
        id: nextId('answers'),
        isStart: 0,
      }),
    ),
    http.post(api.answerConnectors, async ({ request }) =>
      created('answerconnectors', {
        ...answerConnectorInput.parse(await jsonOf(request)),
        id: nextId('answerconnectors'),
      }),
    ),
  ];
}
