import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
 * Bank statements (docs/money.md, Bank statements): an admin imports an ING statement through
 * Import bank statement on /payments, one transfer paid by its reference and one left for
 * review; on /payments/unmatched they assign that one to its student, whose account then shows
 * the payment.
 */

const browser = useBrowser();
let page: Page;
let dialogs: string[];
let file: string;
const suffix = Date.now().toString(36);
const students = { marta: 0, anna: 0 };

/** An ING export of the school's account (the header row as ING writes it). */
function statement(reference: string) {
  const header =
    '"Data transakcji";"Data księgowania";"Dane kontrahenta";"Tytuł";"Nr rachunku";"Nazwa banku";"Szczegóły";"Nr transakcji";"Kwota transakcji (waluta rachunku)";"Waluta";"Kwota blokady/zwolnienie blokady";"Waluta";"Kwota płatności w walucie";"Waluta";"Konto";"Saldo po transakcji";"Waluta";;;';
  const row = (date: string, sender: string, title: string, id: string, amount: string) =>
    `${date};${date};"${sender}";"${title}";"'61109010140000071219812874'";"";"";"'${id}'";${amount};PLN;;;;;"Konto";;;;;`;
  return [
    '"Lista transakcji";;',
    '',
    header,
    row('2026-03-30', `MARTA KOVAL${suffix}`, `${reference} Marta marzec`, `${suffix}01`, '480,00'),
    row('2026-03-27', `ANNA KOWALSKA${suffix}`, `lekcje ${suffix}`, `${suffix}02`, '123,45'),
    row('2026-03-26', 'ORLEN', 'Płatność kartą', `${suffix}03`, '-212,37'),
  ].join('\r\n');
}

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  const make = async (name: string, surname: string) =>
    (await api<{ id: number }>(page, 'POST', '/api/students', { name, surname })).id;
  students.marta = await make('Marta', `Koval${suffix}`);
  students.anna = await make('Anna', `Kowalska${suffix}`);
  const account = await page.request.get(`/api/students/${students.marta}/account`);
  const { reference } = (await account.json()) as { reference: string };
  file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'bank-e2e-')), 'ing.csv');
  await fs.writeFile(file, statement(reference));
});

// the database is shared with the other files: the transfers, the money and the students go
afterAll(async () => {
  await sql('delete from bank_rows where student_id = any($1) or suggested_student_id = any($1)', [
    Object.values(students),
  ]);
  await removeMoneyOf(Object.values(students));
  for (const id of Object.values(students)) await api(page, 'DELETE', `/api/students/${id}`);
  await fs.rm(path.dirname(file), { recursive: true, force: true });
});

describe('a bank statement', () => {
  it('is imported on /payments, reviewed on /payments/unmatched and paid to the student', async () => {
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import bank statement' });
    await dialog.getByLabel('Statement file').setInputFiles(file);
    await dialog.getByText('Recognised: ING.').waitFor();
    const counts = dialog.getByRole('list', { name: 'Preview' });
    await counts.getByText('Paid by reference: 1').waitFor();
    await counts.getByText('To review: 1').waitFor();
    await counts.getByText('Skipped (outgoing or not booked): 1').waitFor();
    await dialog
      .getByRole('table', { name: 'Incoming transfers' })
      .getByText(`To review (suggested: Anna Kowalska${suffix})`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByText(/^Imported: 2 new transfers, 1 paid by reference, 1 to review/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: /bank transfers? to review/ }).click();
    await page.waitForURL('**/payments/unmatched');
    const row = page.locator('tbody tr', { hasText: `lekcje ${suffix}` });
    // suggested by name: she owes nothing yet
    await row.getByText('owes 0.00 zł').waitFor();
    await row.getByRole('button', { name: /^Assign the transfer of 123\.45 zł/ }).click();
    const assign = page.getByRole('dialog', { name: /^Assign the transfer of 123\.45 zł/ });
    // the suggested student is chosen already
    await expect.poll(() => assign.getByLabel('Student').inputValue()).toBe(String(students.anna));
    await assign.getByRole('button', { name: 'Assign' }).click();
    await assign.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });

    await page.goto(`/students/${students.anna}`);
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByRole('button', { name: /^Void: 123\.45 zł/ }).waitFor();
    await page.goto(`/students/${students.marta}`);
    await page
      .getByRole('region', { name: 'Account' })
      .getByRole('button', { name: /^Void: 480\.00 zł/ })
      .waitFor();
    expect(dialogs).toEqual([]);
  });
});
