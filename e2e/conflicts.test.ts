import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, createStaff, logIn, logInAsAdmin, setUndoDelay, useBrowser } from './support.js';

// ADR 038: a form opened before someone else's change does not undo it when saved; a record page
// opened while a move of that record waits out its Undo window shows the moved record.

const browser = useBrowser();
let page: Page;
/** A second staff member's page, in a browser of their own. */
let other: Page;
let stageId: (name: string) => number;

type ClientRow = { id: number; stage: number; tel: string; version: number };
const readClient = async (id: number) =>
  (await (await page.request.get(`/api/clients/${id}`)).json()) as ClientRow;
const details = () => page.getByRole('form', { name: 'Client details' });
const stageShown = () =>
  details()
    .getByLabel('Stage')
    .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  await logInAsAdmin(page);
  const stages = (await (await page.request.get('/api/stages')).json()) as {
    id: number;
    name: string;
  }[];
  stageId = (name) => stages.find((s) => s.name === name)?.id ?? 0;
  other = await browser.newPage();
  await logIn(other, await createStaff('Marta', 'Second'));
});

describe('a save made on an older version', () => {
  it('is refused with what changed, by whom; Keep my changes saves the phone over the moved stage', async () => {
    const client = await api<ClientRow>(page, 'POST', '/api/clients', {
      firstName: 'Vira',
      lastName: 'Conflict',
      stage: stageId('New lead'),
    });
    await page.goto(`/clients/${client.id}`);
    await expect.poll(() => details().getByLabel('First name').inputValue()).toBe('Vira');
    // meanwhile another staff member moves the client on the pipeline
    await api(other, 'PUT', `/api/clients/${client.id}`, { stage: stageId('Contacted') });

    await details().getByLabel('Phone').fill('+380 50 123 45 67');
    await details().getByRole('button', { name: 'Save', exact: true }).click();
    const notice = details().getByRole('alert').filter({ hasText: 'Someone changed this record' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Changed meanwhile: Stage.');
    expect(await notice.innerText()).toContain('By Marta Second');
    // nothing was saved: the move stays, the phone is not there
    expect(await readClient(client.id)).toMatchObject({ stage: stageId('Contacted'), tel: '' });
    expect(await details().getByLabel('Phone').inputValue()).toBe('+380 50 123 45 67');

    await notice.getByRole('button', { name: 'Keep my changes' }).click();
    await expect.poll(stageShown).toBe('Contacted');
    expect(await details().getByLabel('Phone').inputValue()).toBe('+380 50 123 45 67');
    await details().getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    expect(await readClient(client.id)).toMatchObject({
      stage: stageId('Contacted'),
      tel: '+380 50 123 45 67',
    });
  });

  it('Reload drops the edits and shows the record as it now is', async () => {
    const client = await api<ClientRow>(page, 'POST', '/api/clients', {
      firstName: 'Bohdan',
      lastName: 'Conflict',
      stage: stageId('New lead'),
    });
    await page.goto(`/clients/${client.id}`);
    await expect.poll(() => details().getByLabel('First name').inputValue()).toBe('Bohdan');
    await api(other, 'PUT', `/api/clients/${client.id}`, { stage: stageId('Won') });
    await details().getByLabel('Phone').fill('+380 67 000 00 01');
    await details().getByRole('button', { name: 'Save', exact: true }).click();
    const notice = details().getByRole('alert').filter({ hasText: 'Someone changed this record' });
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(stageShown).toBe('Won');
    expect(await details().getByLabel('Phone').inputValue()).toBe('');
    expect(await notice.count()).toBe(0);
  });
});

describe('a record page opened while a move of the record waits out its Undo window', () => {
  it('sends the move first and shows the moved stage; a save after the window keeps it', async () => {
    // a window long enough to open the page inside it
    await setUndoDelay(page, 8000);
    const client = await api<ClientRow>(page, 'POST', '/api/clients', {
      firstName: 'Oksana',
      lastName: 'Pending',
      stage: stageId('New lead'),
    });
    await page.goto('/pipeline');
    const openMenu = page.getByRole('button', { name: 'Open menu for Oksana Pending' });
    await openMenu.click();
    await page
      .getByRole('dialog', { name: 'Menu for Oksana Pending' })
      .getByLabel('Stage')
      .selectOption({ label: 'Won' });
    const undo = page.getByRole('status').filter({ hasText: 'Oksana Pending moved to Won.' });
    await undo.waitFor();
    // at once, inside the Undo window: Go to client from the card's menu
    const goTo = page.getByRole('button', { name: 'Go to client' });
    if (!(await goTo.isVisible())) await openMenu.click();
    await goTo.click();
    await page.waitForURL((u) => u.pathname === `/clients/${client.id}`);
    await expect.poll(stageShown).toBe('Won');
    expect((await readClient(client.id)).stage).toBe(stageId('Won'));
    // the move is sent: its Undo is no longer offered
    await undo.waitFor({ state: 'hidden' });

    await details().getByLabel('Phone').fill('+380 63 777 00 00');
    await details().getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    expect(await readClient(client.id)).toMatchObject({
      stage: stageId('Won'),
      tel: '+380 63 777 00 00',
    });
  });
});
