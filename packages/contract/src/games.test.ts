import { describe, expect, it } from 'vitest';
import {
  GAME_GRID,
  GAME_LETTERS,
  GAME_MATCHING,
  GAME_QUIZ,
  cardProblem,
  embedSnippet,
  gameLink,
  gameProblems,
  gapCount,
  isHttpUrl,
  isPlayableWord,
  linkForStudent,
} from './game-rules';
import { gameSetInput, playResultInput } from './games';
import { api } from './paths';

const card = (value: string, answer = '') => ({ value, answer });

describe('game rules', () => {
  it('needs at least one card in every game', () => {
    expect(gameProblems(GAME_GRID, [])).toEqual(['noCards']);
    expect(gameProblems(GAME_GRID, [card('1')])).toEqual([]);
  });

  it('needs two quiz cards with different answers', () => {
    expect(gameProblems(GAME_QUIZ, [card('cat?', 'kit')])).toEqual(['tooFewCards']);
    expect(gameProblems(GAME_QUIZ, [card('a', 'Same'), card('b', 'same ')])).toEqual([
      'answersNotDistinct',
    ]);
    expect(gameProblems(GAME_QUIZ, [card('a', 'yes'), card('b', 'no')])).toEqual([]);
    expect(gameProblems(GAME_QUIZ, [card('a', 'yes'), card('b', ''), card('c', 'no')])).toEqual([
      'answerMissing',
    ]);
  });

  it('wants exactly one gap in a matching sentence and its word', () => {
    expect(gapCount('I ___ a cat')).toBe(1);
    expect(gapCount('I _____ a ___')).toBe(2);
    expect(gapCount('I have a cat')).toBe(0);
    expect(cardProblem(GAME_MATCHING, card('I ___ a cat', 'have'))).toBeNull();
    expect(cardProblem(GAME_MATCHING, card('I have a cat', 'have'))).toBe('gapCount');
    expect(cardProblem(GAME_MATCHING, card('I ___ a ___', 'have'))).toBe('gapCount');
    expect(cardProblem(GAME_MATCHING, card('I ___ a cat', ' '))).toBe('answerMissing');
  });

  it('accepts a word of letters and spaces with two different letters', () => {
    expect(isPlayableWord('apple')).toBe(true);
    expect(isPlayableWord('ice cream')).toBe(true);
    expect(isPlayableWord('яблуко')).toBe(true);
    expect(isPlayableWord('aaa')).toBe(false);
    expect(isPlayableWord('a')).toBe(false);
    expect(isPlayableWord('r2d2')).toBe(false);
    expect(isPlayableWord('well-known')).toBe(false);
    expect(gameProblems(GAME_LETTERS, [card('apple'), card('zz')])).toEqual(['wordInvalid']);
  });

  it('builds the player link and the embed snippet', () => {
    const link = gameLink('https://games.example/play/', 'quiz', 7);
    expect(link).toBe('https://games.example/play/quiz?id=7');
    expect(linkForStudent(link, 'Ab_9-x')).toBe('https://games.example/play/quiz?id=7&s=Ab_9-x');
    expect(embedSnippet(link, 'Fruit "quiz" <1>')).toBe(
      '<iframe src="https://games.example/play/quiz?id=7" width="800" height="600" loading="lazy" title="Fruit &quot;quiz&quot; &lt;1&gt;"></iframe>',
    );
  });

  it('takes only an http(s) address for a link', () => {
    for (const url of [
      'https://meet.google.com/abc-defg-hij',
      'http://x.example',
      ' HTTPS://a.b ',
    ]) {
      expect(isHttpUrl(url), url).toBe(true);
    }
    for (const text of [
      '',
      'abc-defg-hij',
      'meet.google.com/abc',
      'javascript:alert(1)',
      'https://',
      'https://a b',
      'ftp://x.example',
      '//x.example',
    ]) {
      expect(isHttpUrl(text), text).toBe(false);
    }
  });
});

describe('game schemas', () => {
  it('accepts the four types only', () => {
    expect(gameSetInput.safeParse({ name: 'Fruit', type: '2' }).success).toBe(true);
    expect(gameSetInput.safeParse({ name: 'Fruit', type: 5 }).success).toBe(false);
  });

  it('takes a result of either a game set or a set, score within max', () => {
    const base = { playId: 'abcdefgh12', score: 2, max: 3, durationMs: 1000 };
    expect(playResultInput.safeParse({ ...base, grid: 1 }).success).toBe(true);
    expect(playResultInput.safeParse({ ...base, grid: 1, set: 2 }).success).toBe(false);
    expect(playResultInput.safeParse({ ...base }).success).toBe(false);
    expect(playResultInput.safeParse({ ...base, grid: 1, score: 4 }).success).toBe(false);
  });

  it('names the game paths', () => {
    expect(api.grid(3)).toBe('/api/grid/3');
    expect(api.setOrder(3)).toBe('/api/set/3/order');
    expect(api.publicGame(3)).toBe('/api/public/games/3');
  });
});
