import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, idParam } from '@school/contract/common';
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
  type SetCard,
} from '@school/contract/games';
import type { Db } from '../../db/client.js';
import { gameSets, setCards, sets } from '../../db/schema/games.js';
import { requireUser } from '../../plugins/access.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { completedWith, registerResource } from '../../plugins/resource.js';
import { nextSetPosition, playerBase, reorderSet, toSets } from './games.queries.js';

const setCardColumns = {
  id: setCards.id,
  set: setCards.setId,
  grid: setCards.gridId,
  position: setCards.position,
  name: gameSets.name,
  type: gameSets.type,
};

async function findSetCard(db: Db, id: number): Promise<SetCard | undefined> {
  const [row] = await db
    .select(setCardColumns)
    .from(setCards)
    .innerJoin(gameSets, eq(gameSets.id, setCards.gridId))
    .where(eq(setCards.id, id));
  return row;
}

async function setCardsOf(db: Db, setId: number): Promise<SetCard[]> {
  return db
    .select(setCardColumns)
    .from(setCards)
    .innerJoin(gameSets, eq(gameSets.id, setCards.gridId))
    .where(eq(setCards.setId, setId))
    .orderBy(asc(setCards.position), asc(setCards.id));
}

/** Sets (SPEC §7 set) and their games in order (set cards). */
export const setsRoutes: FastifyPluginAsyncZod<{ db: Db; gamesBaseUrl?: string }> = async (
  app,
  { db, gamesBaseUrl },
) => {
  registerResource(app, db, {
    path: 'set',
    tags: ['games'],
    schemas: { item: gameSetList, query: setListQuery, create: setInput, update: setUpdate },
    table: {
      table: sets,
      search: [sets.name],
      sort: { name: sets.name, id: sets.id, createdAt: sets.createdAt },
      defaultSort: 'id',
    },
    // the game count, link and snippet are added by the data operations below
    toItem: (row): GameSetList => ({
      id: row.id,
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
    tags: ['games'],
    schemas: {
      item: setCard,
      query: setCardListQuery,
      create: setCardInput,
      update: setCardUpdate,
    },
    table: {
      table: setCards,
      sort: { position: setCards.position, id: setCards.id },
      defaultSort: 'position',
      filters: (q) => eq(setCards.setId, q.set),
    },
    toItem: (row) => ({
      id: row.id,
      set: row.setId,
      grid: row.gridId,
      position: row.position,
      name: '',
      type: 0,
    }),
    toColumns: (input) => ({ gridId: input.grid, position: input.position }),
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
      create: async (input) => {
        const [row] = await db
          .insert(setCards)
          .values({
            setId: input.set,
            gridId: input.grid,
            position: input.position ?? (await nextSetPosition(db, input.set)),
          })
          .returning({ id: setCards.id });
        if (!row) throw new Error('set card not created');
        return (await findSetCard(db, row.id))!;
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
      const [set] = await db.select({ id: sets.id }).from(sets).where(eq(sets.id, id));
      if (!set) throw notFound('No such set');
      if (!(await reorderSet(db, id, request.body.ids))) {
        const message = 'must list every set card of the set once';
        throw new HttpError(400, errorCodes.validation, `Invalid ids: ${message}`, {
          ids: message,
        });
      }
      return setCardsOf(db, id);
    },
  );
};
