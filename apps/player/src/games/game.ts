import type { CardText } from '@school/contract/game-rules';
import type { Translate } from '../i18n';

/**
 * One game on the page: it renders into `root` and calls `done` once with each card's answer
 * (right or wrong), in the order of `cards`.
 */
export type GameView = (
  root: HTMLElement,
  cards: readonly CardText[],
  t: Translate,
  done: (answers: boolean[]) => void,
) => void;
