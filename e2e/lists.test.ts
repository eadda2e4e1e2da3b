import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  confirmInApp,
  LINKED,
  logInAsAdmin,
  notices,
  setUndoDelay,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

const browser = useBrowser();

async function adminPage(): Promise<Page> {
  const page = await browser.newPage();
  await logInAsAdmin(page);
  return page;
}

async function saveAndConfirm(page: Page, button = 'Save') {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByText('Successfully done !').waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

describe('groups', () => {
  it('shows the empty list, then creates, edits, searches, sorts and deletes', async () => {
    const page = await adminPage();
    await page.goto('/groups');
    await page.getByText('Empty list').waitFor();

    for (const name of ['B1 evening', 'A2 morning']) {
      // the panel stays open after a save, ready for the next one
      if ((await page.getByRole('region', { name: 'Create panel' }).count()) === 0) {
        await page.getByRole('button', { name: 'Create' }).click();
      }
      const form = page.getByRole('form', { name: 'New group' });
      await form.getByLabel('Name').fill(name);
      await saveAndConfirm(page);
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }
    await expect.poll(() => page.getByText('2 items').count()).toBe(1);

    // sort by name, then descending
    const names = () =>
      page.getByRole('table', { name: 'Groups' }).getByRole('row').allInnerTexts();
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect
      .poll(async () => (await names()).slice(1).map((r) => r.trim()))
      .toEqual([expect.stringContaining('A2 morning'), expect.stringContaining('B1 evening')]);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect.poll(async () => (await names())[1]?.trim()).toContain('B1 evening');

    // search goes to the server
    await page.getByRole('searchbox', { name: 'Search' }).fill('evening');
    await expect.poll(() => page.getByText('1 item', { exact: true }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    // edit in the modal
    await page.getByRole('button', { name: 'Edit B1 evening' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit group' });
    await dialog.getByLabel('Name').fill('B1 late evening');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // the modal closes at once and the notice says it is done
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('Successfully done !'));
    await page.getByRole('cell', { name: 'B1 late evening', exact: true }).waitFor();

    // delete after confirming in the app's dialog
    const browserDialogs = watchBrowserDialogs(page);
    await page.getByRole('button', { name: 'Delete A2 morning' }).click();
    await confirmInApp(page, 'Delete group A2 morning?');
    await expect
      .poll(() => page.getByRole('cell', { name: 'A2 morning', exact: true }).count())
      .toBe(0);
    expect(browserDialogs).toEqual([]);
  });

  it('shows the time-out message when the server answers too late, and nothing is lost', async () => {
    const page = await adminPage();
    await page.goto('/groups');
    await page.evaluate(() => localStorage.setItem('requestTimeoutMs', '1500'));
    // the server's answer is held back until the app has given up on it
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/groups', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await answered;
      return route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('form', { name: 'New group' }).getByLabel('Name').fill('Slow group');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The request time of server answering is out !').waitFor();
    answer();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    expect(
      await page.getByRole('form', { name: 'New group' }).getByLabel('Name').inputValue(),
    ).toBe('Slow group');
  });
});

describe('projects and users', () => {
  it('creates a project, a user in it; the project cannot be deleted while linked', async () => {
    const page = await adminPage();
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New project' });
    await form.getByLabel('Name').fill('Lviv office');
    await form.getByLabel('Description').fill('Weekend groups');
    await form.getByLabel('Price').fill('380.50');
    await saveAndConfirm(page);
    await page.getByRole('cell', { name: 'Lviv office', exact: true }).waitFor();
    await page.getByText('380.50 zł').waitFor();

    await page.goto('/users');
    await page.getByRole('button', { name: 'Create' }).click();
    const userForm = page.getByRole('form', { name: 'New user' });
    await userForm.getByLabel('Login').fill('maria.k');
    await userForm.getByLabel('Password').fill('a long enough password');
    await userForm.getByLabel('First name').fill('Maria');
    await userForm.getByLabel('Last name').fill('Koval');
    await userForm.getByLabel('E-mail').fill('not-an-email');
    await userForm.getByLabel('Project').selectOption({ label: 'Lviv office' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The email is not correct format !').waitFor();
    await userForm.getByLabel('E-mail').fill('maria@example.com');
    await saveAndConfirm(page);
    const row = page.getByRole('row', { name: /maria\.k/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Lviv office');

    // edit the user's position
    await page.getByRole('button', { name: 'Edit maria.k' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await dialog.getByLabel('Position').fill('Teacher');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Teacher');

    // copy says 'Copied' with the copied text in a notice
    const browserDialogs = watchBrowserDialogs(page);
    await page.getByRole('button', { name: 'Copy maria.k' }).click();
    await expect
      .poll(() => notices(page))
      .toContainEqual(expect.stringContaining('Copied: maria@example.com'));

    // a disabled user cannot log in any more
    await page.getByRole('button', { name: 'Edit maria.k' }).click();
    await dialog.getByLabel('Disabled (cannot log in)').check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const maria = await browser.newPage();
    await maria.goto('/login');
    await maria.getByLabel('Login', { exact: true }).fill('maria.k');
    await maria.getByLabel('Password', { exact: true }).fill('a long enough password');
    await maria.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => maria.getByRole('alert').textContent())
      .toContain('Wrong login or password');

    // the linked project stays
    await page.goto('/projects');
    await setUndoDelay(page, 300);
    await page.getByRole('button', { name: 'Delete Lviv office' }).click();
    await confirmInApp(page, 'Delete project Lviv office?');
    await expect.poll(() => notices(page, 'alert')).toContainEqual(expect.stringContaining(LINKED));
    await page.getByRole('cell', { name: 'Lviv office', exact: true }).waitFor();
    expect(browserDialogs).toEqual([]);
    await page.reload();
    await page.getByRole('cell', { name: 'Lviv office', exact: true }).waitFor();
  });
});

describe('settings dictionaries', () => {
  it('adds a product that then appears in the project form', async () => {
    const page = await adminPage();
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Dictionaries' });
    await section.getByRole('tab', { name: 'Products' }).click();
    await section.getByRole('button', { name: 'Add' }).click();
    const form = section.getByRole('form', { name: 'New entry' });
    await form.getByLabel('Name').fill('IELTS intensive');
    await form.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Successfully done !').waitFor();
    await section.getByRole('button', { name: 'OK', exact: true }).click();
    await section.getByRole('cell', { name: 'IELTS intensive', exact: true }).waitFor();

    await page.goto('/projects');
    await page.getByRole('button', { name: 'Create' }).click();
    const product = page.getByRole('form', { name: 'New project' }).getByLabel('Product');
    await expect.poll(() => product.locator('option').allInnerTexts()).toContain('IELTS intensive');
  });
});
