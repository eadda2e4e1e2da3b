import { z } from 'zod';
import { formInteger } from './common.js';

/** The fields the chat-bot's schemas share (ADR 019). */

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

/** 1 or 0 on the wire. */
export const flag = z.union([z.literal(0), z.literal(1)]);
/** 1/0, true/false or '1'/'0' from a form; stored as 1 or 0. */
export const flagInput = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: 'must be 1 or 0' }),
);
export const requiredId = formInteger(z.number({ error: 'is required' }).int().positive());
export const nullableId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  formInteger(z.number().int().positive().nullable()),
);
export const filterId = z.coerce.number().int().positive();
export const requiredText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max);
