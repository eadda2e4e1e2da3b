import { asc, eq } from 'drizzle-orm';
import {
  gameProblems,
  type PublicCard,
  type PublicGame,
  type PublicSet,
} from '@school/contract/games';
import type { Db } from '../../db/client.js';
import {
  gameResults,
  gameSets,
  gridCards,
  setCards,
  sets,
  type PlayedCard,
} from '../../db/schema/games.js';
import { students } from '../../db/schema/students.js';
import { cardsOf, cardsOfGame, findGameSet } from './games.queries.js';

/** The SQL of the player's public API: a game's or a set's content, a play's result. */

const publicCards = (cards: (typeof gridCards.$inferSelect)[]): PublicCard[] =>
  cards.map((c) => ({ value: c.value, answer: c.answer }));

/** A playable game set's content for the player; undefined when missing or not playable. */
export async function publicGameOf(db: Db, id: number): Promise<PublicGame | undefined> {
  const game = await findGameSet(db, id);
  if (!game) return undefined;
  const cards = await cardsOfGame(db, id);
  if (gameProblems(game.type, cards).length > 0) return undefined;
  return { id: game.id, name: game.name, type: game.type, cards: publicCards(cards) };
}

/** The games of a set in order, with their cards (and the cards' ids, for the results). */
async function setContent(db: Db, id: number) {
  const [set] = await db.select().from(sets).where(eq(sets.id, id));
  if (!set) return undefined;
  const entries = await db
    .select({ game: gameSets })
    .from(setCards)
    .innerJoin(gameSets, eq(gameSets.id, setCards.gridId))
    .where(eq(setCards.setId, id))
    .orderBy(asc(setCards.position), asc(setCards.id));
  const cards = await cardsOf(db, [...new Set(entries.map((e) => e.game.id))]);
  const games = entries
    .map(({ game }) => ({ game, cards: cards.get(game.id) ?? [] }))
    .filter((g) => gameProblems(g.game.type, g.cards).length === 0);
  return { set, games };
}

/** A set's playable games in order for the player; undefined when missing or none playable. */
export async function publicSetOf(db: Db, id: number): Promise<PublicSet | undefined> {
  const content = await setContent(db, id);
  if (!content || content.games.length === 0) return undefined;
  return {
    id: content.set.id,
    name: content.set.name,
    games: content.games.map((g) => ({
      name: g.game.name,
      type: g.game.type,
      cards: publicCards(g.cards),
    })),
  };
}

/**
 * The card ids of a game set (one game) or of a set's playable games, as the player numbers
 * them: [game index][card index]. Undefined when the game or set does not exist.
 */
export async function playedCardIds(
  db: Db,
  target: { grid?: number; set?: number },
): Promise<number[][] | undefined> {
  if (target.grid !== undefined) {
    const game = await findGameSet(db, target.grid);
    if (!game) return undefined;
    return [(await cardsOfGame(db, game.id)).map((c) => c.id)];
  }
  const content = await setContent(db, target.set ?? 0);
  return content?.games.map((g) => g.cards.map((c) => c.id));
}

export async function studentByHashCode(db: Db, hashCode: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.hashCode, hashCode));
  return row;
}

/** Records a play once: a second result with the same playId changes nothing. */
export async function recordResult(db: Db, values: typeof gameResults.$inferInsert) {
  await db.insert(gameResults).values(values).onConflictDoNothing({ target: gameResults.playId });
}

/** The card ids a play's per-card answers stand for; answers naming no card are left out. */
export function toPlayedCards(
  ids: number[][],
  cards: { game: number; card: number; right: boolean }[],
): PlayedCard[] {
  const out: PlayedCard[] = [];
  for (const c of cards) {
    const id = ids[c.game]?.[c.card];
    if (id !== undefined) out.push({ card: id, right: c.right });
  }
  return out;
}
