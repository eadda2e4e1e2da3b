import { z } from 'zod';
import {
  recordVersion,
  errorBody,
  formDecimal,
  formInteger,
  formPrice,
  listQueryWith,
  text,
  updateOf,
  queryFlag,
} from './common.js';
import {
  ANSWER_TYPE_BUTTONS,
  ESTIMATION_NONE,
  filterId,
  flag,
  flagInput,
  nullableId,
  requiredId,
  requiredText,
} from './bot-fields.js';

/**
 * The chat-bot (docs/bot.md; docs/data-model.md, Conversation to Message; ADR 019). Flags that
 * the product writes as 1/0 (isPresent, isPublic, isLast, isRight, isFinished, isBot) are 1 or 0 on
 * the wire.
 */

export {
  ALGORITHM_GROUP,
  ALGORITHM_LEVEL,
  ALGORITHM_PROJECT,
  ALGORITHM_WITHOUT_RUN,
  ANSWER_TYPE_BUTTONS,
  ANSWER_TYPE_FINAL,
  ANSWER_TYPE_FREE_TEXT,
  ESTIMATION_NONE,
  ESTIMATION_PERCENT_RIGHT,
  ESTIMATION_POINTS_PER_GROUP,
} from './bot-fields.js';
export * from './bot-runs.js';

/** Conversation (docs/data-model.md). */
export const conversation = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    typeId: z.number().int().nullable(),
    level: z.number().int().nullable(),
    /** 1 published: the bot may run it; publishing requires a clean graph check */
    isPresent: flag,
    /** 1 public (any student may take it), 0 personal (assigned to chosen students) */
    isPublic: flag,
    estimationFunction: z.number().int(),
    price: z.number(),
    /** random, URL-safe: the conversation's own start parameter */
    hashCode: z.string(),
    /**
     * https://t.me/{BOT_USERNAME}?start={hashCode}: a linked student who opens it takes this
     * conversation (published and public only); null while the bot has no username
     */
    deepLink: z.string().nullable(),
    createdAt: z.string(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversation>;

const conversationShape = z.object({
  name: requiredText(200),
  description: text(2000),
  typeId: nullableId.default(null),
  level: nullableId.default(null),
  isPresent: flagInput.default(0),
  isPublic: flagInput.default(1),
  estimationFunction: formInteger(z.number().int().positive()).default(ESTIMATION_NONE),
  price: formPrice(),
});
export const conversationInput = conversationShape.meta({ id: 'ConversationWrite' });
export type ConversationInput = z.input<typeof conversationInput>;
export const conversationUpdate = updateOf(conversationShape).meta({ id: 'ConversationUpdate' });

export const conversationListQuery = listQueryWith(['name', 'id', 'createdAt']).extend({
  isPublic: queryFlag('Only public (yes) or only personal (no) conversations'),
  isPresent: queryFlag('Only published (yes) or only unpublished (no) conversations'),
});

/** Answer (docs/data-model.md): one message of the bot, a node of the conversation graph. */
export const answer = z
  .object({
    id: z.number().int(),
    text: z.string(),
    answerTypeId: z.number().int(),
    isLast: flag,
    conversationId: z.number().int(),
    /** the same as conversationId: a read-only alias kept for older clients (docs/api.md, Bot) */
    conversation: z.number().int(),
    /** 1 for the answer a run starts at */
    isStart: flag,
  })
  .meta({ id: 'Answer' });
export type Answer = z.infer<typeof answer>;

const answerShape = z.object({
  text: requiredText(4000),
  answerTypeId: formInteger(z.number().int().positive()).default(ANSWER_TYPE_BUTTONS),
  isLast: flagInput.default(0),
  conversationId: requiredId,
});
export const answerInput = answerShape.meta({ id: 'AnswerWrite' });
export type AnswerInput = z.input<typeof answerInput>;
/** The conversation of an answer does not change. */
export const answerUpdate = updateOf(answerShape.omit({ conversationId: true })).meta({
  id: 'AnswerUpdate',
});
/** ?conversation= or ?conversationId= (the same filter, docs/api.md, Bot) */
export const answerListQuery = listQueryWith(['id', 'text'])
  .extend({ conversation: filterId.optional(), conversationId: filterId.optional() })
  .refine((q) => q.conversation !== undefined || q.conversationId !== undefined, {
    path: ['conversation'],
    error: 'is required',
  });

/** Answer connector (docs/data-model.md): a button from answer fromId to answer nextId. */
export const answerConnector = z
  .object({
    id: z.number().int(),
    text: z.string(),
    fromId: z.number().int(),
    /** null for a link button (url) that does not move the run */
    nextId: z.number().int().nullable(),
    isRight: flag,
    url: z.string(),
    point: z.number(),
    estimationGroup: z.number().int().nullable(),
    clasification: z.number().int().nullable(),
  })
  .meta({ id: 'AnswerConnector' });
export type AnswerConnector = z.infer<typeof answerConnector>;

const urlText = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'must be an http(s) address')
  .default('');
