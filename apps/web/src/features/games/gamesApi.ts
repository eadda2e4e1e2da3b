import {
  GAME_GRID,
  GAME_LETTERS,
  GAME_MATCHING,
  GAME_QUIZ,
  gameSet,
  gameSetList,
  gridCard,
  setCard,
  type GameProblem,
  type GameSet,
  type GameSetList,
  type GameType,
  type GridCard,
  type SetCard,
} from '@school/contract/games';
import { api, withQuery } from '@school/contract/paths';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Dictionary } from '../../i18n/i18n';
import type { Resource } from '../../components/list/types';

type GamesTexts = Dictionary['games'];

/** Each game type's screens and words (docs/screens.md; docs/games.md). */
export const GAME_KINDS: Record<
  GameType,
  {
    list: string;
    cards: string;
    title: `titles.${keyof Dictionary['titles']}`;
    cardsTitle: `titles.${keyof Dictionary['titles']}`;
    words: keyof GamesTexts['kinds'];
  }
> = {
  [GAME_GRID]: {
    list: '/grid',
    cards: '/gridcards',
    title: 'titles.grid',
    cardsTitle: 'titles.gridCards',
    words: 'grid',
  },
  [GAME_QUIZ]: {
    list: '/quiz',
    cards: '/quizcards',
    title: 'titles.quiz',
    cardsTitle: 'titles.quizCards',
    words: 'quiz',
  },
  [GAME_LETTERS]: {
    list: '/letters',
    cards: '/letters',
    title: 'titles.letters',
    cardsTitle: 'titles.letterCards',
    words: 'letters',
  },
  [GAME_MATCHING]: {
    list: '/matching',
    cards: '/matchexamples',
    title: 'titles.matching',
    cardsTitle: 'titles.matchExamples',
    words: 'matching',
  },
};

export function gameSetsResource(type: GameType): Resource<GameSet> {
  return {
    path: api.grids,
    listPath: withQuery(api.grids, { type }),
    list: z.array(gameSet),
    rowLabel: (row) => row.name,
    recordName: (row, t) => t('records.gameSet', { name: row.name }),
  };
}

export function cardsResource(gridId: number): Resource<GridCard> {
  return {
    path: api.gridCards,
    listPath: withQuery(api.gridCards, { grid: gridId, sort: 'order' }),
    list: z.array(gridCard),
    rowLabel: (row) => row.value,
    recordName: (row, t) => t('records.card', { name: row.value.slice(0, 40) }),
  };
}

export const setsResource: Resource<GameSetList> = {
  path: api.sets,
  list: z.array(gameSetList),
  rowLabel: (row) => row.name,
  recordName: (row, t) => t('records.set', { name: row.name }),
};

export const setCardsUrl = (setId: number) =>
  withQuery(api.setCards, { set: setId, sort: 'position', limit: 1000 });
export const setCardList = z.array(setCard);
export type { GameProblem, GameSet, GameSetList, GridCard, SetCard };

/** Why a game set cannot be played, in words; null when it can. */
export function problemsText(t: TFunction, problems: readonly GameProblem[]): string | null {
  if (problems.length === 0) return null;
  return problems.map((problem) => t(`games.problem.${problem}`)).join(' ');
}
