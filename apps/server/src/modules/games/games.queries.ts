import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  GAME_PAGES,
  SET_PAGE,
  embedSnippet,
  gameLink,
  gameProblems,
  type gameSetListQuery,
  type GameSet,
  type GameSetList,
  type GameType,
  type gridCardListQuery,
  type SetCard,
  type setCardListQuery,
} from '@school/contract/games';
import type { Db } from '../../db/client.js';
import { recordChanges, rowChanges } from '../../db/history.js';
import { gameSets, gridCards, setCards, sets } from '../../db/schema/games.js';
import { tableOf } from '../../plugins/resource.js';

/** The SQL of game sets, their cards, sets and the games of a set, as staff edit them. */

/** Where the player lives: GAMES_BASE_URL, else this server's /play (docs/architecture.md). */
export const playerBase = (configured: string | undefined, request: FastifyRequest) =>
  configured ?? `${request.protocol}://${request.host}/play`;

/** The stored fields of a game set or set as answered (createdAt as ISO text). */
interface Named {
  id: number;
  version: number;
  name: string;
  createdAt: string;
}

/** The cards of some game sets, in game order, by game set. */
export async function cardsOf(db: Db, gridIds: number[]) {
  const byGrid = new Map<number, (typeof gridCards.$inferSelect)[]>();
  if (gridIds.length === 0) return byGrid;
  const rows = await db
    .select()
    .from(gridCards)
    .where(inArray(gridCards.gridId, gridIds))
    .orderBy(asc(gridCards.gridId), asc(gridCards.order), asc(gridCards.id));
  for (const row of rows) {
    const list = byGrid.get(row.gridId) ?? [];
    list.push(row);
    byGrid.set(row.gridId, list);
  }
  return byGrid;
}

/** Game sets as the API answers them: with their card count, problems, link and snippet. */
export async function toGameSets(
  db: Db,
  rows: (Named & { type: number })[],
  base: string,
): Promise<GameSet[]> {
  const cards = await cardsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const own = cards.get(row.id) ?? [];
    const problems = gameProblems(row.type, own);
    const link = gameLink(base, GAME_PAGES[row.type as GameType] ?? 'grid', row.id);
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      type: row.type,
      cards: own.length,
      playable: problems.length === 0,
      problems,
      link,
      embed: embedSnippet(link, row.name),
      createdAt: row.createdAt,
    };
  });
}

/** Sets as the API answers them: with how many games they play and whether all are playable. */
export async function toSets(db: Db, rows: Named[], base: string): Promise<GameSetList[]> {
  const ids = rows.map((r) => r.id);
  const entries =
    ids.length === 0
      ? []
      : await db
          .select({ setId: setCards.setId, game: gameSets })
          .from(setCards)
          .innerJoin(gameSets, eq(gameSets.id, setCards.gridId))
          .where(inArray(setCards.setId, ids));
  const cards = await cardsOf(db, [...new Set(entries.map((e) => e.game.id))]);
  return rows.map((row) => {
    const games = entries.filter((e) => e.setId === row.id).map((e) => e.game);
    const link = gameLink(base, SET_PAGE, row.id);
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      games: games.length,
      playable:
        games.length > 0 &&
        games.every((g) => gameProblems(g.type, cards.get(g.id) ?? []).length === 0),
      link,
      embed: embedSnippet(link, row.name),
      createdAt: row.createdAt,
    };
  });
}

/** The next place after the last card of a game set, or the last game of a set. */
export async function nextCardOrder(db: Db, gridId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${gridCards.order}) + 1, 0)::int` })
    .from(gridCards)
    .where(eq(gridCards.gridId, gridId));
  return row?.n ?? 0;
}
export async function nextSetPosition(db: Db, setId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${setCards.position}) + 1, 0)::int` })
    .from(setCards)
    .where(eq(setCards.setId, setId));
  return row?.n ?? 0;
}

export async function findGameSet(db: Db, id: number) {
  const [row] = await db.select().from(gameSets).where(eq(gameSets.id, id));
  return row;
}

