import { z } from 'zod';
import { formInteger, listQuery, listQueryWith, recordVersion, updateOf } from './common.js';
import { GAME_PROBLEMS, GAME_TYPES } from './game-rules.js';

export * from './game-rules.js';

/**
 * The learning games (docs/games.md; docs/data-model.md, Game set to Set card; ADR 020).
 * A game set is "grid" on the wire: /api/grid?type=1..4.
 */

const requiredId = formInteger(z.number({ error: 'is required' }).int().positive());
const filterId = z.coerce.number().int().positive();
const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
const text = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).default('');
const gameType = formInteger(
  z
    .number({ error: 'is required' })
    .int()
    .refine((n) => (GAME_TYPES as readonly number[]).includes(n), 'must be 1, 2, 3 or 4'),
);
const position = formInteger(z.number().int('must be a whole number').min(0).max(100_000));

/** Game set (grid) (docs/data-model.md), with what the admin screens need to share and check it. */
export const gameSet = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** 1 grid, 2 quiz, 3 letters, 4 matching (docs/games.md) */
    type: z.number().int(),
    /** how many cards it has */
    cards: z.number().int(),
    /** true when the player can play it: no problems */
    playable: z.boolean(),
    problems: z.array(z.enum(GAME_PROBLEMS)),
    /** the player's address: {GAMES_BASE_URL}/{grid|quiz|word|matching-gaps}?id={id} */
    link: z.string(),
    /** the iframe snippet that embeds the link */
    embed: z.string(),
    createdAt: z.string(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'GameSet' });
export type GameSet = z.infer<typeof gameSet>;

const gameSetShape = z.object({ name: requiredText(200), type: gameType });
export const gameSetInput = gameSetShape.meta({ id: 'GameSetWrite' });
export type GameSetInput = z.input<typeof gameSetInput>;
export const gameSetUpdate = updateOf(gameSetShape).meta({ id: 'GameSetUpdate' });
export const gameSetListQuery = listQueryWith(['name', 'id', 'type', 'createdAt']).extend({
  type: z.coerce.number().int().min(1).max(4).optional(),
});

