/**
 * The learning games' plain values and rules, without zod: the player reads them and zod is
 * not part of its download (docs/quality.md). games.ts re-exports them beside its schemas.
 */

/** docs/games.md: the types of a game set. */
export const GAME_GRID = 1;
export const GAME_QUIZ = 2;
export const GAME_LETTERS = 3;
export const GAME_MATCHING = 4;
export const GAME_TYPES = [GAME_GRID, GAME_QUIZ, GAME_LETTERS, GAME_MATCHING] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** docs/games.md: the player's page of each type, and of a set. */
export const GAME_PAGES: Record<GameType, string> = {
  [GAME_GRID]: 'grid',
  [GAME_QUIZ]: 'quiz',
  [GAME_LETTERS]: 'word',
  [GAME_MATCHING]: 'matching-gaps',
};
export const SET_PAGE = 'set';

/** A gap in a matching sentence: three or more underscores (docs/games.md). */
export const GAP = /_{3,}/g;
export const GAP_TEXT = '___';

/** Why a game set cannot be played yet; the web app translates each code. */
export const GAME_PROBLEMS = [
  /** no cards at all */
  'noCards',
  /** a quiz needs at least two cards */
  'tooFewCards',
  /** a quiz needs at least two different answers, or it has no wrong options */
  'answersNotDistinct',
  /** a quiz or matching card without its answer */
  'answerMissing',
  /** a matching sentence without exactly one gap ___ */
  'gapCount',
  /** a letters word that is not letters (and spaces) with at least two different letters */
  'wordInvalid',
] as const;
export type GameProblem = (typeof GAME_PROBLEMS)[number];

export interface CardText {
  value: string;
  answer: string;
}

/** How many gaps a sentence has. */
export const gapCount = (sentence: string) => (sentence.match(GAP) ?? []).length;

/** The letters of a word that count: lower case, spaces left out. */
export const lettersOf = (word: string) => [...word.toLocaleLowerCase().replace(/\s+/g, '')];

/** A word the letters game can shuffle: letters and spaces, two different letters at least. */
export function isPlayableWord(word: string): boolean {
  const trimmed = word.trim();
  if (!/^[\p{L}\p{M}]+(?: +[\p{L}\p{M}]+)*$/u.test(trimmed)) return false;
  return new Set(lettersOf(trimmed)).size >= 2;
}

/** What is wrong with one card for a game of `type`, or null. */
export function cardProblem(type: number, card: CardText): GameProblem | null {
  if (type === GAME_MATCHING) {
    if (gapCount(card.value) !== 1) return 'gapCount';
    if (card.answer.trim() === '') return 'answerMissing';
  }
  if (type === GAME_QUIZ && card.answer.trim() === '') return 'answerMissing';
  if (type === GAME_LETTERS && !isPlayableWord(card.value)) return 'wordInvalid';
  return null;
}

/** Every problem of a game set, each named once, in GAME_PROBLEMS order; none: playable. */
export function gameProblems(type: number, cards: readonly CardText[]): GameProblem[] {
  const found = new Set<GameProblem>();
  if (cards.length === 0) found.add('noCards');
  if (type === GAME_QUIZ) {
    if (cards.length === 1) found.add('tooFewCards');
    const answers = new Set(cards.map((c) => c.answer.trim().toLocaleLowerCase()).filter(Boolean));
    if (cards.length >= 2 && answers.size < 2) found.add('answersNotDistinct');
  }
  for (const card of cards) {
    const problem = cardProblem(type, card);
    if (problem) found.add(problem);
  }
  return GAME_PROBLEMS.filter((p) => found.has(p));
}

/** The player's address of a game set or a set (docs/games.md): {base}/{page}?id={id}. */
export function gameLink(base: string, page: string, id: number): string {
  return `${base.replace(/\/+$/, '')}/${page}?id=${id}`;
}

/** A player link that records the play for a student (?s=hashCode, docs/games.md, Results). */
export function linkForStudent(link: string, hashCode: string): string {
  return `${link}${link.includes('?') ? '&' : '?'}s=${encodeURIComponent(hashCode)}`;
}

/** The learner's page address: {GAMES_BASE_URL}/me?s={hashCode} (docs/learner-page.md). */
export const LEARNER_PAGE = 'me';

/** The learner's page link of a student, from the player's base address. */
export function learnerPageLink(base: string, hashCode: string): string {
  return `${base.replace(/\/+$/, '')}/${LEARNER_PAGE}?s=${encodeURIComponent(hashCode)}`;
}

/**
 * Whether a text may be opened as a link: an http(s) address and nothing else (no javascript:,
 * no bare text). The learner's page answers and shows a student's Meet link only then
 * (docs/learner-page.md); the staff's student screen shows its link fields by the same rule.
 */
export const isHttpUrl = (value: string): boolean => /^https?:\/\/\S+$/i.test(value.trim());

/** A hashCode as links carry it (docs/api.md, Ids and hashCodes): URL-safe, 1 to 64 characters. */
export const HASH_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** docs/games.md: the embed snippet, an 800 x 600 lazy iframe. */
export function embedSnippet(link: string, name: string): string {
  return `<iframe src="${escapeAttribute(link)}" width="800" height="600" loading="lazy" title="${escapeAttribute(name)}"></iframe>`;
}
