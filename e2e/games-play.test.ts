import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { api, logInAsAdmin, notices, useBrowser, watchBrowserDialogs } from './support.js';

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const gridName = `Animals grid ${suffix}`;
const lettersName = `Fruit words ${suffix}`;
const matchingName = `Daily gaps ${suffix}`;
/** The game sets and sets made here: the database is shared with the other files. */
const created: number[] = [];
const createdSets: number[] = [];

interface Shared {
  link: string;
  embed: string;
}
/** The letters game's link and embed code, for the page of another site. */
let letters: Shared | undefined;

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
});

afterAll(async () => {
  for (const id of createdSets) await api(page, 'DELETE', `/api/set/${id}`);
  for (const id of created) await api(page, 'DELETE', `/api/grid/${id}`);
});

/** The cards' two fields, labelled for each kind of game. */
const FIELDS = {
  Grid: ['Tile text', 'Answer (shown on demand)'],
  Letters: ['Word', 'Hint'],
  Matching: ['Sentence with ___', 'Missing word'],
} as const;

/** The player's page of each kind of game. */
const PAGES = { Grid: 'grid', Letters: 'word', Matching: 'matching-gaps' } as const;

async function addCard(kind: keyof typeof FIELDS, value: string, answer: string) {
  const [valueLabel, answerLabel] = FIELDS[kind];
  const form = page.getByRole('form', { name: 'New card' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Create' }).click();
  await form.getByLabel(valueLabel, { exact: true }).fill(value);
  await form.getByLabel(answerLabel, { exact: true }).fill(answer);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Successfully done !').waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('cell', { name: value, exact: true }).first().waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of the latest notice that says something was copied and includes `part`. */
async function copied(part: string) {
  await expect
    .poll(() => notices(page))
    .toContainEqual(expect.stringMatching(new RegExp(`^Copied: .*${escapeRegExp(part)}`)));
  const texts = await notices(page);
  const text = texts.filter((t) => t.startsWith('Copied: ') && t.includes(part)).at(-1) ?? '';
  return text.replace(/^Copied: /, '').split('\n')[0] ?? '';
}

/**
 * Authors a game of `kind` through the admin screens: the game, then its cards one by one,
 * until it is ready to play; then copies its link and its embed code.
 */
async function authorGame(
  kind: keyof typeof FIELDS,
  name: string,
  cards: readonly (readonly [string, string])[],
): Promise<Shared> {
  await page.goto('/games');
  await page.getByRole('link', { name: new RegExp(`^${kind}`) }).click();
  await page.waitForURL(new RegExp(`/${kind.toLowerCase()}$`));
  await page.getByRole('button', { name: 'Create' }).click();
  const form = page.getByRole('form', { name: 'New game' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Successfully done !').waitFor();
  await page.keyboard.press('Escape');
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(name)) });
  await row.getByText('It has no cards.').waitFor();
  await row.getByRole('link', { name: `Open ${name}` }).click();
  await page.getByRole('heading', { name: `Cards of ${name}`, level: 1 }).waitFor();
  for (const [value, answer] of cards) await addCard(kind, value, answer);
  await page.getByRole('status').filter({ hasText: 'Ready to play' }).first().waitFor();

  await page.getByRole('button', { name: `Copy the link of ${name}` }).click();
  const link = await copied(`/play/${PAGES[kind]}?id=`);
  expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/play/${PAGES[kind]}\\?id=\\d+$`));
  created.push(Number(new URL(link).searchParams.get('id')));
  await page.getByRole('button', { name: `Copy the embed code of ${name}` }).click();
  const embed = await copied(`title="${name}"`);
  expect(embed).toBe(
    `<iframe src="${link}" width="800" height="600" loading="lazy" title="${name}"></iframe>`,
  );
  return { link, embed };
}

/** A learner's own browser, without an account, on the game's link. */
async function learnerOn(link: string, name: string, size: { width: number; height: number }) {
  const learner = await browser.newPage(size);
  const learnerDialogs = watchBrowserDialogs(learner);
  await learner.goto(link);
  await learner.getByRole('heading', { name, level: 1 }).waitFor();
  // no login on the way
  expect(learner.url()).toBe(link);
  return { learner, learnerDialogs };
}

const GRID_CARDS = [
  ['Which animal says “moo”?', 'a cow'],
  ['Which animal has a trunk?', 'an elephant'],
  ['Name an animal that lives in the sea.', ''],
] as const;

const LETTER_CARDS = [
  ['apple', 'It keeps the doctor away'],
  ['lemon', 'A sour yellow fruit'],
] as const;

const MATCHING_CARDS = [
  ['The sky is ___ today.', 'blue'],
  ['I drink ___ every morning.', 'coffee'],
  ['Cats like to ___ all day.', 'sleep'],
] as const;

describe('playing the shared games', () => {
  it('authors a grid, and a learner plays it to the end with the mouse', async () => {
    const { link } = await authorGame('Grid', gridName, GRID_CARDS);
    const { learner, learnerDialogs } = await learnerOn(link, gridName, {
      width: 1280,
      height: 800,
    });
    const verdicts = [true, false, true];
    for (const [i, [value, answer]] of GRID_CARDS.entries()) {
      const tile = learner.getByRole('button', { name: `Card ${i + 1}`, exact: true });
      await tile.click();
      const card = learner.getByRole('region', { name: `Card ${i + 1}`, exact: true });
      await card.getByText(value).waitFor();
      // a card without an answer is judged at once; else the answer shows on demand only
      if (answer) {
        expect(await card.getByText(answer).isVisible()).toBe(false);
        await card.getByRole('button', { name: 'Show answer' }).click();
        await card.getByText(answer).waitFor();
      }
      await card
        .getByRole('button', { name: verdicts[i] ? 'I knew it' : 'I did not know' })
        .click();
      if (i < GRID_CARDS.length - 1) {
        // back on the board, the opened tile cannot be opened again
        await expect.poll(() => tile.isDisabled()).toBe(true);
      }
    }
    await learner.getByText('Well done!').waitFor();
    await learner.getByText('Score: 2 / 3').waitFor();
    await learner.getByRole('button', { name: 'Play again' }).waitFor();
    expect(learnerDialogs).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('authors a letters game, and a learner plays it to the end by keyboard only', async () => {
    letters = await authorGame('Letters', lettersName, LETTER_CARDS);
    const { learner, learnerDialogs } = await learnerOn(letters.link, lettersName, {
      width: 1280,
      height: 800,
    });
    const focused = () => learner.evaluate(() => document.activeElement?.textContent ?? '');
    for (let n = 1; n <= LETTER_CARDS.length; n++) {
      await learner.getByText(`Word ${n} of ${LETTER_CARDS.length}`).waitFor();
      const hint = await learner.getByText(/^Hint: /).innerText();
      const [word] = LETTER_CARDS.find(([, h]) => hint === `Hint: ${h}`) ?? [''];
      expect(word).not.toBe('');
      // a letter is focused at once, so typing starts without reaching for the mouse
      await expect.poll(() => focused()).toMatch(/^\p{L}$/u);
      if (word === 'lemon') {
        // a letter that is not next does not count, and the word is no longer right
        await learner.keyboard.press('z');
        await learner.getByText('Not this letter').waitFor();
      }
      await learner.keyboard.type(word);
      // a word rebuilt without a mistake is right; else the word itself is shown
      await learner
        .getByRole('status')
        .filter({ hasText: word === 'lemon' ? /^lemon$/ : /^Right!$/ })
        .waitFor();
      // the way on is focused: Enter takes it; after the last word there is only the score
      if (n < LETTER_CARDS.length) {
        await expect.poll(() => focused()).toBe('Next');
        await learner.keyboard.press('Enter');
      }
    }
    await learner.getByText('Well done!').waitFor();
    await learner.getByText('Score: 1 / 2').waitFor();
    await expect.poll(() => focused()).toBe('Play again');
    expect(learnerDialogs).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('authors a matching game, and a learner plays it to the end on a phone', async () => {
    const { link } = await authorGame('Matching', matchingName, MATCHING_CARDS);
    const { learner, learnerDialogs } = await learnerOn(link, matchingName, {
      width: 375,
      height: 740,
    });
    const words = learner.getByRole('group', { name: 'Words' });
    const gap = (n: number) => learner.getByRole('button', { name: new RegExp(`^Gap ${n}:`) });
    await expect.poll(() => gap(1).getAttribute('aria-pressed')).toBe('true');
    // a wrong word in the first gap, taken out again by tapping the gap
    await words.getByRole('button', { name: 'sleep', exact: true }).click();
    await expect.poll(() => gap(1).getAttribute('aria-label')).toBe('Gap 1: sleep');
    await gap(1).click();
    await expect.poll(() => gap(1).getAttribute('aria-label')).toBe('Gap 1: empty');
    // the last sentence's word dragged into its gap (the pointer moves, then lets go)
    const [, , [, lastWord]] = MATCHING_CARDS;
    const from = (await words.getByRole('button', { name: lastWord, exact: true }).boundingBox())!;
    const to = (await gap(3).boundingBox())!;
    await learner.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await learner.mouse.down();
    await learner.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await learner.mouse.up();
    await expect.poll(() => gap(3).getAttribute('aria-label')).toBe(`Gap 3: ${lastWord}`);
    // the others by tapping: the first empty gap is chosen, then its word
    for (const [i, [, answer]] of MATCHING_CARDS.slice(0, 2).entries()) {
      await expect.poll(() => gap(i + 1).getAttribute('aria-pressed')).toBe('true');
      await words.getByRole('button', { name: answer, exact: true }).click();
      await expect
        .poll(() => gap(i + 1).getAttribute('aria-label'))
        .toBe(`Gap ${i + 1}: ${answer}`);
    }
    await learner.getByRole('button', { name: 'Check' }).click();
    await learner.getByText('Well done!').waitFor();
    await learner.getByText('Score: 3 / 3').waitFor();
    // nothing of it is out of the phone's width
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(learnerDialogs).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('plays a game embedded with the copied code on a page of another site', async () => {
    // the letters game authored above
    const { link, embed } = letters ?? { link: '', embed: '' };
    expect(embed).toContain('<iframe');
    const site: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Class blog</title>` +
          `</head><body><h1>Class blog</h1><p>Today’s game:</p>${embed}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = site.address() as AddressInfo;
      const host = await browser.newPage({ width: 1280, height: 800 });
      const hostDialogs = watchBrowserDialogs(host);
      await host.goto(`http://localhost:${port}/`);
      await host.getByRole('heading', { name: 'Class blog' }).waitFor();
      // another site: neither the host nor the port is the app's
      expect(new URL(host.url()).origin).not.toBe(new URL(link).origin);
      const iframe = host.locator('iframe');
      expect(await iframe.getAttribute('title')).toBe(lettersName);
      expect(await iframe.getAttribute('src')).toBe(link);
      const frame: FrameLocator = host.frameLocator('iframe');
      await frame.getByRole('heading', { name: lettersName, level: 1 }).waitFor();
      for (let n = 1; n <= LETTER_CARDS.length; n++) {
        await frame.getByText(`Word ${n} of ${LETTER_CARDS.length}`).waitFor();
        const hint = await frame.getByText(/^Hint: /).innerText();
        const [word] = LETTER_CARDS.find(([, h]) => hint === `Hint: ${h}`) ?? [''];
        expect(word).not.toBe('');
        for (const letter of word) {
          await frame
            .getByRole('button', { name: `Letter ${letter}`, exact: true, disabled: false })
            .first()
            .click();
        }
        await frame.getByText('Right!').waitFor();
        if (n < LETTER_CARDS.length) await frame.getByRole('button', { name: 'Next' }).click();
      }
      await frame.getByText('Well done!').waitFor();
      await frame.getByText('Score: 2 / 2').waitFor();
      expect(hostDialogs).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('puts the grid and the matching game in a set, and a learner plays both with one total', async () => {
    const setName = `Monday warm-up ${suffix}`;
    await page.goto('/set');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New set' });
    await form.getByLabel('Name').fill(setName);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: `Open ${setName}` }).click();
    for (const name of [gridName, matchingName]) {
      await page.getByLabel('Add a game').selectOption({ label: name });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('listitem').filter({ hasText: name }).waitFor();
    }
    await page.getByRole('status').filter({ hasText: 'Ready to play' }).first().waitFor();
    await page.getByRole('button', { name: `Copy the link of ${setName}` }).click();
    const link = await copied('/play/set?id=');
    createdSets.push(Number(new URL(link).searchParams.get('id')));

    const { learner, learnerDialogs } = await learnerOn(link, setName, {
      width: 800,
      height: 700,
    });
    // game 1: the grid, every card known
    await learner.getByText(`Game 1 of 2: ${gridName}`).waitFor();
    for (let i = 1; i <= GRID_CARDS.length; i++) {
      await learner.getByRole('button', { name: `Card ${i}`, exact: true }).click();
      await learner.getByRole('button', { name: 'I knew it' }).click();
    }
    await learner.getByText(`Score: ${GRID_CARDS.length} / ${GRID_CARDS.length}`).waitFor();
    await learner.getByRole('button', { name: 'Next game' }).click();
    // game 2: the matching game, one sentence wrong on purpose
    await learner.getByText(`Game 2 of 2: ${matchingName}`).waitFor();
    const words = learner.getByRole('group', { name: 'Words' });
    const answers = MATCHING_CARDS.map(([, answer]) => answer);
    for (const answer of [answers[1]!, answers[0]!, answers[2]!]) {
      await words.getByRole('button', { name: answer, exact: true }).click();
    }
    await learner.getByRole('button', { name: 'Check' }).click();
    const total = GRID_CARDS.length + MATCHING_CARDS.length;
    await learner.getByText('Well done!').waitFor();
    await learner.getByText(`Total score: ${total - 2} / ${total}`).waitFor();
    // and again from the start
    await learner.getByRole('button', { name: 'Play again' }).click();
    await learner.getByText(`Game 1 of 2: ${gridName}`).waitFor();
    expect(learnerDialogs).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
