import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  logIn,
  logInAsAdmin,
  removeMoneyOf,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

/**
 * Teachers' pay (docs/money.md, Teachers' pay; docs/screens.md, Payroll): an admin gives a
 * teacher an hourly rate in the user's record, sees last month's pay at /payroll, approves it
 * and marks it paid in in-app dialogs; the teacher sees their own on /profile.
 */

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const course = `Payroll ${suffix}`;
const login = `teacher${suffix}`;
const password = 'e2e teacher password';
let teacher = 0;
let student = 0;
let lessonId = 0;

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
/** last month, YYYY-MM: it is over, so it may be approved */
const month = `${last.getFullYear()}-${pad(last.getMonth() + 1)}`;
const monthName = last.toLocaleString('en', { month: 'long', year: 'numeric' });

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  teacher = (
    await api<{ id: number }>(page, 'POST', '/api/users', {
      login,
      password,
      firstName: 'Iryna',
      lastName: `Pay${suffix}`,
      role: 'teacher',
    })
  ).id;
  student = (
    await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Petro',
      surname: `Pay${suffix}`,
    })
  ).id;
  // an hour and a half on the 10th of last month, the student present
  lessonId = (
    await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: `${month}-10`,
      start: '10:00',
      end: '11:30',
      price: 100,
      course,
      teacher,
      force: true,
    })
  ).id;
  await api(page, 'POST', '/api/events', { lesson: lessonId, student, attendence: 1 });
});

// the database is shared with the other files: the pay, the money, the lesson and the people go
afterAll(async () => {
  await sql(
    'delete from pay_lines where run_id in (select id from pay_runs where teacher_id = $1)',
    [teacher],
  );
  await sql('delete from pay_runs where teacher_id = $1', [teacher]);
  await sql('delete from pay_rates where teacher_id = $1', [teacher]);
  await removeMoneyOf([student]);
  await api(page, 'DELETE', `/api/lessons/${lessonId}`);
  await api(page, 'DELETE', `/api/students/${student}`);
  await api(page, 'DELETE', `/api/users/${teacher}`);
});

describe("teachers' pay", () => {
  it('sets a rate, approves the month and marks it paid; the teacher sees it on /profile', async () => {
    await page.goto('/users');
    await page.getByRole('button', { name: `Edit ${login}` }).click();
    await page
      .getByRole('dialog', { name: 'Edit user' })
      .getByRole('button', { name: 'Pay rates' })
      .click();
    // the record's dialog is named by the part it shows
    const record = page.getByRole('dialog', { name: 'Pay rates' });
    await record.getByText('No rate yet').waitFor();
    await record.getByLabel(/Paid by/).selectOption('hour');
    await record.getByLabel(/Rate/).fill('80');
    await record.getByLabel(/From/).fill(`${month}-01`);
    await record.getByRole('button', { name: 'Add rate' }).click();
    await record.getByRole('list', { name: 'Pay rates' }).getByText('80.00 zł an hour').waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/payroll');
    await page.getByLabel('Month').fill(month);
    const table = page.getByRole('region', { name: `Teachers' pay, ${monthName}` });
    const row = table.locator('tr', { hasText: `Iryna Pay${suffix}` });
    await row.getByText('120.00 zł').waitFor();
    await row.getByRole('button', { name: `Iryna Pay${suffix}`, exact: true }).click();
    await table
      .getByRole('region', { name: `Lessons of Iryna Pay${suffix}` })
      .getByText(course)
      .waitFor();

    await row.getByRole('button', { name: `Approve: Iryna Pay${suffix}` }).click();
    const approve = page.getByRole('alertdialog', { name: /^Approve the pay of Iryna/ });
    await approve.getByText('120.00 zł for 1 lesson').waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'detached' });
    await row.getByText('Approved').waitFor();

    await row.getByRole('button', { name: `Mark paid: Iryna Pay${suffix}` }).click();
    const paid = page.getByRole('dialog', { name: /^Mark the pay of Iryna/ });
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await paid.waitFor({ state: 'detached' });
    await row.getByText(/^Paid on /).waitFor();
    expect(dialogs).toEqual([]);

    const own = await browser.newPage({ width: 390, height: 800 });
    await logIn(own, { login, password });
    await own.goto('/profile');
    const card = own.getByRole('region', { name: 'My pay' });
    await card.getByLabel('Month').fill(month);
    await card.getByText('120.00 zł').first().waitFor();
    await card.getByText(/Paid on /).waitFor();
    await card.getByText(course).waitFor();
    await own.goto('/payroll');
    await own.getByText('Not available for your role').waitFor();
  });
});