/** True when `ids` names every one of `current` exactly once. */
const namesEachOnce = (current: { id: number }[], ids: number[]) => {
  const known = new Set(current.map((c) => c.id));
  return (
    ids.length === known.size &&
    ids.every((id) => known.has(id)) &&
    new Set(ids).size === ids.length
  );
};

/**
 * Puts rows in the order of `ids` in one transaction, the current rows locked; false (nothing
 * changed) unless ids name every current row exactly once.
 */
async function reorder(
  db: Db,
  ids: number[],
  entity: 'setcards' | 'gridcards',
  current: (tx: Db) => Promise<{ id: number }[]>,
  place: (tx: Db, id: number, index: number) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await current(tx);
    if (!namesEachOnce(before, ids)) return false;
    for (const [index, id] of ids.entries()) await place(tx, id, index);
    // each card whose place changed leaves an update (docs/history.md)
    await recordChanges(tx, rowChanges(entity, before, await current(tx)));
    return true;
  });
}

/** Puts the set cards of a set in the order of `ids`; false unless ids are exactly its cards. */
export const reorderSet = (db: Db, setId: number, ids: number[]) =>
  reorder(
    db,
    ids,
    'setcards',
    (tx) => tx.select().from(setCards).where(eq(setCards.setId, setId)).for('update'),
    (tx, id, position) => tx.update(setCards).set({ position }).where(eq(setCards.id, id)),
  );

/** Puts the cards of a game set in the order of `ids`; false unless ids are exactly its cards. */
export const reorderCards = (db: Db, gridId: number, ids: number[]) =>
  reorder(
    db,
    ids,
    'gridcards',
    (tx) => tx.select().from(gridCards).where(eq(gridCards.gridId, gridId)).for('update'),
    (tx, id, order) => tx.update(gridCards).set({ order }).where(eq(gridCards.id, id)),
  );

/** The cards of a game set in game order, as the staff API answers them. */
export async function cardsOfGame(db: Db, gridId: number) {
  return (await cardsOf(db, [gridId])).get(gridId) ?? [];
}

export const gameSetsTable = tableOf(gameSets, {
  search: ['name'],
  sort: ['name', 'id', 'type', 'createdAt'],
  filters: (q: z.output<typeof gameSetListQuery>) =>
    q.type === undefined ? undefined : eq(gameSets.type, q.type),
  // its cards go with it (docs/history.md)
  dependents: [{ entity: 'gridcards', table: gridCards, of: (id) => eq(gridCards.gridId, id) }],
});

export const gridCardsTable = tableOf(gridCards, {
  search: ['value', 'answer'],
  sort: ['order', 'id', 'value'],
  defaultSort: 'order',
  filters: (q: z.output<typeof gridCardListQuery>) => eq(gridCards.gridId, q.grid),
});

export const setsTable = tableOf(sets, {
  search: ['name'],
  sort: ['name', 'id', 'createdAt'],
  // its cards go with it (docs/history.md)
  dependents: [{ entity: 'setcards', table: setCards, of: (id) => eq(setCards.setId, id) }],
});

export const setCardsTable = tableOf(setCards, {
  sort: ['position', 'id'],
  defaultSort: 'position',
  filters: (q: z.output<typeof setCardListQuery>) => eq(setCards.setId, q.set),
});

export async function setExists(db: Db, id: number) {
  const [set] = await db.select({ id: sets.id }).from(sets).where(eq(sets.id, id));
  return set !== undefined;
}

/** The games of a set (set cards) with their names and types, in order. */
async function setCardsWhere(db: Db, where: SQL): Promise<SetCard[]> {
  return db
    .select({
      id: setCards.id,
      set: setCards.setId,
      grid: setCards.gridId,
      position: setCards.position,
      name: gameSets.name,
      type: gameSets.type,
      version: setCards.version,
    })
    .from(setCards)
    .innerJoin(gameSets, eq(gameSets.id, setCards.gridId))
    .where(where)
    .orderBy(asc(setCards.position), asc(setCards.id));
}

export async function findSetCard(db: Db, id: number): Promise<SetCard | undefined> {
  return (await setCardsWhere(db, eq(setCards.id, id)))[0];
}

export async function setCardsOf(db: Db, setId: number): Promise<SetCard[]> {
  return setCardsWhere(db, eq(setCards.setId, setId));
}
