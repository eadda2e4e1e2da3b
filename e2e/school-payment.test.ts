import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  logInAsAdmin,
  removeMoneyOf,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

/**
 * How a learner pays (docs/learner-page.md, How to pay; ADR 040): an admin fills in the
 * school's details in Settings; a student owes for a lesson they paid part of; their own page
 * shows the balance, the bank account, the transfer title with their payment reference and the
 * payment QR code.
 */

const browser = useBrowser();
let staff: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
let student: { id: number; hashCode: string };
let lessonId = 0;

/** YYYY-MM-DD `days` from today (the lessons are in the school's zone; a week is margin). */
const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  staff = await browser.newPage({ width: 1280, height: 900 });
  dialogs = watchBrowserDialogs(staff);
  await logInAsAdmin(staff);
  student = await api(staff, 'POST', '/api/students', { name: 'Olha', surname: `Pay${suffix}` });
  const lesson = await api<{ id: number }>(staff, 'POST', '/api/lessons', {
    date: dateIn(-8),
    start: '10:00',
    end: '11:00',
    price: 100,
    course: `Speaking ${suffix}`,
    force: true,
  });
  lessonId = lesson.id;
  await api(staff, 'POST', '/api/events', { lesson: lesson.id, student: student.id, toPay: '1' });
  await api(staff, 'POST', '/api/payments', {
    student: student.id,
    amount: 40,
    date: dateIn(-1),
    method: 'cash',
  });
});

afterAll(async () => {
  // the shared database: the student, their lesson and money go, and the school's details are
  // as the other files found them (none)
  await removeMoneyOf([student.id]);
  await sql('delete from lessons where id = $1', [lessonId]);
  await sql('delete from students where id = $1', [student.id]);
  await sql(
    `update school_details set name = '', address = '', tax_id = '', iban = '', currency = 'PLN',
       vat_exemption = ''`,
  );
});

describe('how a learner pays', () => {
  it('an admin fills in the school details; the learner sees the balance, title and QR code', async () => {
    await staff.goto('/settings');
    const card = staff.getByRole('region', { name: 'School details' });
    const form = card.getByRole('form', { name: 'School details' });
    await form.getByLabel(/^Name/).fill('Szkoła Języków');
    await form.getByLabel(/Tax id/).fill('526-000-12-46');
    await form.getByLabel(/IBAN/).fill('PL61 1090 1014 0000 0712 1981 2874');
    await form.getByLabel(/Currency/).selectOption('PLN');
    await form
      .getByLabel(/VAT exemption/)
      .fill('Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await card.getByRole('status').filter({ hasText: 'Successfully done' }).waitFor();

    // the student's page: the account's payment reference
    await staff.goto(`/students/${student.id}`);
    const account = staff.getByRole('region', { name: 'Account' });
    await account.getByText(/60\.00 zł owed/).waitFor();
    const reference = (await account.locator('code').innerText()).trim();
    expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    await expect.poll(() => account.getByRole('note').count()).toBe(0);

    // the learner's phone, no account
    const page = await browser.newPage({ width: 390, height: 844 });
    const learnerDialogs = watchBrowserDialogs(page);
    await page.goto(`/play/me?s=${student.hashCode}`);
    const due = page.getByRole('region', { name: 'To pay' });
    await due.getByText(/^You owe PLN\s60\.00$/).waitFor();
    await due.getByText(`Speaking ${suffix}`).waitFor();
    await due.getByText('PL61 1090 1014 0000 0712 1981 2874').waitFor();
    await due.getByText(`${reference} Olha Pay${suffix}`.slice(0, 32)).waitFor();
    await due.getByText('Szkoła Języków').waitFor();
    const qr = due.getByRole('img', { name: 'Payment QR code' });
    await qr.waitFor();
    // the image is the server's SVG, loaded
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(learnerDialogs).toEqual([]);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
