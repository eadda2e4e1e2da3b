import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import {
  gameSetList,
  setCard,
  setCardInput,
  setCardListQuery,
  setCardUpdate,
  setInput,
  setListQuery,
  orderInput,
  setUpdate,
  type GameSetList,
} from '@school/contract/games';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, invalidField, notFound } from '../../plugins/errors.js';
import { completedWith, registerResource } from '../../plugins/resource.js';
import {
  findSetCard,
  nextSetPosition,
  playerBase,
  reorderSet,
  setCardsOf,
  setCardsTable,
  setExists,
  setsTable,
  toSets,
} from './games.queries.js';

/** Sets (docs/api.md, Games) and their games in order (set cards). */
export const setsRoutes: FastifyPluginAsyncZod<{ db: Db; gamesBaseUrl?: string }> = async (
  app,
  { db, gamesBaseUrl },
) => {
  registerResource(app, db, {
    path: 'set',
    entity: 'sets',
    tags: ['games'],
    schemas: { item: gameSetList, query: setListQuery, create: setInput, update: setUpdate },
    table: setsTable,
    // the game count, link and snippet are added by the data operations below
    toItem: (row): GameSetList => ({
      id: row.id,
      version: row.version,
      name: row.name,
      games: 0,
      playable: false,
      link: '',
      embed: '',
      createdAt: row.createdAt.toISOString(),
    }),
    toColumns: (input) => ({ name: input.name }),
    notFound: 'No such set',
    linked: 'The set has results of students; it cannot be deleted',
    override: completedWith((items, request) =>
      toSets(db, items, playerBase(gamesBaseUrl, request)),
    ),
  });

  registerResource(app, db, {
    path: 'setcard',
    entity: 'setcards',
    tags: ['games'],
    schemas: {
      item: setCard,
      query: setCardListQuery,
      create: setCardInput,
      update: setCardUpdate,
    },
    table: setCardsTable,
    toItem: (row) => ({
      id: row.id,
      version: row.version,
      set: row.setId,
      grid: row.gridId,
      position: row.position,
      name: '',
      type: 0,
    }),
    toColumns: (input) => ({ gridId: input.grid, position: input.position }),
    createColumns: async (input) => ({
      setId: input.set,
      position: input.position ?? (await nextSetPosition(db, input.set)),
    }),
    notFound: 'No such set card',
    summaries: { list: 'The games of a set (?set=), in order' },
    override: (plain) => ({
      list: async (q, request) => {
        const page = await plain.list(q, request);
        const named = await setCardsOf(db, q.set);
        const byId = new Map(named.map((c) => [c.id, c]));
        return { ...page, rows: page.rows.map((r) => byId.get(r.id) ?? r) };
      },
      find: (id) => findSetCard(db, id),
      create: async (input, request) => {
        const { id } = await plain.create(input, request);
        return (await findSetCard(db, id))!;
      },
      update: async (id, input, request, current) => {
        await plain.update(id, input, request, current);
        return findSetCard(db, id);
      },
    }),
  });

  app.post(
    '/set/:id/order',
    {
      onRequest: [requireUser],
      schema: {
        tags: ['games'],
        summary: 'Put the games of a set in a new order: every set card id, first to last',
        params: idParam,
        body: orderInput,
        response: { 200: z.array(setCard), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await setExists(db, id))) throw notFound('No such set');
      if (!(await reorderSet(db, id, request.body.ids))) {
        throw invalidField('ids', 'must list every set card of the set once');
      }
      return setCardsOf(db, id);
    },
  );
};
