import { z } from 'zod';
import { errorBody, formDecimal, formInteger, listQueryWith, text, updateOf } from './common.js';

/**
 * The chat-bot (SPEC.md §3 Conversation ... Message, DESIGN "Chat-bot", ADR 019). Flags that
 * SPEC writes as 1/0 (isPresent, isPublic, isLast, isRight, isFinished, isBot) are 1 or 0 on
 * the wire.
 */

/** The seeded ids of /api/answertypes. */
export const ANSWER_TYPE_BUTTONS = 1;
export const ANSWER_TYPE_FREE_TEXT = 2;
export const ANSWER_TYPE_FINAL = 3;

/** The seeded ids of /api/estimationfunctions. */
export const ESTIMATION_NONE = 1;
export const ESTIMATION_POINTS_PER_GROUP = 2;
export const ESTIMATION_PERCENT_RIGHT = 3;

/** The seeded ids of /api/algorithms (POST /api/conversationprogress/byalgorithm). */
export const ALGORITHM_LEVEL = 1;
export const ALGORITHM_GROUP = 2;
export const ALGORITHM_PROJECT = 3;
export const ALGORITHM_WITHOUT_RUN = 4;

const flag = z.union([z.literal(0), z.literal(1)]);
/** 1/0, true/false or '1'/'0' from a form; stored as 1 or 0. */
const flagInput = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: 'must be 1 or 0' }),
);
const requiredId = formInteger(z.number({ error: 'is required' }).int().positive());
const nullableId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  formInteger(z.number().int().positive().nullable()),
);
const filterId = z.coerce.number().int().positive();
const requiredText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max);

/** SPEC §3 Conversation. */
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
  price: formDecimal(
    z
      .number({ error: 'must be a number' })
      .min(0, 'must not be negative')
      .max(1_000_000)
      .multipleOf(0.01, 'must have at most two decimals'),
  ).default(0),
});
export const conversationInput = conversationShape.meta({ id: 'ConversationWrite' });
export type ConversationInput = z.input<typeof conversationInput>;
export const conversationUpdate = updateOf(conversationShape).meta({ id: 'ConversationUpdate' });

export const conversationListQuery = listQueryWith(['name', 'id', 'createdAt']).extend({
  isPublic: z.enum(['0', '1']).optional(),
  isPresent: z.enum(['0', '1']).optional(),
});

/** SPEC §3 Answer: one message of the bot, a node of the conversation graph. */
export const answer = z
  .object({
    id: z.number().int(),
    text: z.string(),
    answerTypeId: z.number().int(),
    isLast: flag,
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
  conversation: requiredId,
});
export const answerInput = answerShape.meta({ id: 'AnswerWrite' });
export type AnswerInput = z.input<typeof answerInput>;
/** The conversation of an answer does not change. */
export const answerUpdate = updateOf(answerShape.omit({ conversation: true })).meta({
  id: 'AnswerUpdate',
});
export const answerListQuery = listQueryWith(['id', 'text']).extend({
  conversation: filterId,
});

/** SPEC §3 Answer connector: a button from answer fromId to answer nextId. */
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
/** SPEC §7: GET and DELETE with ?nextId= or ?fromId= (at least one). */
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

/** SPEC §3 Estimation group: points of the buttons in it are added up per run. */
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

/** The estimation of a run (SPEC §7 messages/byfunction). */
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

/** The messenger user a run is linked to (SPEC §3 outerUserId). */
export const outerUser = z
  .object({ id: z.number(), name: z.string(), surname: z.string(), username: z.string() })
  .meta({ id: 'OuterUser' });

/** SPEC §3 Conversation progress: one student's run through one conversation. */
export const conversationProgress = z
  .object({
    id: z.number().int(),
    student: z.number().int(),
    studentName: z.string(),
    conversationId: z.number().int(),
    conversationName: z.string(),
    isFinished: flag,
    isBot: flag,
    outerUserId: outerUser.nullable(),
    meta: z.string(),
    /** the algorithm that assigned it, null when assigned by hand */
    algotithm: z.number().int().nullable(),
    /** replies so far */
    step: z.number().int(),
    currentAnswerId: z.number().int().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ConversationProgress' });
export type ConversationProgress = z.infer<typeof conversationProgress>;

export const conversationProgressInput = z
  .object({
    student: requiredId,
    conversationId: requiredId,
    meta: text(2000),
  })
  .meta({ id: 'ConversationProgressWrite' });
export type ConversationProgressInput = z.input<typeof conversationProgressInput>;

/**
 * GET ?student={id}&isForMe={0|1} (isForMe 1 the personal runs, 0 the public ones) or
 * ?conversation={id}.
 */
export const conversationProgressQuery = listQueryWith(['id', 'createdAt']).extend({
  student: filterId.optional(),
  isForMe: z.enum(['0', '1']).optional(),
  conversation: filterId.optional(),
  isFinished: z.enum(['0', '1']).optional(),
});

/** Assigns a conversation to every student the algorithm selects (one run each, none twice). */
export const byAlgorithmInput = z
  .object({
    conversationId: requiredId,
    algotithm: formInteger(
      z.union(
        [
          z.literal(ALGORITHM_LEVEL),
          z.literal(ALGORITHM_GROUP),
          z.literal(ALGORITHM_PROJECT),
          z.literal(ALGORITHM_WITHOUT_RUN),
        ],
        { error: 'must be one of /api/algorithms' },
      ),
    ),
    /** the level, group or project the algorithm selects by (not for 'without a run') */
    value: nullableId.default(null),
  })
  .refine((b) => b.algotithm === ALGORITHM_WITHOUT_RUN || b.value !== null, {
    path: ['value'],
    message: 'is required for this algorithm',
  })
  .meta({ id: 'ByAlgorithmWrite' });
export type ByAlgorithmInput = z.input<typeof byAlgorithmInput>;
export const byAlgorithmResult = z
  .object({ created: z.number().int(), runs: z.array(conversationProgress) })
  .meta({ id: 'ByAlgorithmResult' });

/** SPEC §3 Message: every bot message and every student reply of a run. */
export const message = z
  .object({
    id: z.number().int(),
    conversationprogress: z.number().int(),
    isBot: flag,
    text: z.string(),
    answerConnector: z.number().int().nullable(),
    answerId: z.number().int().nullable(),
    /** the answer type of a bot message; for a reply 1 a button, 2 typed text */
    typeId: z.number().int(),
    /** a reply: 1 right, 2 wrong, null when the question has no right button */
    flagId: z.number().int().nullable(),
    dateTime: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof message>;
export const messageQuery = z.object({
  conversationprogress: filterId,
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /api/bot/status: whether the Telegram bot runs. */
export const botStatus = z
  .object({
    enabled: z.boolean(),
    username: z.string().nullable(),
    mode: z.enum(['polling', 'webhook']).nullable(),
  })
  .meta({ id: 'BotStatus' });
export type BotStatus = z.infer<typeof botStatus>;
