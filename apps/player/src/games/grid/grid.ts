import { h, show } from '../../dom';
import type { GameView } from '../game';

/**
 * Grid (type 1): numbered tiles; a tile opens its card, the answer shows on demand, and the
 * learner says whether they knew it. Done when every tile is opened.
 */
export const playGrid: GameView = (root, cards, t, done) => {
  const answers: (boolean | undefined)[] = cards.map(() => undefined);
  let lastTile = 0;

  const board = () => {
    const tiles = cards.map((_card, i) =>
      h(
        'button',
        {
          type: 'button',
          class: `tile${answers[i] === undefined ? '' : answers[i] ? ' tile-right' : ' tile-wrong'}`,
          'aria-label': t.live('tile', { n: i + 1 }),
          disabled: answers[i] !== undefined,
          onclick: () => open(i),
        },
        String(i + 1),
      ),
    );
    show(root, h('div', { class: 'tiles' }, tiles));
    const next =
      tiles.slice(lastTile).find((tile) => !tile.disabled) ?? tiles.find((x) => !x.disabled);
    next?.focus();
  };

  const open = (i: number) => {
    lastTile = i;
    const card = cards[i]!;
    const answer = h('p', { class: 'answer', hidden: true }, card.answer);
    const mark = (right: boolean) => {
      answers[i] = right;
      if (answers.every((a) => a !== undefined)) done(answers.map(Boolean));
      else board();
    };
    const hasAnswer = card.answer.trim() !== '';
    const judge = h(
      'div',
      { class: 'actions', hidden: hasAnswer },
      h('button', { type: 'button', class: 'good', onclick: () => mark(true) }, t.live('knewIt')),
      h(
        'button',
        { type: 'button', class: 'bad', onclick: () => mark(false) },
        t.live('didNotKnow'),
      ),
    );
    const reveal = h(
      'button',
      {
        type: 'button',
        onclick: () => {
          answer.hidden = false;
          judge.hidden = false;
          reveal.hidden = true;
          judge.querySelector('button')?.focus();
        },
      },
      t.live('showAnswer'),
    );
    show(
      root,
      h(
        'section',
        { class: 'card', 'aria-label': t.live('tile', { n: i + 1 }) },
        h('p', { class: 'tile-number' }, String(i + 1)),
        h('p', { class: 'value' }, card.value),
        answer,
        hasAnswer ? h('div', { class: 'actions' }, reveal) : null,
        judge,
      ),
    );
    (hasAnswer ? reveal : judge.querySelector('button'))?.focus();
  };

  board();
};
