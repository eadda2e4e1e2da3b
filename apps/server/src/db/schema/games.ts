import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns.js';
import { students } from './students.js';

/** Game set ("grid" on the wire; docs/data-model.md): type 1 grid, 2 quiz, 3 letters, 4 matching. */
export const gameSets = pgTable('game_sets', {
  id: id(),
  version: version(),
  name: text('name').notNull(),
  type: smallint('type').notNull(),
  createdAt: createdAt(),
});

/** Grid card (docs/data-model.md): the cards go with their game set. */
export const gridCards = pgTable(
  'grid_cards',
  {
    id: id(),
    version: version(),
    gridId: integer('grid_id')
      .notNull()
      .references(() => gameSets.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    answer: text('answer').notNull().default(''),
    order: integer('sort_order').notNull().default(0),
  },
  (t) => [index('grid_cards_grid_idx').on(t.gridId, t.order, t.id)],
);

/** Set (docs/data-model.md): a playlist of game sets. */
export const sets = pgTable('sets', {
  id: id(),
  version: version(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Set card (docs/data-model.md): a game set in a set; a game set in a set cannot be deleted (409). */
export const setCards = pgTable(
  'set_cards',
  {
    id: id(),
    version: version(),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    gridId: integer('grid_id')
      .notNull()
      .references(() => gameSets.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('set_cards_set_idx').on(t.setId, t.position, t.id),
    index('set_cards_grid_idx').on(t.gridId),
  ],
);

/** One card of a recorded play: the card's id and whether it was answered right. */
export interface PlayedCard {
  card: number;
  right: boolean;
}

/**
 * A play of a game set or a set recorded for a student (docs/games.md, Results); a game set or
 * set with results cannot be deleted (409). The results go with their student.
 */
export const gameResults = pgTable(
  'game_results',
  {
    id: id(),
    gridId: integer('grid_id').references(() => gameSets.id),
    setId: integer('set_id').references(() => sets.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    max: integer('max').notNull(),
    durationMs: integer('duration_ms').notNull(),
    cards: jsonb('cards').$type<PlayedCard[]>().notNull().default([]),
    /** made by the player: a play is recorded once */
    playId: text('play_id').notNull().unique(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_results_student_idx').on(t.studentId, t.playedAt),
    index('game_results_grid_idx').on(t.gridId),
    index('game_results_set_idx').on(t.setId),
  ],
);
