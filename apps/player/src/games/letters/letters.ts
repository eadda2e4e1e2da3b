import { h, show } from '../../dom';
import { isNextLetter, partialWord, shuffleLetters } from '../../rules';
import type { GameView } from '../game';
import { playRounds } from '../rounds';

/**
 * Letters (type 3): rebuild each word from its shuffled letters, by clicking them or typing
 * them in order; the card's answer is the hint. A word rebuilt without a wrong letter is right.
 */
export const playLetters: GameView = (root, cards, t, done) => {
  playRounds(root, cards, t, done, ({ index, step, total, next, answered, onKey }) => {
    const card = cards[index]!;
    const target = card.value.trim();
    const letters = shuffleLetters(target);
    const used = letters.map(() => false);
    let placed = 0;
    let mistakes = 0;
    let over = false;

    const built = h('p', { class: 'built', 'aria-live': 'polite' });
    const feedback = h('p', { class: 'feedback', role: 'status' });
    const giveUp = h('button', { type: 'button', onclick: () => end(false) }, t.live('giveUp'));
    const tiles = letters.map((letter, i) =>
      h(
        'button',
        {
          type: 'button',
          class: 'letter',
          'aria-label': t.live('letter', { letter }),
          onclick: () => pick(i),
        },
        letter,
      ),
    );
    const render = () => {
      built.textContent = partialWord(target, placed) || '\u00a0';
    };
    const end = (right: boolean) => {
      over = true;
      placed = letters.length;
      render();
      for (const tile of tiles) tile.disabled = true;
      giveUp.hidden = true;
      show(feedback, right ? t.live('right') : target);
      answered(right);
    };
    const pick = (i: number) => {
      if (over || used[i]) return;
      if (!isNextLetter(target, placed, letters[i]!)) {
        mistakes++;
        show(feedback, t.live('wrongLetter'));
        tiles[i]!.classList.remove('shake');
        void tiles[i]!.offsetWidth;
        tiles[i]!.classList.add('shake');
        return;
      }
      used[i] = true;
      tiles[i]!.disabled = true;
      placed++;
      feedback.textContent = '';
      render();
      if (placed === letters.length) end(mistakes === 0);
      else tiles.find((tile) => !tile.disabled)?.focus();
    };
    onKey((event) => {
      if (over || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      // the typed letter: the first unused tile that is the next letter, else any unused one
      const free = letters.map((_, i) => i).filter((i) => !used[i]);
      const same = free.filter(
        (i) => letters[i]!.toLocaleLowerCase() === event.key.toLocaleLowerCase(),
      );
      const right = same.find((i) => isNextLetter(target, placed, letters[i]!));
      const choice = right ?? same[0];
      if (choice !== undefined) pick(choice);
      else if (/\p{L}/u.test(event.key)) {
        mistakes++;
        show(feedback, t.live('wrongLetter'));
      }
    });
    render();
    show(
      root,
      h(
        'section',
        { class: 'card' },
        h('p', { class: 'progress' }, t.live('wordOf', { n: step + 1, total })),
        card.answer.trim()
          ? h('p', { class: 'value' }, t.live('hint', { hint: card.answer }))
          : null,
        h('p', { class: 'help' }, t.live('typeOrClick')),
        built,
        h('div', { class: 'letters' }, tiles),
        feedback,
        h('div', { class: 'actions' }, giveUp, next),
      ),
    );
    tiles[0]?.focus();
  });
};
