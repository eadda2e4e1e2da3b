import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import {
  api,
  logInAsAdmin,
  removeMoneyOf,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

/**
 * The money screens (docs/money.md, The payments screen, The balances screen): an admin finds a
 * student's payment on /payments with the sum of those selected, filters by method and days,
 * downloads the CSV; /balances shows what the student owes by age and downloads it too; a
 * teacher has neither in the navigation.
 */

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const surname = `Koval${suffix}`;
let student = 0;
let lessonId = 0;

/** YYYY-MM-DD `days` from today. */
const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function downloaded(click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await (await download).path();
  // the cells here hold no comma, quote or line break: a line is its cells
  const [header = [], ...lines] = (await fs.readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  return lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  student = (await api<{ id: number }>(page, 'POST', '/api/students', { name: 'Marta', surname }))
    .id;
  // a lesson of last week at 120 zł an hour: 120.00 zł due, 50.00 zł of it paid by transfer
  const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
    date: dateIn(-7),
    start: '10:00',
    end: '11:00',
    price: 120,
    course: `Money ${suffix}`,
    force: true,
  });
  lessonId = lesson.id;
  await api(page, 'POST', '/api/events', { lesson: lesson.id, student, toPay: 1 });
  await api(page, 'POST', '/api/payments', {
    student,
    amount: 50,
    date: dateIn(-2),
    method: 'transfer',
    reference: `INV-${suffix}`,
  });
});

// the database is shared with the other files: the student, their money and the lesson go
afterAll(async () => {
  await removeMoneyOf([student]);
  await api(page, 'DELETE', `/api/lessons/${lessonId}`);
  await api(page, 'DELETE', `/api/students/${student}`);
});

describe('the payments and balances screens', () => {
  it('/payments: finds the payment, sums what is selected, filters, and exports it as CSV', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await page.waitForURL((u) => u.pathname === '/payments');
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/payments?') && r.url().includes(`search=${surname}`),
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill(surname);
    await searched;
    const row = page.getByRole('row', { name: new RegExp(surname) });
    await row.waitFor();
    expect(await row.innerText()).toContain('50.00 zł');
    expect(await row.getByRole('link', { name: `Marta ${surname}` }).getAttribute('href')).toBe(
      `/students/${student}#account`,
    );
    await page.getByText('Received: 50.00 zł', { exact: true }).waitFor();
    await page.getByText('1 item', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Filter' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByLabel('Method').selectOption({ label: 'Cash' });
    await page.getByText('Received: 0.00 zł', { exact: true }).waitFor();
    await row.waitFor({ state: 'detached' });
    await filters.getByLabel('Method').selectOption({ label: 'Transfer' });
    await row.waitFor();
    await page.getByText('Received: 50.00 zł', { exact: true }).waitFor();

    const rows = await downloaded(() => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(rows).toEqual([
      expect.objectContaining({
        student: String(student),
        studentName: `Marta ${surname}`,
        amount: '50.00',
        method: 'transfer',
        reference: `INV-${suffix}`,
        voided: '0',
      }),
    ]);
    expect(dialogs).toEqual([]);
  });

  it('/balances: shows what the student owes by age and exports it as CSV', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Balances' })
      .click();
    await page.waitForURL((u) => u.pathname === '/balances');
    expect(await page.getByRole('checkbox', { name: 'Owing only' }).isChecked()).toBe(true);
    // the list is read again with the search before its rows are the searched ones
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/balances?') && r.url().includes(`search=${surname}`),
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill(surname);
    await searched;
    const row = page.getByRole('row', { name: new RegExp(surname) });
    await row.waitFor();
    // 0-30 days, 31-60, 61-90, over 90, due, credit, balance
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 8)).toEqual([
      '70.00 zł',
      '0.00 zł',
      '0.00 zł',
      '0.00 zł',
      '70.00 zł',
      '0.00 zł',
      '70.00 zł',
    ]);
    const rows = await downloaded(() => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(rows).toEqual([
      expect.objectContaining({
        student: String(student),
        name: `Marta ${surname}`,
        d0_30: '70.00',
        due: '70.00',
        balance: '70.00',
        oldestDueDate: dateIn(-7),
      }),
    ]);
    // the name opens the student's page at the account
    await row.getByRole('link', { name: `Marta ${surname}` }).click();
    await page.waitForURL((u) => u.pathname === `/students/${student}` && u.hash === '#account');
    await page.getByRole('region', { name: 'Account' }).getByText('70.00 zł owed').waitFor();
    expect(dialogs).toEqual([]);
  });

  it('a teacher has neither in the navigation, and a deep link is not available', async () => {
    const login = `teachermoney${suffix}`;
    const password = 'e2e staff password';
    await sql(
      `insert into users (login, password_hash, first_name, last_name, role)
       values ($1, $2, 'Teacher', $3, 'teacher')`,
      [login, await hashPassword(password), suffix],
    );
    const teacher = await browser.newPage({ width: 1280, height: 900 });
    await teacher.goto('/login');
    await teacher.getByLabel('Login', { exact: true }).fill(login);
    await teacher.getByLabel('Password', { exact: true }).fill(password);
    await teacher.getByRole('button', { name: 'Log in' }).click();
    await teacher.waitForURL((u) => u.pathname === '/schedule');
    const nav = teacher.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Schedule' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Payments' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Balances' }).count()).toBe(0);
    for (const path of ['/payments', '/balances']) {
      await teacher.goto(path);
      await teacher
        .getByRole('heading', { level: 1, name: 'Not available for your role' })
        .waitFor();
    }
    await teacher.close();
  });
});
