import { GAP, lettersOf } from '@school/contract/game-rules';

/**
 * The game rules as pure functions (docs/architecture.md, Writing): shuffling, quiz options, letters,
 * gaps, scores and a set's total. Randomness comes in as `rng`, so tests can fix it.
 */

/** A number in [0, 1), like Math.random. */
export type Rng = () => number;

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], rng: Rng = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Answers compare without case and surrounding spaces. */
export const sameAnswer = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The options of quiz question `index`: its answer and up to `count - 1` other cards' answers
 * (each different from the right one and from each other), in random order.
 */
export function quizOptions(
  answers: readonly string[],
  index: number,
  rng: Rng = Math.random,
  count = 4,
): string[] {
  const right = answers[index] ?? '';
  const wrong: string[] = [];
  for (const answer of shuffle(answers, rng)) {
    if (wrong.length >= count - 1) break;
    if (answer.trim() === '' || sameAnswer(answer, right)) continue;
    if (wrong.some((w) => sameAnswer(w, answer))) continue;
    wrong.push(answer.trim());
  }
  return shuffle([right.trim(), ...wrong], rng);
}

/**
 * The letters of a word to rebuild, shuffled; never in the word's own order when another order
 * exists (two different letters at least): then it is rotated by one, which always differs.
 */
export function shuffleLetters(word: string, rng: Rng = Math.random): string[] {
  const letters = [...word.replace(/\s+/g, '')];
  const inOrder = (list: string[]) =>
    list.join('').toLocaleLowerCase() === lettersOf(word).join('');
  let shuffled = shuffle(letters, rng);
  if (inOrder(shuffled)) shuffled = [...shuffled.slice(1), ...shuffled.slice(0, 1)];
  return shuffled;
}

/** Whether `typed` is the next letter of `word` after `placed` letters (spaces skipped). */
export function isNextLetter(word: string, placed: number, typed: string): boolean {
  const next = lettersOf(word)[placed];
  return next !== undefined && typed.toLocaleLowerCase() === next;
}

/** The word as rebuilt so far: the first `placed` letters, with the word's spaces. */
export function partialWord(word: string, placed: number): string {
  let seen = 0;
  let out = '';
  for (const char of word.trim()) {
    if (/\s/.test(char)) {
      if (seen < placed) out += ' ';
      continue;
    }
    if (seen >= placed) break;
    out += char;
    seen++;
  }
  return out;
}

/** A sentence around its gap: the text before and after it. */
export function splitGap(sentence: string): [string, string] {
  const match = new RegExp(GAP.source).exec(sentence);
  if (!match) return [sentence, ''];
  return [sentence.slice(0, match.index), sentence.slice(match.index + match[0].length)];
}

/** Matching: the word bank (each card's answer, shuffled) and what each gap holds. */
export interface Gaps {
  /** the words to place: [card index it came from, word] */
  bank: { from: number; word: string }[];
  /** per sentence: the bank entry placed in its gap, or null */
  filled: (number | null)[];
}

export function newGaps(answers: readonly string[], rng: Rng = Math.random): Gaps {
  const bank = shuffle(
    answers.map((word, from) => ({ from, word: word.trim() })),
    rng,
  );
  return { bank, filled: answers.map(() => null) };
}

/** Bank entries not placed in any gap. */
export const unplaced = (gaps: Gaps) =>
  gaps.bank.map((_, i) => i).filter((i) => !gaps.filled.includes(i));

/** The first empty gap at or after `from` (wrapping), or null when all are filled. */
export function nextEmptyGap(gaps: Gaps, from = 0): number | null {
  const n = gaps.filled.length;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    if (gaps.filled[i] === null) return i;
  }
  return null;
}

/** Places bank entry `entry` into gap `gap` (taking it out of any other gap). */
export function placeWord(gaps: Gaps, gap: number, entry: number): Gaps {
  const filled = gaps.filled.map((f) => (f === entry ? null : f));
  filled[gap] = entry;
  return { ...gaps, filled };
}

export function clearGap(gaps: Gaps, gap: number): Gaps {
  const filled = [...gaps.filled];
  filled[gap] = null;
  return { ...gaps, filled };
}

/** Per sentence: right when its gap holds its own word (an equal word counts the same). */
export function checkGaps(gaps: Gaps, answers: readonly string[]): boolean[] {
  return answers.map((answer, i) => {
    const entry = gaps.filled[i];
    const placed = entry === null || entry === undefined ? undefined : gaps.bank[entry];
    return placed !== undefined && sameAnswer(placed.word, answer);
  });
}

/** A game's score: one point a card answered right. */
export const scoreOf = (answers: readonly boolean[]) => ({
  score: answers.filter(Boolean).length,
  max: answers.length,
});

/** A set's one total over its games, and every card's answer as the results API takes it. */
export function setTotal(games: readonly (readonly boolean[])[]) {
  let score = 0;
  let max = 0;
  const cards: { game: number; card: number; right: boolean }[] = [];
  games.forEach((answers, game) => {
    const own = scoreOf(answers);
    score += own.score;
    max += own.max;
    answers.forEach((right, card) => cards.push({ game, card, right }));
  });
  return { score, max, cards };
}

/** A random id of one play, so the server records it once (URL-safe, 22 characters). */
export function newPlayId(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return [...bytes]
    .map((b) => alphabet[b & 63])
    .join('')
    .slice(0, 22)
    .padEnd(22, 'A');
}
