// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import { playGrid } from './grid/grid';
import { playLetters } from './letters/letters';
import { playMatching } from './matching/matching';
import { playQuiz } from './quiz/quiz';
import type { GameView } from './game';

const t = translator('en');

/** Mounts a game; resolves with its answers when it is done. */
function mount(view: GameView, cards: { value: string; answer: string }[]) {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  let answers: boolean[] | undefined;
  view(root, cards, t, (a) => (answers = a));
  return { root, answers: () => answers };
}

const buttons = (root: HTMLElement, selector = 'button') =>
  [...root.querySelectorAll<HTMLButtonElement>(selector)].filter((b) => !b.hidden);
const byText = (root: HTMLElement, text: string) =>
  buttons(root).find((b) => b.textContent?.trim() === text);

describe('grid', () => {
  it('opens numbered tiles, shows the answer on demand and counts what the learner knew', () => {
    const game = mount(playGrid, [
      { value: 'one', answer: '1' },
      { value: 'two', answer: '2' },
    ]);
    expect(buttons(game.root, '.tile').map((b) => b.textContent)).toEqual(['1', '2']);
    buttons(game.root, '.tile')[1]!.click();
    expect(game.root.textContent).toContain('two');
    expect(game.root.querySelector<HTMLElement>('.answer')!.hidden).toBe(true);
    byText(game.root, 'Show answer')!.click();
    expect(game.root.querySelector<HTMLElement>('.answer')!.hidden).toBe(false);
    byText(game.root, 'I did not know')!.click();
    expect(buttons(game.root, '.tile')[1]!.disabled).toBe(true);
    buttons(game.root, '.tile')[0]!.click();
    byText(game.root, 'Show answer')!.click();
    byText(game.root, 'I knew it')!.click();
    expect(game.answers()).toEqual([true, false]);
  });
});

describe('quiz', () => {
  it('asks every question with options from the other answers and scores the choices', () => {
    const cards = [
      { value: 'Says moo', answer: 'cow' },
      { value: 'Says woof', answer: 'dog' },
      { value: 'Says meow', answer: 'cat' },
    ];
    const game = mount(playQuiz, cards);
    for (let i = 0; i < 3; i++) {
      const question = game.root.querySelector('.value')!.textContent;
      const card = cards.find((c) => c.value === question)!;
      const options = buttons(game.root, '.option');
      expect(options.map((o) => o.textContent?.slice(1)).sort()).toEqual(['cat', 'cow', 'dog']);
      // the moo question answered wrong, the others right
      const choice = card.answer === 'cow' ? 'dog' : card.answer;
      options.find((o) => o.textContent?.slice(1) === choice)!.click();
      expect(game.root.querySelector('.feedback')!.textContent).toBe(
        card.answer === 'cow' ? 'Wrong. The answer: cow' : 'Right!',
      );
      if (i < 2) {
        expect(game.answers()).toBeUndefined();
        byText(game.root, 'Next')!.click();
      }
    }
    // the last answer ends the game: no Next after the last question
    expect(game.answers()).toEqual([false, true, true]);
    expect(byText(game.root, 'Next')).toBeUndefined();
  });

  it('takes the keys 1-4', () => {
    const game = mount(playQuiz, [
      { value: 'a', answer: 'x' },
      { value: 'b', answer: 'y' },
    ]);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    expect(buttons(game.root, '.option').every((o) => o.disabled)).toBe(true);
  });
});

describe('letters', () => {
  it('rebuilds a word typed in order; a wrong letter makes the word wrong', () => {
    const game = mount(playLetters, [
      { value: 'cat', answer: 'a pet' },
      { value: 'dog', answer: 'another pet' },
    ]);
    const type = (text: string) => {
      for (const key of text) document.dispatchEvent(new KeyboardEvent('keydown', { key }));
    };
    for (let i = 0; i < 2; i++) {
      const hint = game.root.querySelector('.value')!.textContent;
      const letters = buttons(game.root, '.letter')
        .map((b) => b.textContent)
        .join('');
      const word = hint === 'Hint: a pet' ? 'cat' : 'dog';
      expect(letters).not.toBe(word);
      if (word === 'dog') type('x');
      type(word);
      expect(game.root.querySelector('.built')!.textContent).toBe(word);
      if (i === 0) byText(game.root, 'Next')!.click();
    }
    expect(game.answers()).toEqual([true, false]);
    expect(byText(game.root, 'Next')).toBeUndefined();
  });

  it('takes clicks on the letters, and shows the word on request', () => {
    const game = mount(playLetters, [{ value: 'ab', answer: '' }]);
    byText(game.root, 'a')!.click();
    expect(game.root.querySelector('.built')!.textContent).toBe('a');
    byText(game.root, 'Show the word')!.click();
    expect(game.answers()).toEqual([false]);
    expect(byText(game.root, 'Next')).toBeUndefined();
  });
});

describe('matching', () => {
  it('fills the gaps from the word bank in order and checks each sentence', () => {
    const cards = [
      { value: 'She ___ to school.', answer: 'goes' },
      { value: 'They ___ football.', answer: 'play' },
    ];
    const game = mount(playMatching, cards);
    expect(byText(game.root, 'Check')).toBeUndefined();
    // the first gap is chosen: fill it with the wrong word, empty it, then fill both right
    byText(game.root, 'play')!.click();
    buttons(game.root, '.gap')[0]!.click();
    expect(
      buttons(game.root, '.word')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual(['goes', 'play']);
    byText(game.root, 'goes')!.click();
    byText(game.root, 'play')!.click();
    byText(game.root, 'Check')!.click();
    expect(game.answers()).toEqual([true, true]);
    expect(buttons(game.root, '.gap').every((g) => g.classList.contains('gap-right'))).toBe(true);
  });
});
