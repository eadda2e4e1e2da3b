import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, logInAsAdmin, notices, useBrowser, watchBrowserDialogs } from './support.js';

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const quizName = `Colours quiz ${Date.now().toString(36)}`;

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
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
  it('authors a quiz, offers no sharing until it can be played, then shares a link that plays without a login', async () => {
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
    // a game that cannot be played has no share buttons; its row says why
    for (const share of ['Copy the link of', 'Copy the embed code of', 'Show the QR code of']) {
      expect(await row.getByRole('button', { name: `${share} ${quizName}` }).count()).toBe(0);
    }

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

    // the QR code for the classroom screen, with a download
    await page.getByRole('button', { name: `Show the QR code of ${quizName}` }).click();
    const qr = page.getByRole('dialog', { name: `QR code of ${quizName}` });
    await qr.getByRole('img', { name: `QR code of ${link}` }).waitFor();
    expect(
      await qr.getByRole('link', { name: 'Download the QR code' }).getAttribute('href'),
    ).toMatch(/^data:image\/png;base64,/);
    await page.keyboard.press('Escape');

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
    await phone.getByText('Score: 3 / 3').waitFor();
    expect(dialogs).toEqual([]);
  });

  it("records a play through a student's link and shows it on the student's page", async () => {
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Gra',
      surname: 'Uchenko',
    });
    await page.goto(`/students/${student.id}`);
    const section = page.getByRole('region', { name: 'Game results' });
    await section.getByText('Links that record this student’s results').click();
    await section
      .getByRole('button', { name: `Copy the link of ${quizName} for this student` })
      .click();
    await expect.poll(() => notices(page)).toContainEqual(expect.stringMatching(/&s=/));
    const copied = (await notices(page)).find((text) => text.includes('&s='));
    const link = copied?.replace(/^Copied: /, '').split('\n')[0] ?? '';
    const learner = await browser.newPage({ width: 800, height: 700 });
    await learner.goto(link);
    await learner.getByRole('heading', { name: quizName }).waitFor();
    // keyboard only; grass is answered wrong on purpose
    for (let question = 0; question < 3; question++) {
      const text = await learner.getByText(/What colour is/).innerText();
      const answer = text.includes('sky') ? 'blue' : 'white';
      const choice = learner.getByRole('button', { name: new RegExp(`${answer}$`) });
      await choice.focus();
      await learner.keyboard.press('Enter');
      const next = learner.getByRole('button', { name: /Next|Finish|See the score/ });
      if (await next.count()) {
        await next.first().focus();
        await learner.keyboard.press('Enter');
      }
    }
    await learner.getByText('Score: 2 / 3').waitFor();
    // the play reached the server for this student
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/gameresults?student=${student.id}`);
        return ((await res.json()) as { score: number; max: number }[]).map((r) => [
          r.score,
          r.max,
        ]);
      })
      .toEqual([[2, 3]]);
    await page.reload();
    await section.getByText('2 of 3').waitFor();
    // the game's cards screen counts the play and names the card missed
    await page.goto('/quiz');
    await page.getByRole('link', { name: `Open ${quizName}` }).click();
    await page
      .getByText('Played 1 time, students: 1 · most missed: “What colour is grass?” (1 of 1)')
      .waitFor();
  });

  it('puts games in a set and changes their order by drag, by keyboard and back by Undo', async () => {
    // a second game, ready to play, made through the API
    const grid = await api<{ id: number }>(page, 'POST', '/api/grid', {
      name: `Tiles ${quizName}`,
      type: 1,
    });
    await api(page, 'POST', '/api/gridcard', { grid: grid.id, value: 'cat', answer: 'кіт' });
    await page.goto('/set');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New set' });
    await form.getByLabel('Name').fill(`Warm-up ${quizName}`);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: `Open Warm-up ${quizName}` }).click();
    const add = page.getByLabel('Add a game');
    for (const name of [quizName, `Tiles ${quizName}`]) {
      await add.selectOption({ label: name });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('listitem').filter({ hasText: name }).waitFor();
    }
    await page.getByRole('status').filter({ hasText: 'Ready to play' }).first().waitFor();
    expect(await page.getByRole('button', { name: `Move ${quizName} up` }).isDisabled()).toBe(true);
    const order = async () =>
      (
        await page
          .getByRole('region', { name: 'Games of the set, in the order they are played' })
          .getByRole('listitem')
          .allInnerTexts()
      ).map((text) => (text.includes('Tiles') ? 'tiles' : 'quiz'));
    const stored = async () => {
      const set = (await (await page.request.get('/api/set?limit=5000')).json()) as {
        id: number;
        name: string;
      }[];
      const id = set.find((s) => s.name === `Warm-up ${quizName}`)?.id;
      const cards = (await (await page.request.get(`/api/setcard?set=${id}`)).json()) as {
        name: string;
      }[];
      return cards.map((c) => (c.name.includes('Tiles') ? 'tiles' : 'quiz'));
    };
    expect(await order()).toEqual(['quiz', 'tiles']);

    // by pointer: the quiz's handle dragged below the tiles
    const handle = page.getByRole('button', { name: `Drag ${quizName} to another place` });
    const from = (await handle.boundingBox())!;
    const to = (await page
      .getByRole('button', { name: `Drag Tiles ${quizName} to another place` })
      .boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height, { steps: 10 });
    await page.mouse.up();
    await expect.poll(order).toEqual(['tiles', 'quiz']);
    await expect.poll(stored).toEqual(['tiles', 'quiz']);

    // by keyboard on the handle: Space picks up, an arrow moves, Space puts down
    // (each key waits for what the page says back)
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // an arrow pressed before the list is measured does nothing, so press until it moves
    const over = page.getByText(`${quizName} is over number 1.`);
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowUp');
        return over.count();
      })
      .toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual(['quiz', 'tiles']);
    await expect.poll(stored).toEqual(['quiz', 'tiles']);

    // Undo puts the last move back
    await page
      .getByRole('status')
      .filter({ hasText: `${quizName} is now number 1.` })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(order).toEqual(['tiles', 'quiz']);
    await expect.poll(stored).toEqual(['tiles', 'quiz']);
    expect(dialogs).toEqual([]);
  });

  it("copies a student's link from the game list", async () => {
    const student = await api<{ id: number; hashCode: string }>(page, 'POST', '/api/students', {
      name: 'Lista',
      surname: `Uchenko ${quizName}`,
    });
    await page.goto('/quiz');
    await page.getByRole('button', { name: `Copy a student’s link to ${quizName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Link of ${quizName} for a student` });
    await dialog
      .getByLabel('Student', { exact: true })
      .selectOption({ label: `Lista Uchenko ${quizName}` });
    const link = dialog.getByLabel('Link that records this student’s result');
    await expect.poll(() => link.inputValue()).toMatch(new RegExp(`&s=${student.hashCode}$`));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining(`&s=${student.hashCode}`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
