import { h, Live, show } from '../../dom';
import { dragOnto } from '../../drag';
import {
  checkGaps,
  clearGap,
  newGaps,
  nextEmptyGap,
  placeWord,
  splitGap,
  unplaced,
  type Gaps,
} from '../../rules';
import type { GameView } from '../game';

/**
 * Matching with gaps (type 4): every sentence has a gap ___ and every card's answer is in the
 * word bank. The learner drags a word into a gap, or chooses a gap (the first empty one is
 * chosen already) and then a word; a placed word can be dragged to another gap or back to the
 * bank. Check scores each sentence.
 */
export const playMatching: GameView = (root, cards, t, done) => {
  const answers = cards.map((c) => c.answer);
  let gaps: Gaps = newGaps(answers);
  let active: number | null = 0;
  let checked: boolean[] | undefined;
  let focus: 'gap' | 'word' = 'word';

  const render = () => {
    const sentences = cards.map((card, i) => {
      const [before, after] = splitGap(card.value);
      const entry = gaps.filled[i];
      const word = entry === null || entry === undefined ? undefined : gaps.bank[entry]?.word;
      const state = checked ? (checked[i] ? ' gap-right' : ' gap-wrong') : '';
      const gap = h(
        'button',
        {
          type: 'button',
          class: `gap${i === active ? ' gap-active' : ''}${state}`,
          'aria-label': new Live(() => `${t('gap', { n: i + 1 })}: ${word ?? t('emptyGap')}`),
          'aria-pressed': i === active ? 'true' : 'false',
          disabled: !!checked,
          'data-gap': i,
          onclick: () => {
            if (word !== undefined) {
              gaps = clearGap(gaps, i);
            }
            active = i;
            focus = 'word';
            render();
          },
        },
        word ?? '\u00a0\u00a0\u00a0\u00a0\u00a0',
      );
      if (entry !== null && entry !== undefined && !checked) {
        dragOnto(gap, '.gap, .bank', (target) => {
          const to = target.dataset.gap;
          gaps = to === undefined ? clearGap(gaps, i) : placeWord(gaps, Number(to), entry);
          active = nextEmptyGap(gaps, i);
          focus = 'word';
          render();
        });
      }
      return h(
        'li',
        { class: 'sentence' },
        before,
        gap,
        after,
        checked && !checked[i] ? h('span', { class: 'correction' }, ` (${card.answer})`) : null,
      );
    });
    const bank = unplaced(gaps).map((entry) => {
      const button = h(
        'button',
        {
          type: 'button',
          class: 'word',
          disabled: !!checked,
          onclick: () => {
            if (active === null) return;
            gaps = placeWord(gaps, active, entry);
            active = nextEmptyGap(gaps, active);
            focus = active === null ? 'gap' : 'word';
            render();
          },
        },
        gaps.bank[entry]!.word,
      );
      if (!checked) {
        dragOnto(button, '.gap', (target) => {
          const to = Number(target.dataset.gap);
          gaps = placeWord(gaps, to, entry);
          active = nextEmptyGap(gaps, to);
          focus = active === null ? 'gap' : 'word';
          render();
        });
      }
      return button;
    });
    const check = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        hidden: !!checked || nextEmptyGap(gaps) !== null,
        onclick: () => {
          checked = checkGaps(gaps, answers);
          render();
          done(checked);
        },
      },
      t.live('check'),
    );
    show(
      root,
      h(
        'section',
        { class: 'card' },
        h('p', { class: 'help' }, t.live('gapsHelp')),
        h('ol', { class: 'sentences' }, sentences),
        h('div', { class: 'bank', role: 'group', 'aria-label': t.live('words') }, bank),
        h('div', { class: 'actions' }, check),
      ),
    );
    if (!check.hidden) check.focus();
    else if (focus === 'word' && bank[0]) bank[0].focus();
    else root.querySelector<HTMLElement>('.gap')?.focus();
  };

  render();
};