/** Grid card (docs/data-model.md): one card of a game set; `order` places it in the game. */
export const gridCard = z
  .object({
    id: z.number().int(),
    grid: z.number().int(),
    value: z.string(),
    answer: z.string(),
    order: z.number().int(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'GridCard' });
export type GridCard = z.infer<typeof gridCard>;

const gridCardShape = z.object({
  grid: requiredId,
  /** tile text, question, word or sentence with a gap ___, by the game's type */
  value: requiredText(2000),
  /** revealed answer, right answer, hint or the missing word, by the game's type */
  answer: text(500),
  /** the place in the game; after the last card when not given */
  order: position.optional(),
});
export const gridCardInput = gridCardShape.meta({ id: 'GridCardWrite' });
export type GridCardInput = z.input<typeof gridCardInput>;
/** A card stays in its game set. */
export const gridCardUpdate = updateOf(gridCardShape.omit({ grid: true })).meta({
  id: 'GridCardUpdate',
});
export const gridCardListQuery = listQueryWith(['order', 'id', 'value']).extend({
  grid: filterId,
});

/** Set (docs/data-model.md): a playlist of game sets, played in order with one total score. */
export const gameSetList = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** how many games it plays */
    games: z.number().int(),
    /** true when it has games and every one of them is playable */
    playable: z.boolean(),
    link: z.string(),
    embed: z.string(),
    createdAt: z.string(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Set' });
export type GameSetList = z.infer<typeof gameSetList>;

const setShape = z.object({ name: requiredText(200) });
export const setInput = setShape.meta({ id: 'SetWrite' });
export type SetInput = z.input<typeof setInput>;
export const setUpdate = updateOf(setShape).meta({ id: 'SetUpdate' });
export const setListQuery = listQueryWith(['name', 'id', 'createdAt']);

/** Set card (docs/data-model.md): a game set in a set, at a position. */
export const setCard = z
  .object({
    id: z.number().int(),
    set: z.number().int(),
    grid: z.number().int(),
    position: z.number().int(),
    /** the game set's name and type, for the list */
    name: z.string(),
    type: z.number().int(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'SetCard' });
export type SetCard = z.infer<typeof setCard>;

const setCardShape = z.object({
  set: requiredId,
  grid: requiredId,
  /** after the last game when not given */
  position: position.optional(),
});
export const setCardInput = setCardShape.meta({ id: 'SetCardWrite' });
export type SetCardInput = z.input<typeof setCardInput>;
export const setCardUpdate = updateOf(setCardShape.omit({ set: true })).meta({
  id: 'SetCardUpdate',
});
export const setCardListQuery = listQueryWith(['position', 'id']).extend({ set: filterId });

/** POST /api/set/{id}/order and /api/grid/{id}/order: every item's id, in the new order. */
export const orderInput = z
  .object({
    ids: z
      .array(z.number().int().positive(), { error: 'must be a list of ids' })
      .min(1, 'is required')
      .max(1000),
  })
  .meta({ id: 'Order' });
/** The body of POST /api/set/{id}/order: every set card id of the set. */
export const setOrderInput = orderInput;

/** A play recorded for a student (docs/games.md, Results), as staff see it. */
export const gameResult = z
  .object({
    id: z.number().int(),
    /** the game set played, or null for a set */
    grid: z.number().int().nullable(),
    set: z.number().int().nullable(),
    /** the game set's or set's name */
    name: z.string(),
    student: z.number().int(),
    studentName: z.string(),
    score: z.number().int(),
    max: z.number().int(),
    durationMs: z.number().int(),
    /** cards answered right and wrong */
    right: z.number().int(),
    wrong: z.number().int(),
    playedAt: z.string(),
  })
  .meta({ id: 'GameResult' });
export type GameResult = z.infer<typeof gameResult>;
export const gameResultListQuery = listQuery.extend({
  student: filterId.optional(),
  grid: filterId.optional(),
  set: filterId.optional(),
});

/** GET /api/grid/{id}/stats: plays of a game set and its cards most often missed. */
export const gameStats = z
  .object({
    /** recorded plays of the game, on its own or in a set */
    plays: z.number().int(),
    students: z.number().int(),
    missed: z.array(
      z.object({
        card: z.number().int(),
        value: z.string(),
        answer: z.string(),
        /** times answered wrong, and times answered at all */
        wrong: z.number().int(),
        seen: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'GameStats' });
export type GameStats = z.infer<typeof gameStats>;

// The public, read-only API the player reads (no login): the game's content and nothing else.

export const publicCard = z.object({ value: z.string(), answer: z.string() });
export type PublicCard = z.infer<typeof publicCard>;
export const publicGame = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.number().int(),
    cards: z.array(publicCard),
  })
  .meta({ id: 'PublicGame' });
export type PublicGame = z.infer<typeof publicGame>;
export const publicSet = z
  .object({
    id: z.number().int(),
    name: z.string(),
    games: z.array(
      z.object({ name: z.string(), type: z.number().int(), cards: z.array(publicCard) }),
    ),
  })
  .meta({ id: 'PublicSet' });
export type PublicSet = z.infer<typeof publicSet>;

/** POST /api/public/results: one play, recorded only for a student's hashCode. */
export const playResultInput = z
  .object({
    grid: z.number().int().positive().optional(),
    set: z.number().int().positive().optional(),
    /** the student's hashCode from the link (?s=); without it nothing is recorded */
    hashCode: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a hashCode')
      .optional(),
    /** made by the player for each play: a play is recorded once */
    playId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _'),
    score: z.number().int().min(0).max(100_000),
    max: z.number().int().min(0).max(100_000),
    durationMs: z.number().int().min(0).max(86_400_000),
    /** per card: the game's index in a set (0 for a game set), the card's index in the game */
    cards: z
      .array(
        z.object({
          game: z.number().int().min(0).max(1000).default(0),
          card: z.number().int().min(0).max(100_000),
          right: z.boolean(),
        }),
      )
      .max(5000)
      .default([]),
  })
  .refine((r) => (r.grid === undefined) !== (r.set === undefined), {
    path: ['grid'],
    message: 'give either grid or set',
  })
  .refine((r) => r.score <= r.max, { path: ['score'], message: 'must not be above max' })
  .meta({ id: 'PlayResult' });
export type PlayResultInput = z.input<typeof playResultInput>;
