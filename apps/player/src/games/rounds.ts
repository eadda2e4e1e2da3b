import type { CardText } from '@school/contract/game-rules';
import { h } from '../dom';
import type { Translate } from '../i18n';
import { shuffle } from '../rules';

/** What one round (one card) of a game played card by card gets to work with. */
export interface Round {
  /** the card's place in the game's cards */
  index: number;
  /** the round's number from 0, and how many there are */
  step: number;
  total: number;
  /** the Next button, hidden until the card is answered; never shown on the last card */
  next: HTMLButtonElement;
  /** records the card's answer and shows Next, focused; after the last card the game ends */
  answered: (right: boolean) => void;
  /** the round's keyboard handler (the game listens once, for all its rounds) */
  onKey: (handler: (event: KeyboardEvent) => void) => void;
}

/**
 * Plays `cards` one at a time in a shuffled order (the quiz and letters): `round` shows a card;
 * Next leads to the following one. The last card's answer ends the game at once (`done` gets
 * every card's answer): there is no Next after the last question, only the score.
 */
export function playRounds(
  root: HTMLElement,
  cards: readonly CardText[],
  t: Translate,
  done: (answers: boolean[]) => void,
  round: (round: Round) => void,
) {
  const answers: boolean[] = cards.map(() => false);
  const order = shuffle(cards.map((_, i) => i));
  let step = 0;
  let onKey: ((event: KeyboardEvent) => void) | undefined;

  // a game left behind (played again) stops listening
  const keys = (event: KeyboardEvent) => {
    if (root.isConnected) onKey?.(event);
    else document.removeEventListener('keydown', keys);
  };
  const finish = () => {
    document.removeEventListener('keydown', keys);
    done(answers);
  };
  const play = () => {
    onKey = undefined;
    const index = order[step]!;
    const next = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        hidden: true,
        onclick: () => {
          step++;
          if (step < order.length) play();
          else finish();
        },
      },
      t.live('next'),
    );
    round({
      index,
      step,
      total: order.length,
      next,
      answered: (right) => {
        answers[index] = right;
        if (step + 1 < order.length) {
          next.hidden = false;
          next.focus();
        } else {
          finish();
        }
      },
      onKey: (handler) => (onKey = handler),
    });
  };
  document.addEventListener('keydown', keys);
  play();
}
