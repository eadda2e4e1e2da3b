import type { Db } from '../db/client.js';
import { gameResults, gameSets, gridCards, setCards, sets } from '../db/schema/games.js';

/** One game set of each type (docs/games.md), with cards a learner of English would meet early. */
const GAMES: { name: string; type: number; cards: [value: string, answer: string][] }[] = [
  {
    name: 'Numbers 1-12',
    type: 1,
    cards: [
      ['one', '1'],
      ['two', '2'],
      ['three', '3'],
      ['five', '5'],
      ['eight', '8'],
      ['ten', '10'],
      ['eleven', '11'],
      ['twelve', '12'],
    ],
  },
  {
    name: 'Animals quiz',
    type: 2,
    cards: [
      ['Which animal says "moo"?', 'cow'],
      ['Which animal says "woof"?', 'dog'],
      ['Which animal says "meow"?', 'cat'],
      ['Which animal gives us wool?', 'sheep'],
      ['Which animal lays eggs?', 'hen'],
    ],
  },
  {
    name: 'Fruit words',
    type: 3,
    cards: [
      ['apple', 'It is red or green and grows on a tree'],
      ['banana', 'It is long and yellow'],
      ['orange', 'A fruit and a colour'],
      ['ice cream', 'A cold dessert'],
    ],
  },
  {
    name: 'Present simple: gaps',
    type: 4,
    cards: [
      ['She ___ to school every day.', 'goes'],
      ['They ___ football on Sundays.', 'play'],
      ['My brother ___ coffee.', 'drinks'],
      ['We ___ in Kyiv.', 'live'],
    ],
  },
];

/** The demo games: a game set of each type with its cards, a set of them, and one play. */
export async function loadDemoGames(db: Db, studentIds: number[]) {
  await db.transaction(async (tx) => {
    const gameIds: number[] = [];
    const cardIds: number[][] = [];
    for (const game of GAMES) {
      const [row] = await tx
        .insert(gameSets)
        .values({ name: game.name, type: game.type })
        .returning({ id: gameSets.id });
      if (!row) continue;
      gameIds.push(row.id);
      const cards = await tx
        .insert(gridCards)
        .values(
          game.cards.map(([value, answer], order) => ({ gridId: row.id, value, answer, order })),
        )
        .returning({ id: gridCards.id });
      cardIds.push(cards.map((c) => c.id));
    }
    const [set] = await tx
      .insert(sets)
      .values({ name: 'Monday warm-up' })
      .returning({ id: sets.id });
    if (!set) return;
    // the quiz, the words and the gaps, in that order
    await tx
      .insert(setCards)
      .values(gameIds.slice(1).map((gridId, position) => ({ setId: set.id, gridId, position })));
    // a student played the quiz yesterday and missed one question
    const [student] = studentIds;
    const quiz = gameIds[1];
    const quizCards = cardIds[1] ?? [];
    if (student === undefined || quiz === undefined) return;
    await tx.insert(gameResults).values({
      gridId: quiz,
      studentId: student,
      score: quizCards.length - 1,
      max: quizCards.length,
      durationMs: 74_000,
      cards: quizCards.map((card, i) => ({ card, right: i !== 3 })),
      playId: 'demo-play-animals-quiz',
      playedAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
    });
  });
}
