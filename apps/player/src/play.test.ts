// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Playlist } from './api';
import { relabel } from './dom';
import { translator } from './i18n';
import { playList } from './play';

const t = translator('en');

/** Two grid games of one and two tiles: every tile is opened and marked known. */
const list: Playlist = {
  id: 4,
  name: 'Monday',
  games: [
    { name: 'First', type: 1, cards: [{ value: 'one', answer: '' }] },
    {
      name: 'Second',
      type: 1,
      cards: [
        { value: 'two', answer: '' },
        { value: 'three', answer: '' },
      ],
    },
  ],
};

const click = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')]
    .find(
      (b) =>
        !b.hidden &&
        !b.disabled &&
        (b.textContent === text || b.getAttribute('aria-label') === text),
    )!
    .click();

function playThrough(root: HTMLElement, [first, second, third]: boolean[]) {
  const mark = (knew: boolean | undefined) => click(root, knew ? 'I knew it' : 'I did not know');
  click(root, 'Card 1');
  mark(first);
  click(root, 'Next game');
  click(root, 'Card 1');
  mark(second);
  click(root, 'Card 2');
  mark(third);
}

afterEach(() => vi.unstubAllGlobals());

describe('a set', () => {
  it('plays its games in order with one total, and sends the result once for a student', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    playList(root, list, t, { target: { set: 4 }, hashCode: 'student-hash' });
    expect(root.textContent).toContain('Game 1 of 2: First');
    playThrough(root, [true, false, true]);
    expect(root.querySelector('.score')!.textContent).toBe('Total score: 2 / 3');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/results');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      set: 4,
      hashCode: 'student-hash',
      score: 2,
      max: 3,
      cards: [
        { game: 0, card: 0, right: true },
        { game: 1, card: 0, right: false },
        { game: 1, card: 1, right: true },
      ],
    });
    expect(body.playId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await vi.waitFor(() => expect(root.textContent).toContain('Your result is saved.'));

    // play again: a new play with a new id
    click(root, 'Play again');
    playThrough(root, [true, true, true]);
    expect(root.querySelector('.score')!.textContent).toBe('Total score: 3 / 3');
    const second = JSON.parse(
      String((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body),
    );
    expect(second.playId).not.toBe(body.playId);
  });

  it('sends nothing for an anonymous play', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    playList(root, list, t, { target: { set: 4 }, hashCode: null });
    playThrough(root, [true, true, true]);
    expect(root.textContent).toContain('Well done!');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a quiz played to the end', () => {
  it('shows the score after the last answer, with no Next above it', () => {
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    const cards = [
      { value: 'Says moo', answer: 'cow' },
      { value: 'Says woof', answer: 'dog' },
    ];
    playList(root, { id: 9, name: 'Animals', games: [{ name: 'Animals', type: 2, cards }] }, t, {
      target: { grid: 9 },
      hashCode: null,
    });
    const visible = () =>
      [...root.querySelectorAll<HTMLButtonElement>('button')]
        .filter((b) => !b.hidden)
        .map((b) => b.textContent);
    for (let question = 0; question < cards.length; question++) {
      const card = cards.find((c) => c.value === root.querySelector('.value')!.textContent)!;
      [...root.querySelectorAll<HTMLButtonElement>('.option')]
        .find((b) => b.textContent?.slice(1) === card.answer)!
        .click();
      if (question === 0) click(root, 'Next');
    }
    expect(root.querySelector('.finished')!.textContent).toBe('Well done!');
    expect(root.querySelector('.footer .score')!.textContent).toBe('Score: 2 / 2');
    expect(visible()).not.toContain('Next');
    expect(visible()).toContain('Play again');
    expect(document.activeElement?.textContent).toBe('Play again');
  });
});

describe('a language switch in the middle of a game', () => {
  it('keeps the game where it is and changes only its words', () => {
    const live = translator('en');
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    const cards = [
      { value: 'Says moo', answer: 'cow' },
      { value: 'Says woof', answer: 'dog' },
      { value: 'Says meow', answer: 'cat' },
    ];
    playList(root, { id: 9, name: 'Animals', games: [{ name: 'Animals', type: 2, cards }] }, live, {
      target: { grid: 9 },
      hashCode: null,
    });
    const question = () => root.querySelector('.value')!.textContent;
    const first = question();
    const card = cards.find((c) => c.value === first)!;
    const right = [...root.querySelectorAll<HTMLButtonElement>('.option')].find(
      (b) => b.textContent?.slice(1) === card.answer,
    )!;
    right.click();
    expect(root.querySelector('.progress')!.textContent).toBe('Question 1 of 3');
    expect(root.querySelector('.feedback')!.textContent).toBe('Right!');

    live.locale = 'pl';
    relabel();
    // the same question, still answered, in Polish
    expect(question()).toBe(first);
    expect(root.querySelector('.progress')!.textContent).toBe('Pytanie 1 z 3');
    expect(root.querySelector('.feedback')!.textContent).toBe('Dobrze!');
    expect(right.classList.contains('chosen-right')).toBe(true);
    expect(
      [...root.querySelectorAll('.option')].every((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
    click(root, 'Dalej');
    expect(root.querySelector('.progress')!.textContent).toBe('Pytanie 2 z 3');

    live.locale = 'uk';
    relabel();
    expect(root.querySelector('.progress')!.textContent).toBe('Питання 2 з 3');
  });
});
