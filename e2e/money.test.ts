import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, logInAsAdmin, removeMoneyOf, useBrowser, watchBrowserDialogs } from './support.js';

/**
 * The student's account (docs/screens.md, Student; docs/money.md): an admin records a part
 * payment of a past lesson, the lesson says part paid; voiding it with a reason strikes the
 * payment through and brings the balance back.
 */

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const course = `Grammar ${suffix}`;
let student: { id: number };
let lessonId = 0;

/** YYYY-MM-DD `days` from today. */
const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  student = await api(page, 'POST', '/api/students', { name: 'Ivanna', surname: `Lys${suffix}` });
  // a lesson of last week at 120 zł an hour, an hour long: 120.00 zł due
  const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
    date: dateIn(-7),
    start: '10:00',
    end: '11:00',
    price: 120,
    course,
    force: true,
  });
  lessonId = lesson.id;
  await api(page, 'POST', '/api/events', { lesson: lesson.id, student: student.id, toPay: 1 });
});

// the database is shared with the other files: the student, their money and the lesson go
afterAll(async () => {
  await removeMoneyOf([student.id]);
  await api(page, 'DELETE', `/api/lessons/${lessonId}`);
  await api(page, 'DELETE', `/api/students/${student.id}`);
});

describe('the account on the student page', () => {
  it('records a part payment, then voids it with a reason: struck through, the balance back', async () => {
    await page.goto(`/students/${student.id}`);
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText('120.00 zł owed').waitFor();
    // the participations' table (the ledger names the lesson too)
    const lessons = page
      .getByRole('region', { name: 'Lessons and payments', exact: true })
      .last()
      .locator('tbody tr', { hasText: course });
    await lessons.getByText('due', { exact: true }).waitFor();

    await account.getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: /^Record a payment for Ivanna/ });
    const amount = pay.getByLabel(/Amount/);
    expect(await amount.inputValue()).toBe('120.00');
    await amount.fill('30');
    await pay.getByLabel(/Method/).selectOption('transfer');
    await pay.getByLabel(/Reference/).fill('INV-30');
    await pay.getByRole('button', { name: 'Save' }).click();
    await pay.waitFor({ state: 'detached' });
    await account.getByText('90.00 zł owed').waitFor();
    await lessons.getByText('part paid 30.00 zł of 120.00 zł').waitFor();

    await account.getByRole('button', { name: /^Void: 30.00 zł/ }).click();
    const voiding = page.getByRole('dialog', { name: /^Void the payment of 30.00 zł/ });
    await voiding.getByLabel(/Reason/).fill('bounced');
    await voiding.getByRole('button', { name: 'Void payment' }).click();
    await voiding.waitFor({ state: 'detached' });
    await account.getByText('120.00 zł owed').waitFor();
    const row = account.locator('tr', { hasText: 'voided: bounced' });
    const struck = row.getByText('Transfer · INV-30');
    expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
      'line-through',
    );
    await lessons.getByText('due', { exact: true }).waitFor();
    expect(await account.getByRole('button', { name: /^Void:/ }).count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
