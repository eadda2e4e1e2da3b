import { h, show } from '../../dom';
import { quizOptions, sameAnswer } from '../../rules';
import type { GameView } from '../game';
import { playRounds } from '../rounds';

/**
 * Quiz (type 2): each question with its answer among other cards' answers; one point a right
 * choice. Options are picked with the mouse, touch, or the keys 1-4.
 */
export const playQuiz: GameView = (root, cards, t, done) => {
  const all = cards.map((c) => c.answer);
  playRounds(root, cards, t, done, ({ index, step, total, next, answered, onKey }) => {
    const card = cards[index]!;
    const options = quizOptions(all, index);
    const feedback = h('p', { class: 'feedback', role: 'status' });
    const buttons = options.map((option, n) =>
      h(
        'button',
        { type: 'button', class: 'option', onclick: () => choose(option, buttons[n]!) },
        h('span', { class: 'key', 'aria-hidden': 'true' }, String(n + 1)),
        option,
      ),
    );
    const choose = (option: string, button: HTMLButtonElement) => {
      if (!next.hidden) return;
      const right = sameAnswer(option, card.answer);
      for (const b of buttons) b.disabled = true;
      button.classList.add(right ? 'chosen-right' : 'chosen-wrong');
      buttons[options.findIndex((o) => sameAnswer(o, card.answer))]?.classList.add('is-right');
      show(feedback, right ? t.live('right') : t.live('wrongAnswer', { answer: card.answer }));
      answered(right);
    };
    onKey((event) => {
      const n = Number(event.key);
      const button = Number.isInteger(n) ? buttons[n - 1] : undefined;
      if (button && !button.disabled) button.click();
    });
    show(
      root,
      h(
        'section',
        { class: 'card' },
        h('p', { class: 'progress' }, t.live('question', { n: step + 1, total })),
        h('p', { class: 'value' }, card.value),
        h('div', { class: 'options' }, buttons),
        feedback,
        h('div', { class: 'actions' }, next),
      ),
    );
    buttons[0]?.focus();
  });
};
