import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  GAME_PAGES,
  SET_PAGE,
  embedSnippet,
  gameLink,
  gameProblems,
  type GameResult,
  type GameSet,
  type GameSetList,
  type GameStats,
  type GameType,
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

/** Where the player lives: GAMES_BASE_URL, else this server's /play (DESIGN §1). */
export const playerBase = (configured: string | undefined, request: FastifyRequest) =>
  configured ?? `${request.protocol}://${request.host}/play`;

/** The stored fields of a game set or set as answered (createdAt as ISO text). */
interface Named {
  id: number;
  name: string;
  createdAt: string;
}

/** The cards of some game sets, in game order, by game set. */
async function cardsOf(db: Db, gridIds: number[]) {
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

/** Puts the set cards of a set in the order of `ids`; false unless ids are exactly its cards. */
export async function reorderSet(db: Db, setId: number, ids: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: setCards.id })
      .from(setCards)
      .where(eq(setCards.setId, setId))
      .for('update');
    if (!namesEachOnce(current, ids)) return false;
    for (const [position, id] of ids.entries()) {
      await tx.update(setCards).set({ position }).where(eq(setCards.id, id));
    }
    return true;
  });
}

/** Puts the cards of a game set in the order of `ids`; false unless ids are exactly its cards. */
export async function reorderCards(db: Db, gridId: number, ids: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: gridCards.id })
      .from(gridCards)
      .where(eq(gridCards.gridId, gridId))
      .for('update');
    if (!namesEachOnce(current, ids)) return false;
    for (const [order, id] of ids.entries()) {
      await tx.update(gridCards).set({ order }).where(eq(gridCards.id, id));
    }
    return true;
  });
}

/** The cards of a game set in game order, as the staff API answers them. */
export async function cardsOfGame(db: Db, gridId: number) {
  return (await cardsOf(db, [gridId])).get(gridId) ?? [];
}

const publicCards = (cards: (typeof gridCards.$inferSelect)[]): PublicCard[] =>
  cards.map((c) => ({ value: c.value, answer: c.answer }));

/** A playable game set's content for the player; undefined when missing or not playable. */
export async function publicGameOf(db: Db, id: number): Promise<PublicGame | undefined> {
  const game = await findGameSet(db, id);
  if (!game) return undefined;
  const cards = (await cardsOf(db, [id])).get(id) ?? [];
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
    return [((await cardsOf(db, [game.id])).get(game.id) ?? []).map((c) => c.id)];
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

const rightCount = sql<number>`(select count(*) from jsonb_array_elements(${gameResults.cards}) c where (c->>'right')::boolean)::int`;
const wrongCount = sql<number>`(select count(*) from jsonb_array_elements(${gameResults.cards}) c where not (c->>'right')::boolean)::int`;

/** Recorded plays, newest first, with the game's and the student's names. */
export async function listResults(
  db: Db,
  q: { student?: number; grid?: number; set?: number; limit: number; offset: number },
): Promise<{ rows: GameResult[]; total: number }> {
  const where: SQL | undefined = and(
    q.student === undefined ? undefined : eq(gameResults.studentId, q.student),
    q.grid === undefined ? undefined : eq(gameResults.gridId, q.grid),
    q.set === undefined ? undefined : eq(gameResults.setId, q.set),
  );
  const rows = await db
    .select({
      result: gameResults,
      gameName: gameSets.name,
      setName: sets.name,
      studentName: sql<string>`trim(${students.name} || ' ' || ${students.surname})`,
      right: rightCount,
      wrong: wrongCount,
    })
    .from(gameResults)
    .innerJoin(students, eq(students.id, gameResults.studentId))
    .leftJoin(gameSets, eq(gameSets.id, gameResults.gridId))
    .leftJoin(sets, eq(sets.id, gameResults.setId))
    .where(where)
    .orderBy(desc(gameResults.playedAt), desc(gameResults.id))
    .limit(q.limit)
    .offset(q.offset);
  const [counted] = await db.select({ n: count() }).from(gameResults).where(where);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.result.id,
      grid: r.result.gridId,
      set: r.result.setId,
      name: r.gameName ?? r.setName ?? '',
      student: r.result.studentId,
      studentName: r.studentName,
      score: r.result.score,
      max: r.result.max,
      durationMs: r.result.durationMs,
      right: r.right,
      wrong: r.wrong,
      playedAt: r.result.playedAt.toISOString(),
    })),
  };
}

/** Plays of a game set (alone or in a set) and its cards most often answered wrong. */
export async function gameStatsOf(db: Db, gridId: number, top = 10): Promise<GameStats> {
  const played = await db.execute<{ plays: number; students: number }>(sql`
    select count(distinct r.id)::int as plays, count(distinct r.student_id)::int as students
    from ${gameResults} r
    where r.grid_id = ${gridId} or exists (
      select 1 from jsonb_to_recordset(r.cards) as p(card int)
      join ${gridCards} c on c.id = p.card where c.grid_id = ${gridId})`);
  const missed = await db.execute<{
    card: number;
    value: string;
    answer: string;
    wrong: number;
    seen: number;
  }>(sql`
    select c.id as card, c.value, c.answer,
      (count(*) filter (where not p.right))::int as wrong, count(*)::int as seen
    from ${gameResults} r
    cross join jsonb_to_recordset(r.cards) as p(card int, "right" boolean)
    join ${gridCards} c on c.id = p.card
    where c.grid_id = ${gridId}
    group by c.id
    having count(*) filter (where not p.right) > 0
    order by wrong desc, seen desc, c.id
    limit ${top}`);
  const totals = played.rows[0];
  return {
    plays: totals?.plays ?? 0,
    students: totals?.students ?? 0,
    missed: missed.rows,
  };
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
