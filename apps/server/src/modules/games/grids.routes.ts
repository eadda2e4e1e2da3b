import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import {
  cardProblem,
  gameSet,
  gameSetInput,
  gameSetListQuery,
  gameSetUpdate,
  gameStats,
  gridCard,
  gridCardInput,
  gridCardListQuery,
  gridCardUpdate,
  orderInput,
  type GameProblem,
  type GameSet,
  type GridCard,
} from '@school/contract/games';
import type { Db } from '../../db/client.js';
import type { gridCards } from '../../db/schema/games.js';
import { requireUser, sessionOf } from '../../plugins/access.js';
import { errorResponses, invalidField, notFound } from '../../plugins/errors.js';
import { completedWith, registerResource } from '../../plugins/resource.js';
import {
  cardsOfGame,
  findGameSet,
  gameSetsTable,
  gridCardsTable,
  nextCardOrder,
  playerBase,
  reorderCards,
  toGameSets,
} from './games.queries.js';
import { studentsVisibleTo } from '../students/students.shared.js';
import { gameStatsOf } from './results.queries.js';

/** What a card's problem says, on the field it concerns (docs/games.md). */
const CARD_PROBLEM_FIELDS: Record<GameProblem, [string, string]> = {
  noCards: ['value', 'is required'],
  tooFewCards: ['value', 'is required'],
  answersNotDistinct: ['answer', 'must differ from the other answers'],
  answerMissing: ['answer', 'is required for this game'],
  gapCount: ['value', 'must contain exactly one gap ___'],
  wordInvalid: ['value', 'must be letters (spaces allowed) with at least two different letters'],
};

/** 400 naming the field when a card cannot be played in a game of `type`. */
function checkCard(type: number, card: { value: string; answer: string }) {
  const problem = cardProblem(type, card);
  if (problem) throw invalidField(...CARD_PROBLEM_FIELDS[problem]);
}

const toGridCard = (row: typeof gridCards.$inferSelect): GridCard => ({
  id: row.id,
  version: row.version,
  grid: row.gridId,
  value: row.value,
  answer: row.answer,
  order: row.order,
});

/** Game sets (docs/api.md, Games) and their cards (grid cards), with checks, links and stats. */
export const gridsRoutes: FastifyPluginAsyncZod<{ db: Db; gamesBaseUrl?: string }> = async (
  app,
  { db, gamesBaseUrl },
) => {
  const placeholder = { cards: 0, playable: false, problems: [], link: '', embed: '' };
  registerResource(app, db, {
    path: 'grid',
    entity: 'grids',
    tags: ['games'],
    schemas: {
      item: gameSet,
      query: gameSetListQuery,
      create: gameSetInput,
      update: gameSetUpdate,
    },
    table: gameSetsTable,
    // the counts, problems and links are added by the data operations below
    toItem: (row): GameSet => ({
      ...placeholder,
      id: row.id,
      version: row.version,
      name: row.name,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
    }),
    toColumns: (input) => ({ name: input.name, type: input.type }),
    notFound: 'No such game set',
    linked: 'The game set is in a set or has results; remove it from the sets first',
    summaries: { list: 'Game sets, ?type=1 grid, 2 quiz, 3 letters, 4 matching' },
    override: completedWith((items, request) =>
      toGameSets(db, items, playerBase(gamesBaseUrl, request)),
    ),
  });

  registerResource(app, db, {
    path: 'gridcard',
    entity: 'gridcards',
    tags: ['games'],
    schemas: {
      item: gridCard,
      query: gridCardListQuery,
      create: gridCardInput,
      update: gridCardUpdate,
    },
    table: gridCardsTable,
    toItem: toGridCard,
    toColumns: (input) => ({ value: input.value, answer: input.answer, order: input.order }),
    createColumns: async (input) => ({
      gridId: input.grid,
      order: input.order ?? (await nextCardOrder(db, input.grid)),
    }),
    notFound: 'No such card',
    summaries: { list: 'The cards of a game set (?grid=), in game order' },
    override: (plain) => ({
      create: async (input, request) => {
        const game = await findGameSet(db, input.grid);
        if (!game) throw invalidField('grid', 'does not exist');
        checkCard(game.type, input);
        return plain.create(input, request);
      },
      update: async (id, input, request, current) => {
        const game = await findGameSet(db, current.grid);
        if (game) {
          checkCard(game.type, {
            value: input.value ?? current.value,
            answer: input.answer ?? current.answer,
          });
        }
        return plain.update(id, input, request, current);
      },
    }),
  });

  app.get(
    '/grid/:id/stats',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['games'],
        summary: 'Plays of a game set and its cards most often missed',
        params: idParam,
        response: { 200: gameStats, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await findGameSet(db, request.params.id))) throw notFound('No such game set');
      // a teacher counts only their students' plays (docs/roles.md, Students)
      return gameStatsOf(db, request.params.id, studentsVisibleTo(sessionOf(request)));
    },
  );

  app.post(
    '/grid/:id/order',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['games'],
        summary: 'Put the cards of a game set in a new order: every card id, first to last',
        params: idParam,
        body: orderInput,
        response: { 200: z.array(gridCard), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findGameSet(db, id))) throw notFound('No such game set');
      if (!(await reorderCards(db, id, request.body.ids))) {
        throw invalidField('ids', 'must list every card of the game set once');
      }
      return (await cardsOfGame(db, id)).map(toGridCard);
    },
  );
};
