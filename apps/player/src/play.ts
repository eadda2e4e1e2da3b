import { GAME_GRID, GAME_LETTERS, GAME_MATCHING, GAME_QUIZ } from '@school/contract/game-rules';
import { sendResult, type Playlist } from './api';
import { h, show } from './dom';
import type { GameView } from './games/game';
import { playGrid } from './games/grid/grid';
import { playLetters } from './games/letters/letters';
import { playMatching } from './games/matching/matching';
import { playQuiz } from './games/quiz/quiz';
import type { Translate } from './i18n';
import { newPlayId, setTotal } from './rules';

const VIEWS: Record<number, GameView> = {
  [GAME_GRID]: playGrid,
  [GAME_QUIZ]: playQuiz,
  [GAME_LETTERS]: playLetters,
  [GAME_MATCHING]: playMatching,
};

export interface PlayOptions {
  /** what the result is of: the game set or the set */
  target: { grid: number } | { set: number };
  /** the student's hashCode from ?s=: only then is the result sent */
  hashCode: string | null;
}

/**
 * Plays a playlist: its games in order (one for a game set), then one total score and Play
 * again. The result is sent once per play, with a new play id each time.
 */
export function playList(root: HTMLElement, list: Playlist, t: Translate, options: PlayOptions) {
  const results: boolean[][] = [];
  const started = Date.now();
  const playId = newPlayId(crypto.getRandomValues(new Uint8Array(16)));
  const stage = h('div', { class: 'stage' });
  const footer = h('div', { class: 'footer', role: 'status' });
  show(root, stage, footer);

  const play = (n: number) => {
    const game = list.games[n]!;
    const view = VIEWS[game.type] ?? playGrid;
    footer.replaceChildren();
    const heading =
      list.games.length > 1
        ? h(
            'p',
            { class: 'progress' },
            t.live('gameOf', { n: n + 1, total: list.games.length }),
            ': ',
            game.name,
          )
        : null;
    const area = h('div', { class: 'game' });
    show(stage, heading, area);
    view(area, game.cards, t, (answers) => {
      results[n] = answers;
      const own = answers.filter(Boolean).length;
      const score = h(
        'p',
        { class: 'score' },
        t.live('score', { score: own, max: answers.length }),
      );
      if (n + 1 < list.games.length) {
        const next = h(
          'button',
          { type: 'button', class: 'primary', onclick: () => play(n + 1) },
          t.live('nextGame'),
        );
        footer.replaceChildren(score, next);
        next.focus();
      } else {
        finish();
      }
    });
  };

  const finish = () => {
    const total = setTotal(results);
    const again = h(
      'button',
      { type: 'button', class: 'primary', onclick: () => playList(root, list, t, options) },
      t.live('playAgain'),
    );
    const saved = h('p', { class: 'saved' });
    footer.replaceChildren(
      h('p', { class: 'finished' }, t.live('finished')),
      h(
        'p',
        { class: 'score' },
        t(list.games.length > 1 ? 'totalScore' : 'score', { score: total.score, max: total.max }),
      ),
      saved,
      again,
    );
    again.focus();
    if (options.hashCode) {
      void sendResult({
        ...options.target,
        hashCode: options.hashCode,
        playId,
        score: total.score,
        max: total.max,
        durationMs: Math.min(Date.now() - started, 86_400_000),
        cards: total.cards,
      }).then((ok) => {
        if (ok) show(saved, t.live('saved'));
      });
    }
  };

  play(0);
}
