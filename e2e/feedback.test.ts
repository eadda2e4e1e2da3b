import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  confirmInApp,
  databaseUrl,
  logInAsAdmin,
  notices,
  setUndoDelay,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

const browser = useBrowser();
let page: Page;
let browserDialogs: string[];
const db = new pg.Client({ connectionString: databaseUrl() });

interface Stage {
  id: number;
  name: string;
}
interface Created {
  id: number;
}
let stages: Stage[];
const stageId = (name: string) => stages.find((s) => s.name === name)?.id;

async function stageMoves(clientId: number) {
  const { rows } = await db.query<{ to_stage_id: number }>(
    'select to_stage_id from client_stage_moves where client_id = $1 order by id',
    [clientId],
  );
  return rows.map((row) => row.to_stage_id);
}

async function clientRow(clientId: number) {
  const { rows } = await db.query<{ id: number; first_name: string; stage_id: number }>(
    'select id, first_name, stage_id from clients where id = $1',
    [clientId],
  );
  return rows[0];
}

beforeAll(async () => {
  await db.connect();
  page = await browser.newPage({ width: 1600, height: 900 });
  browserDialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  stages = (await (await page.request.get('/api/stages')).json()) as Stage[];
});
// Another file starts from an empty groups list: the groups made here go.
afterAll(async () => {
  await db.query("delete from groups where name like 'Feedback %'");
  await db.end();
});

/** A client with a stage history: made in one stage, then moved to another. */
async function clientWithHistory(firstName: string) {
  const created = await api<Created>(page, 'POST', '/api/clients', {
    firstName,
    lastName: 'Feedback',
    price: 300,
    probability: 50,
    stage: stageId('New lead'),
  });
  await api(page, 'PUT', `/api/clients/${created.id}`, { stage: stageId('Contacted') });
  return created.id;
}

/** The clients list searched by a first name, once the server's answer is on screen. */
async function findClient(firstName: string) {
  await page.goto('/clients');
  await page.getByRole('searchbox', { name: 'Search' }).fill(firstName);
  await expect.poll(() => page.getByText('1 item', { exact: true }).count()).toBe(1);
  await page.getByRole('row', { name: new RegExp(firstName) }).waitFor();
}

describe('feedback without blocking', () => {
  it('brings the cleared create form back by itself, focused for the next entry', async () => {
    await page.goto('/groups');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New group' });
    await form.getByLabel('Name').fill('Feedback first');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();

    // no OK pressed: the form comes back empty with the focus in its first field
    await form.getByLabel('Name').waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    await page.keyboard.type('Feedback second');
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: 'Feedback first', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Feedback second', exact: true }).waitFor();

    // an edit closes the modal at once and says so in a notice
    await page.getByRole('button', { name: 'Edit Feedback first' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit group' });
    await dialog.getByLabel('Name').fill('Feedback edited');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('Successfully done !'));
    await page.getByRole('cell', { name: 'Feedback edited', exact: true }).waitFor();
    expect(browserDialogs).toEqual([]);
  });
});

describe('delete with Undo', () => {
  it('asks in the app, Escape cancels, and Undo keeps the client with its id and history', async () => {
    const id = await clientWithHistory('Undone');
    const history = await stageMoves(id);
    expect(history).toEqual([stageId('Contacted')]);

    await findClient('Undone');
    const button = page.getByRole('button', { name: 'Delete Undone Feedback' });
    await button.click();
    const question = page.getByRole('alertdialog', { name: 'Delete client Undone Feedback?' });
    expect(await question.getAttribute('aria-modal')).toBe('true');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await confirmInApp(page, 'Delete client Undone Feedback?');
    await expect.poll(() => page.getByRole('row', { name: /Undone Feedback/ }).count()).toBe(0);
    const notice = page.getByRole('status').filter({ hasText: 'Deleted client Undone Feedback.' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('row', { name: /Undone Feedback/ }).waitFor();

    await page.reload();
    await page.getByRole('row', { name: /Undone Feedback/ }).waitFor();
    expect(await clientRow(id)).toMatchObject({ id, first_name: 'Undone' });
    expect(await stageMoves(id)).toEqual(history);
    expect(browserDialogs).toEqual([]);
  });

  it('deletes on the server once the Undo time has passed', async () => {
    const id = await clientWithHistory('Gone');
    await findClient('Gone');
    await setUndoDelay(page, 1000);
    try {
      const sent = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && !r.url().includes('dryRun'),
      );
      await page.getByRole('button', { name: 'Delete Gone Feedback' }).click();
      await confirmInApp(page, 'Delete client Gone Feedback?');
      expect((await sent).status()).toBe(204);
    } finally {
      await setUndoDelay(page, 8000);
    }
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Gone');
    await page.getByText('Empty list').waitFor();
    expect(await clientRow(id)).toBeUndefined();
  });
});

describe('pipeline move with Undo', () => {
  it('puts the card back in its old stage, and the server never records the move', async () => {
    const created = await api<Created>(page, 'POST', '/api/clients', {
      firstName: 'Stayput',
      lastName: 'Feedback',
      price: 100,
      probability: 50,
      stage: stageId('New lead'),
    });
    const before = await stageMoves(created.id);
    const column = (name: string) => page.getByRole('region', { name, exact: true });
    const card = (stage: string) =>
      column(stage).getByRole('button', { name: /^Stayput Feedback/ });

    await page.goto('/pipeline');
    await card('New lead').waitFor();
    await page.getByRole('button', { name: 'Open menu for Stayput Feedback' }).click();
    await page
      .getByRole('dialog', { name: 'Menu for Stayput Feedback' })
      .getByLabel('Stage')
      .selectOption({ label: 'Won' });
    await card('Won').waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Stayput Feedback moved to Won.' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await card('New lead').waitFor();
    expect(await card('Won').count()).toBe(0);

    await page.reload();
    await card('New lead').waitFor();
    expect(await card('Won').count()).toBe(0);
    expect(await clientRow(created.id)).toMatchObject({ stage_id: stageId('New lead') });
    expect(await stageMoves(created.id)).toEqual(before);
    expect(browserDialogs).toEqual([]);
  });
});
