import {
  ESTIMATION_NONE,
  ESTIMATION_POINTS_PER_GROUP,
  type Answer,
  type AnswerConnector,
  type Conversation,
  type EstimationGroup,
  type Message,
} from '@school/contract/bot';

/** The chat-bot's data of the fake API (test/server.ts): every test starts from it. */

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

export const conversationOf = (
  fields: Partial<Conversation> & Pick<Conversation, 'id' | 'name'>,
) => ({
  version: 1,
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
].map((a) => ({
  ...a,
  conversationId: 1,
  conversation: 1,
  isStart: 0 as const,
  isLast: a.isLast as 0 | 1,
}));

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
