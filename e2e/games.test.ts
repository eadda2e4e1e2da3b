import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { admin, logIn, notices, useBrowser, watchBrowserDialogs } from './support.js';

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const quizName = `Colours quiz ${Date.now().toString(36)}`;

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logIn(page, admin);
});

async function addCard(question: string, answer: string) {
  const form = page.getByRole('form', { name: 'New card' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Create' }).click();
  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Right answer').fill(answer);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Successfully done !').waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('cell', { name: question }).first().waitFor();
}

describe('games', () => {
  it('authors a quiz, says why it cannot be shared yet, then shares a link that plays without a login', async () => {
    await page.goto('/games');
    await page.getByRole('link', { name: /^Quiz/ }).click();
    await page.waitForURL(/\/quiz$/);
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New game' });
    await form.getByLabel('Name').fill(quizName);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    const row = page.getByRole('row', { name: new RegExp(quizName) });
    await row.getByText('It has no cards.').waitFor();
    // a game that cannot be played has no link to copy, and says why
    await row.getByRole('button', { name: `Copy the link of ${quizName}` }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('Not ready to play, so there is no link to share'));

    await row.getByRole('link', { name: `Open ${quizName}` }).click();
    await page.getByRole('heading', { name: `Cards of ${quizName}`, level: 1 }).waitFor();
    await addCard('What colour is the sky?', 'blue');
    await page
      .getByRole('status')
      .filter({ hasText: 'A quiz needs at least 2 cards.' })
      .first()
      .waitFor();
    await addCard('What colour is grass?', 'green');
    await addCard('What colour is snow?', 'white');
    await page.getByRole('status').filter({ hasText: 'Ready to play' }).first().waitFor();

    await page.getByRole('button', { name: `Copy the link of ${quizName}` }).click();
    await expect.poll(() => notices(page)).toContainEqual(expect.stringMatching(/Copied: http/));
    const copied = (await notices(page)).find((text) => text.startsWith('Copied: '));
    const link = copied?.replace(/^Copied: /, '').split('\n')[0] ?? '';
    expect(link).toMatch(/\/play\/quiz\?id=\d+$/);
    await page.getByRole('button', { name: `Copy the embed code of ${quizName}` }).click();
    await expect.poll(() => notices(page)).toContainEqual(expect.stringContaining('<iframe src="'));

    // a learner without an account plays it on a phone
    const phone = await browser.newPage({ width: 375, height: 740 });
    await phone.goto(link);
    await phone.getByRole('heading', { name: quizName }).waitFor();
    for (let question = 0; question < 3; question++) {
      const text = await phone.getByText(/What colour is/).innerText();
      const answer = text.includes('sky') ? 'blue' : text.includes('grass') ? 'green' : 'white';
      await phone.getByRole('button', { name: new RegExp(`${answer}$`) }).click();
      const next = phone.getByRole('button', { name: /Next|Finish|See the score/ });
      if (await next.count()) await next.first().click();
    }
    await phone.getByText(/3 of 3|3\/3/).waitFor();
    expect(dialogs).toEqual([]);
  });

  it('puts games in a set and changes their order by keyboard', async () => {
    await page.goto('/set');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New set' });
    await form.getByLabel('Name').fill(`Warm-up ${quizName}`);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: `Open Warm-up ${quizName}` }).click();
    const add = page.getByLabel('Add a game');
    await add.selectOption({ label: quizName });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: quizName }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Ready to play' }).first().waitFor();
    expect(await page.getByRole('button', { name: `Move ${quizName} up` }).isDisabled()).toBe(true);
  });
});