const connectorShape = z.object({
  text: requiredText(200),
  fromId: requiredId,
  nextId: nullableId.default(null),
  isRight: flagInput.default(0),
  url: urlText,
  point: formDecimal(
    z.number({ error: 'must be a number' }).min(-1000).max(1000).multipleOf(0.01),
  ).default(0),
  estimationGroup: nullableId.default(null),
  clasification: nullableId.default(null),
});
const goesSomewhere = (c: { nextId?: number | null; url?: string }) =>
  c.nextId === undefined || c.nextId !== null || !!c.url;
export const answerConnectorInput = connectorShape
  .refine(goesSomewhere, { path: ['nextId'], message: 'is required unless the button is a url' })
  .meta({ id: 'AnswerConnectorWrite' });
export type AnswerConnectorInput = z.input<typeof answerConnectorInput>;
/** fromId does not change. */
export const answerConnectorUpdate = updateOf(connectorShape.omit({ fromId: true })).meta({
  id: 'AnswerConnectorUpdate',
});
/** docs/api.md, Bot: GET and DELETE with ?nextId= or ?fromId= (at least one). */
export const answerConnectorQuery = listQueryWith(['id', 'text']).extend({
  fromId: filterId.optional(),
  nextId: filterId.optional(),
});
export const answerConnectorDeleteQuery = z
  .object({ fromId: filterId.optional(), nextId: filterId.optional(), id: filterId.optional() })
  .refine((q) => q.fromId || q.nextId || q.id, {
    path: ['fromId'],
    message: 'fromId, nextId or id is required',
  });

/** Estimation group (docs/data-model.md): points of the buttons in it are added up per run. */
export const estimationGroup = z
  .object({ id: z.number().int(), name: z.string(), conversation: z.number().int() })
  .meta({ id: 'EstimationGroup' });
export type EstimationGroup = z.infer<typeof estimationGroup>;
const estimationGroupShape = z.object({ name: requiredText(200), conversation: requiredId });
export const estimationGroupInput = estimationGroupShape.meta({ id: 'EstimationGroupWrite' });
export const estimationGroupUpdate = updateOf(estimationGroupShape.omit({ conversation: true }));
export const estimationGroupQuery = listQueryWith(['id', 'name']).extend({
  conversation: filterId.optional(),
});
export const estimationGroupDeleteQuery = z.object({ id: filterId });

/** What the graph check finds (GET /api/conversations/{id}/check). */
export const graphProblem = z
  .object({
    kind: z.enum(['empty', 'noEnd', 'unreachable', 'deadEnd', 'loop']),
    /** the answer concerned; null for the conversation as a whole */
    answerId: z.number().int().nullable(),
    message: z.string(),
  })
  .meta({ id: 'GraphProblem' });
export type GraphProblem = z.infer<typeof graphProblem>;
export const graphCheck = z
  .object({ ok: z.boolean(), problems: z.array(graphProblem) })
  .meta({ id: 'GraphCheck' });
export type GraphCheck = z.infer<typeof graphCheck>;
/** 400 on publishing (isPresent 1) a conversation whose graph has problems. */
export const publishErrorBody = errorBody
  .extend({ problems: z.array(graphProblem).optional() })
  .meta({ id: 'PublishError' });

/** A button as the bot shows it. */
export const presentedButton = z.object({
  connectorId: z.number().int(),
  text: z.string(),
  /** a link button; it does not move the run */
  url: z.string().nullable(),
});
/** The answer a run stands at, with its buttons. */
export const presentedAnswer = z
  .object({
    answerId: z.number().int(),
    text: z.string(),
    /** 1 when the student types a reply instead of pressing */
    freeText: flag,
    isLast: flag,
    /** the number of replies so far; a press of another step is stale */
    step: z.number().int(),
    buttons: z.array(presentedButton),
  })
  .meta({ id: 'PresentedAnswer' });
export type PresentedAnswer = z.infer<typeof presentedAnswer>;

/** The estimation of a run (docs/api.md, Bot). */
export const estimation = z
  .object({
    estimationFunction: z.number().int(),
    groups: z.array(z.object({ id: z.number().int(), name: z.string(), points: z.number() })),
    totalPoints: z.number(),
    /** replies to questions that have a right button */
    answered: z.number().int(),
    right: z.number().int(),
    /** right / answered × 100, rounded; null without such replies */
    percent: z.number().nullable(),
    /** the summary as the student reads it */
    lines: z.array(z.string()),
  })
  .meta({ id: 'Estimation' });
export type Estimation = z.infer<typeof estimation>;

/** One reply of a walk: a button pressed or a text typed. */
export const previewReply = z.union([
  z.object({ connectorId: formInteger(z.number().int().positive()) }),
  z.object({ text: z.string().trim().min(1).max(4000) }),
]);
export const previewInput = z
  .object({ replies: z.array(previewReply).max(500).default([]) })
  .meta({ id: 'PreviewWrite' });
export type PreviewInput = z.input<typeof previewInput>;
export const transcriptLine = z.object({
  isBot: flag,
  text: z.string(),
  answerId: z.number().int().nullable(),
  answerConnector: z.number().int().nullable(),
});
export const preview = z
  .object({
    transcript: z.array(transcriptLine),
    current: presentedAnswer.nullable(),
    isFinished: flag,
    estimation: estimation.nullable(),
    /** the index of the first reply that did not fit the answer it was given to */
    rejected: z.number().int().nullable(),
  })
  .meta({ id: 'Preview' });
export type Preview = z.infer<typeof preview>;
