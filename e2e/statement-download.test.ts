import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfPages } from '../apps/server/test/pdf.js';
import { api, logInAsAdmin, removeMoneyOf, sql, useBrowser } from './support.js';

/**
 * Monthly statements (docs/money.md, Statements): staff download a student's statement from
 * the student page's Account section, the learner theirs from their own page; each is a PDF
 * whose text, read back with pdfjs, names the student, the month's payment and the balances.
 */

const browser = useBrowser();
let page: Page;
const suffix = Date.now().toString(36);
let student: { id: number; hashCode: string };
const month = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  student = await api<{ id: number; hashCode: string }>(page, 'POST', '/api/students', {
    name: 'Statement',
    surname: `Reader${suffix}`,
  });
  await api(page, 'POST', '/api/payments', {
    student: student.id,
    amount: 321.5,
    date: new Date().toISOString().slice(0, 10),
    method: 'cash',
    note: 'statement e2e',
  });
});

// the database is shared with the other files: the money and the student go
afterAll(async () => {
  await removeMoneyOf([student.id]);
  await sql('delete from students where id = $1', [student.id]);
});

/** The text of the PDF a click on `link` downloads. */
async function downloaded(on: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([on.waitForEvent('download'), click()]);
  const file = await download.path();
  return (await pdfPages(await fs.readFile(file))).join('\n');
}

describe('a monthly statement', () => {
  it('downloads from the student page for the month chosen, as a PDF of the ledger', async () => {
    await page.goto(`/students/${student.id}`);
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByLabel('Statement of').fill(month);
    const text = await downloaded(page, () =>
      account.getByRole('link', { name: 'Download statement' }).click(),
    );
    expect(text).toContain(`Reader${suffix}`);
    expect(text).toMatch(/Opening balance/i);
    expect(text).toMatch(/Closing balance/i);
    expect(text).toContain('321.50');
  });

  it("downloads from the learner's own page, in the page's language", async () => {
    const learner = await browser.newPage({ width: 390, height: 844, isMobile: true });
    await learner.goto(`/play/me?s=${student.hashCode}`);
    const link = learner.getByRole('link', { name: 'Download the statement (PDF)' });
    const text = await downloaded(learner, () => link.click());
    expect(text).toContain(`Reader${suffix}`);
    expect(text).toContain('321.50');
  });
});
