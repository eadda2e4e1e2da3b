import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  confirmInApp,
  logInAsAdmin,
  notices,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const name = `Past simple ${Date.now().toString(36)}`;
let studentId = 0;

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  const student = await api<{ id: number }>(page, 'POST', '/api/students', {
    name: 'Runa',
    surname: 'Botivna',
  });
  studentId = student.id;
});

async function done() {
  await page.getByText('Successfully done !').first().waitFor();
  await page.getByRole('button', { name: 'OK' }).first().click();
}

async function addAnswer(text: string, ends = false) {
  const form = page.getByRole('form', { name: 'New answer' });
  await form.getByLabel('Text').fill(text);
  if (ends) await form.getByLabel('Ends the conversation').check();
  await form.getByRole('button', { name: 'Add answer' }).click();
  await done();
  await page.getByRole('article').filter({ hasText: text }).waitFor();
}

async function addButton(from: string, text: string, next: string, right = false) {
  const answer = page.getByRole('article').filter({ hasText: from }).first();
  await answer.getByRole('button', { name: 'Add button' }).click();
  const form = answer.getByRole('form', { name: 'New button' });
  await form.getByLabel('Button text').fill(text);
  await form.getByLabel('Next answer').selectOption({ label: next });
  if (right) {
    await form.getByLabel('Right answer').check();
    await form.getByLabel('Points').fill('2');
  }
  await form.getByRole('button', { name: 'Add button' }).click();
  await answer.getByText(text, { exact: true }).waitFor();
}

describe('chat-bot authoring', () => {
  it('writes a conversation, refuses to publish it with problems, then publishes and walks it', async () => {
    await page.goto('/conversations');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New conversation' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Estimation').selectOption({ label: 'Percent of right answers' });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: `Open ${name}` }).click();
    await page.getByRole('heading', { name: 'Answers', level: 2 }).waitFor();

    await addAnswer('What did you do yesterday?');
    await addAnswer('Well done!', true);
    await addAnswer('Not quite. Try again next time.', true);
    // nothing leads to the endings yet: the graph check names them
    await page.getByText(/\d+ problems/).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not published' });
    await refused.waitFor();
    expect(await refused.innerText()).toContain('“Well done!” cannot be reached from the start.');

    await addButton('What did you do yesterday?', 'I went to school', 'Well done!', true);
    await addButton(
      'What did you do yesterday?',
      'I goed to school',
      'Not quite. Try again next time.',
    );
    await page.getByText('Every answer can be reached and leads on or ends.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('The conversation is published.'));
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();

    // the graph: three answers, two buttons
    expect(
      await page.getByRole('img', { name: /Conversation graph: 3 answers, 2 buttons/ }).count(),
    ).toBe(1);

    // a walk through it, as a student would
    const preview = page.getByRole('region', { name: 'Try it' });
    await preview.getByText('What did you do yesterday?').waitFor();
    await preview.getByRole('button', { name: 'I went to school' }).click();
    await preview.getByText('The conversation has ended.').waitFor();
    await preview.getByText(/1 of 1/).waitFor();
    await preview.getByRole('button', { name: 'Start again' }).click();
    await preview.getByRole('button', { name: 'I goed to school' }).click();
    await preview.getByText(/0 of 1/).waitFor();
  });

  it('keeps public and personal conversations apart', async () => {
    await page.goto('/conversations');
    await page.getByRole('link', { name: `Open ${name}` }).waitFor();
    await page.getByRole('button', { name: 'Personal' }).click();
    await expect.poll(() => page.getByRole('link', { name: `Open ${name}` }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New conversation' });
    await form.getByLabel('Name').fill(`${name} for one`);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.getByRole('link', { name: `Open ${name} for one` }).waitFor();
    await page.getByRole('button', { name: 'Public' }).click();
    await page.getByRole('link', { name: `Open ${name}`, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: `Open ${name} for one` }).count()).toBe(0);
  });

  it("assigns the conversation on the student's page and opens the run's messages", async () => {
    await page.goto(`/students/${studentId}`);
    const panel = page.getByRole('region', { name: 'Bot conversations' });
    await panel.getByLabel('Give a conversation').selectOption({ label: name });
    await panel.getByRole('button', { name: 'Assign' }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('The conversation is assigned.'));
    // a conversation of the public kind: the run is listed with the public runs
    await panel.getByRole('button', { name: 'Public' }).click();
    await panel.getByRole('listitem').filter({ hasText: name }).waitFor();
    await panel.getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL(/\/messages\/byconvprogress\/\d+$/);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Estimation' }).waitFor();
  });

  it('deletes an answer after confirmation, with Undo', async () => {
    await page.goto('/conversations');
    await page.getByRole('link', { name: `Open ${name}`, exact: true }).click();
    const ending = page
      .getByRole('article')
      .filter({ has: page.getByText('Not quite. Try again next time.', { exact: true }) });
    await ending.waitFor();
    await ending.getByRole('button', { name: /^Delete answer/ }).click();
    await confirmInApp(page, 'Delete answer “Not quite. Try again next time.”?');
    await expect.poll(() => ending.count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await ending.waitFor();
    expect(dialogs).toEqual([]);
  });
});

describe('a conversation on a phone', () => {
  it('breaks a button’s long link rather than widen the page', async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    await logInAsAdmin(phone);
    const conversation = await api<{ id: number }>(phone, 'POST', '/api/conversations', {
      name: `Links ${Date.now().toString(36)}`,
    });
    const answer = await api<{ id: number }>(phone, 'POST', '/api/answers', {
      text: 'Read the rules first.',
      conversationId: conversation.id,
    });
    const url = `https://learnenglish.britishcouncil.org/grammar/${'presentsimple'.repeat(4)}`;
    await api(phone, 'POST', '/api/answerconnectors', { text: 'Rules', fromId: answer.id, url });
    await phone.goto(`/conversations/${conversation.id}`);
    const link = phone.getByText(url, { exact: true });
    await link.waitFor();
    const box = await link.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
