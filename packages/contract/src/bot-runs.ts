import { z } from 'zod';
import { formInteger, listQueryWith, queryFlag, text } from './common.js';
import {
  ALGORITHM_GROUP,
  ALGORITHM_LEVEL,
  ALGORITHM_PROJECT,
  ALGORITHM_WITHOUT_RUN,
  filterId,
  flag,
  nullableId,
  requiredId,
} from './bot-fields.js';

/** Runs of conversations and their messages (docs/data-model.md, Conversation progress, Message). */

/** The messenger user a run is linked to (docs/data-model.md, Conversation progress). */
export const outerUser = z
  .object({ id: z.number(), name: z.string(), surname: z.string(), username: z.string() })
  .meta({ id: 'OuterUser' });

/** Conversation progress (docs/data-model.md): one student's run through one conversation. */
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
  isForMe: queryFlag('Only the personal runs (yes) or only the public ones (no)'),
  conversation: filterId.optional(),
  isFinished: queryFlag('Only finished (yes) or only unfinished (no) runs'),
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

/** Message (docs/data-model.md): every bot message and every student reply of a run. */
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
