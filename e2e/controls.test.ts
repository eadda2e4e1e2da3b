import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { BOT_USERNAME } from './global-setup.js';
import {
  api,
  logInAsAdmin,
  networkSettled,
  notices,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

// docs/interface.md, Panels: a control appears only where it does something; a notice about a
// page goes when the page goes.

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const tag = Date.now().toString(36);
const games: number[] = [];

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 800 });
  dialogs = watchBrowserDialogs(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await logInAsAdmin(page);
});
afterAll(async () => {
  for (const id of games) await sql('delete from game_sets where id = $1', [id]);
});

/** The element is on screen, whole, and the page does not scroll sideways. */
async function onScreen(locator: Locator, viewport = { width: 1280, height: 800 }) {
  await locator.waitFor();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  const page = locator.page();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

describe('the student’s bot link', () => {
  it('offers no copy without a bot username, and says why; no new link without a bot', async () => {
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Nobot',
      surname: `Controls ${tag}`,
    });
    // the server as it answers with no BOT_USERNAME: the student has no deep link
    await page.route(`**/api/students/${student.id}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, deepLink: null } });
    });
    try {
      await page.goto(`/students/${student.id}`);
      const section = page.getByRole('region', { name: 'Bot link' });
      await onScreen(
        section.getByText(
          'The bot is not configured yet (no bot username), so there is no link to copy.',
        ),
      );
      await networkSettled(page);
      expect(await page.getByRole('button', { name: 'Copy bot link' }).count()).toBe(0);
      // no bot runs here (no BOT_TOKEN): no new bot link, which would only end the page link
      expect(await section.getByRole('button', { name: 'New bot link' }).count()).toBe(0);
      expect(await section.getByText(/ends the learner’s page link/).count()).toBe(0);
      expect(await notices(page)).toEqual([]);
    } finally {
      await page.unroute(`**/api/students/${student.id}`);
    }
  });

  it('copies the link when there is one, and the Copied notice does not follow to the next page', async () => {
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Withbot',
      surname: `Controls ${tag}`,
    });
    await page.goto(`/students/${student.id}`);
    await page.getByRole('button', { name: 'Copy bot link' }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining(`Copied: https://t.me/${BOT_USERNAME}?start=`));
    // to the students' list: the notice about the student's page does not come along
    await page.getByRole('navigation').getByRole('link', { name: 'Students' }).click();
    await page.waitForURL((url) => url.pathname === '/students');
    await page.getByRole('table', { name: 'Students' }).waitFor();
    expect(await notices(page)).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});

describe('a game’s share buttons', () => {
  it('are not there until the game has cards, then are all there', async () => {
    const name = `Empty quiz ${tag}`;
    const game = await api<{ id: number }>(page, 'POST', '/api/grid', { name, type: 2 });
    games.push(game.id);
    const shares = [
      `Copy the link of ${name}`,
      `Copy the embed code of ${name}`,
      `Show the QR code of ${name}`,
      `Copy a student’s link to ${name}`,
    ];
    const row = page.getByRole('row', { name: new RegExp(name) });

    await page.goto('/quiz');
    await onScreen(row.getByText('It has no cards.'));
    await networkSettled(page);
    for (const label of shares)
      expect(await row.getByRole('button', { name: label }).count()).toBe(0);
    // its own cards screen offers none either
    await page.goto(`/quizcards/${game.id}`);
    await page.getByRole('heading', { name: `Cards of ${name}`, level: 1 }).waitFor();
    await networkSettled(page);
    for (const label of shares)
      expect(await page.getByRole('button', { name: label }).count()).toBe(0);

    for (const [value, answer] of [
      ['Says moo', 'cow'],
      ['Says woof', 'dog'],
    ]) {
      await api(page, 'POST', '/api/gridcard', { grid: game.id, value, answer });
    }
    await page.goto('/quiz');
    for (const label of shares) await onScreen(row.getByRole('button', { name: label }));
  });
});

describe('the quiz player', () => {
  it('has no Next after the last question: the score, and Play again', async () => {
    const name = `Last question ${tag}`;
    const game = await api<{ id: number; link: string }>(page, 'POST', '/api/grid', {
      name,
      type: 2,
    });
    games.push(game.id);
    const cards = [
      ['Says moo', 'cow'],
      ['Says woof', 'dog'],
      ['Says meow', 'cat'],
    ] as const;
    for (const [value, answer] of cards) {
      await api(page, 'POST', '/api/gridcard', { grid: game.id, value, answer });
    }
    const learner = await browser.newPage({ width: 390, height: 844 });
    const learnerDialogs = watchBrowserDialogs(learner);
    await learner.goto(new URL(game.link).pathname + new URL(game.link).search);
    await learner.getByRole('heading', { name, level: 1 }).waitFor();
    for (let n = 1; n <= cards.length; n++) {
      await learner.getByText(`Question ${n} of ${cards.length}`).waitFor();
      const question = await learner.locator('.value').innerText();
      const [, answer] = cards.find(([value]) => value === question) ?? ['', ''];
      await learner.getByRole('button', { name: new RegExp(`${answer}$`) }).click();
      await learner.getByText('Right!').waitFor();
      if (n < cards.length) await learner.getByRole('button', { name: 'Next' }).click();
    }
    await onScreen(learner.getByText('Well done!'), { width: 390, height: 844 });
    await learner.getByText('Score: 3 / 3').waitFor();
    expect(await learner.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await onScreen(learner.getByRole('button', { name: 'Play again' }), {
      width: 390,
      height: 844,
    });
    expect(learnerDialogs).toEqual([]);
  });
});
