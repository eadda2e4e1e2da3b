import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import pg from 'pg';
import { pdfPages } from '../apps/server/test/pdf.js';
import {
  api,
  databaseUrl,
  logInAsAdmin,
  removeMoneyOf,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

/**
 * Invoices (docs/money.md, Invoices): an admin issues the invoice of a past month with a charge
 * from the student's Account section, finds it on /invoices, downloads its PDF (its text read
 * back with pdfjs names the number, the buyer and the amount), and after the lesson is excused
 * corrects it there: the correcting invoice FK/... names the FV/... one.
 */

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const surname = `Faktura${suffix}`;
let student = 0;
let lesson = 0;

/** The month before this one (the browser's calendar, UTC here), and a day in it. */
const now = new Date();
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10))
  .toISOString()
  .slice(0, 10);
const month = lastMonth.slice(0, 7);

/** The text of the PDF a click on `link` downloads. */
async function downloadedText(link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return (await pdfPages(await fs.readFile(await download.path()))).join('\n');
}

/**
 * The student's invoices go with the triggers off, in this clean-up only: the database refuses
 * to delete an invoice (docs/money.md, Invoices).
 */
async function removeInvoicesOf(id: number) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query('delete from invoices where student_id = $1', [id]);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  student = (await api<{ id: number }>(page, 'POST', '/api/students', { name: 'Iryna', surname }))
    .id;
  // a lesson of last month at 120 zł an hour: 120.00 zł charged in that month
  lesson = (
    await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: lastMonth,
      start: '10:00',
      end: '11:00',
      price: 120,
      course: `Invoice ${suffix}`,
      force: true,
    })
  ).id;
  await api(page, 'POST', '/api/events', { lesson, student, toPay: 1 });
});

// the database is shared with the other files: the invoices, the money, the lesson and the student go
afterAll(async () => {
  await removeInvoicesOf(student);
  await removeMoneyOf([student]);
  await api(page, 'DELETE', `/api/lessons/${lesson}`);
  await api(page, 'DELETE', `/api/students/${student}`);
});

describe('an invoice', () => {
  it('is issued from the Account section, downloaded from /invoices and corrected there', async () => {
    await page.goto(`/students/${student}`);
    const account = page.getByRole('region', { name: 'Account' });
    // last month is the one picked at first
    expect(await account.getByLabel('Statement of').inputValue()).toBe(month);
    await account.getByRole('button', { name: 'Issue invoice for the month' }).click();
    const issued = page
      .getByRole('status')
      .filter({ hasText: /^Invoice FV\/\d{4}\/\d{4,} issued/ });
    const number = /FV\/\d{4}\/\d{4,}/.exec(await issued.innerText())?.[0] ?? '';
    expect(number).toMatch(/^FV\//);

    await page.goto('/invoices');
    await page.getByRole('searchbox', { name: 'Search' }).fill(surname);
    const row = page.getByRole('row', { name: new RegExp(`^${number}`) });
    await row.waitFor();
    expect(await row.innerText()).toContain('120.00 zł');
    const invoice = await downloadedText(
      row.getByRole('link', { name: `Download the PDF of ${number}` }),
    );
    expect(invoice).toContain(`Invoice No. ${number}`);
    expect(invoice).toContain(`Iryna ${surname}`);
    expect(invoice).toContain('Total to pay: 120.00 zł');

    // the lesson excused since: corrected to 0, 120.00 zł to refund
    const [event] = (await (await page.request.get(`/api/events?lesson=${lesson}`)).json()) as {
      id: number;
    }[];
    await api(page, 'PUT', `/api/events/${event?.id}`, { attendence: 3 });
    await row.getByRole('button', { name: `Correct ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correcting invoice of ${number}` });
    await dialog.getByLabel(/Reason/).fill('lesson excused');
    await dialog.getByRole('button', { name: 'Issue the correcting invoice' }).click();
    await dialog.waitFor({ state: 'detached' });
    const correcting = page.getByRole('row', { name: /^FK\/\d{4}\/\d{4,}/ });
    await correcting.getByText(`corrects ${number}: lesson excused`).waitFor();
    expect(await correcting.innerText()).toContain('-120.00 zł');
    const fk = /FK\/\d{4}\/\d{4,}/.exec(await correcting.innerText())?.[0] ?? '';
    const text = await downloadedText(
      correcting.getByRole('link', { name: `Download the PDF of ${fk}` }),
    );
    expect(text).toContain(`Correcting invoice No. ${fk}`);
    expect(text).toContain(`Corrects invoice ${number}`);
    expect(text).toContain('To refund: 120.00 zł');
    expect(dialogs).toEqual([]);
  });
});
