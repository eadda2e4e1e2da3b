import { describe, expect, it } from 'vitest';
import {
  checkGaps,
  clearGap,
  isNextLetter,
  newGaps,
  newPlayId,
  nextEmptyGap,
  partialWord,
  placeWord,
  quizOptions,
  scoreOf,
  setTotal,
  shuffle,
  shuffleLetters,
  splitGap,
  unplaced,
} from './rules';

/** A fixed sequence of "random" numbers. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};
/** Math.random replaced by a seeded generator (mulberry32). */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('shuffle', () => {
  it('keeps every item and does not change the input', () => {
    const items = [1, 2, 3, 4, 5];
    const out = shuffle(items, seeded(1));
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('quiz options', () => {
  const answers = ['cow', 'dog', 'Cow ', 'cat', 'hen', 'owl', ''];

  it('holds the right answer and distinct wrong ones from other cards', () => {
    for (let seed = 0; seed < 50; seed++) {
      const options = quizOptions(answers, 0, seeded(seed));
      expect(options).toContain('cow');
      expect(options).toHaveLength(4);
      const lower = options.map((o) => o.toLowerCase());
      expect(new Set(lower).size).toBe(4);
      expect(options).not.toContain('');
    }
  });

  it('offers fewer options when there are fewer other answers', () => {
    expect(quizOptions(['yes', 'no'], 1, seeded(3)).sort()).toEqual(['no', 'yes']);
  });
});

describe('letters', () => {
  it('never shows a word already in order when it can be avoided', () => {
    // a "random" that leaves the order as it is
    const identity = sequence(0.999);
    expect(shuffle([...'ab'], identity).join('')).toBe('ab');
    expect(shuffleLetters('ab', identity).join('')).not.toBe('ab');
    for (let seed = 0; seed < 200; seed++) {
      for (const word of ['to', 'apple', 'ice cream', 'aab']) {
        const letters = shuffleLetters(word, seeded(seed));
        expect(letters.join('')).not.toBe(word.replace(/ /g, ''));
        expect([...letters].sort()).toEqual([...word.replace(/ /g, '')].sort());
      }
    }
  });

  it('accepts the next letter in any case, skipping spaces', () => {
    expect(isNextLetter('Ice cream', 0, 'i')).toBe(true);
    expect(isNextLetter('Ice cream', 3, 'c')).toBe(true);
    expect(isNextLetter('Ice cream', 3, 'r')).toBe(false);
    expect(isNextLetter('Ice cream', 8, 'm')).toBe(false);
    expect(partialWord('Ice cream', 4)).toBe('Ice c');
    expect(partialWord('Ice cream', 3)).toBe('Ice');
  });
});

describe('gaps', () => {
  it('splits a sentence around its gap', () => {
    expect(splitGap('I ___ a cat.')).toEqual(['I ', ' a cat.']);
    expect(splitGap('_____ is red')).toEqual(['', ' is red']);
  });

  it('places words, moves them between gaps and scores equal words alike', () => {
    const answers = ['have', 'is', 'have'];
    let gaps = newGaps(answers, seeded(5));
    expect(unplaced(gaps)).toHaveLength(3);
    const indexOf = (word: string, skip = -1) =>
      gaps.bank.findIndex((b, i) => b.word === word && i !== skip);
    const have = indexOf('have');
    const is = indexOf('is');
    gaps = placeWord(gaps, 0, is);
    expect(nextEmptyGap(gaps)).toBe(1);
    gaps = placeWord(gaps, 1, is); // moved, gap 0 empty again
    expect(gaps.filled).toEqual([null, is, null]);
    gaps = placeWord(gaps, 0, have);
    gaps = placeWord(gaps, 2, indexOf('have', have));
    expect(nextEmptyGap(gaps)).toBeNull();
    expect(checkGaps(gaps, answers)).toEqual([true, true, true]);
    gaps = clearGap(gaps, 1);
    expect(checkGaps(gaps, answers)).toEqual([true, false, true]);
    expect(nextEmptyGap(gaps, 2)).toBe(1);
  });
});

describe('scores', () => {
  it('counts a point a right card, and a set adds its games up', () => {
    expect(scoreOf([true, false, true])).toEqual({ score: 2, max: 3 });
    expect(setTotal([[true, false], [true]])).toEqual({
      score: 2,
      max: 3,
      cards: [
        { game: 0, card: 0, right: true },
        { game: 0, card: 1, right: false },
        { game: 1, card: 0, right: true },
      ],
    });
  });

  it('makes a play id the results API accepts', () => {
    const id = newPlayId(new Uint8Array(16).map((_, i) => i * 17));
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
