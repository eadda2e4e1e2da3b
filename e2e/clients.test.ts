import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmInApp, logInAsAdmin, useBrowser, watchBrowserDialogs } from './support.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage({ width: 1600, height: 900 });
  await logInAsAdmin(page);
});

const saved = async (scope: Page | ReturnType<Page['getByRole']>) => {
  await scope.getByText('Successfully done !').waitFor();
  await scope.getByRole('button', { name: 'OK', exact: true }).click();
};

describe('clients', () => {
  it('creates a client, finds it by search, edits it on its detail page', async () => {
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New client' });
    await form.getByLabel('First name').fill('Roksolana');
    await form.getByLabel('Last name').fill('Clientenko');
    await form.getByLabel('E-mail').fill('roksolana@example.com');
    await form.getByLabel('Phone').fill('+380 67 555 00 11');
    await form.getByLabel('Price').fill('1250.50');
    await form.getByLabel('Probability').fill('70');
    await form.getByLabel('Stage').selectOption({ label: 'Contacted' });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill('roksolana@');
    const row = page.getByRole('row', { name: /Roksolana/ });
    await expect.poll(() => page.getByText('1 item', { exact: true }).count()).toBe(1);
    expect(await row.innerText()).toContain('1,250.50 zł');
    expect(await row.innerText()).toContain('Contacted');

    await page.getByRole('link', { name: 'Open Roksolana Clientenko' }).click();
    await page.waitForURL((u) => /^\/clients\/\d+$/.test(u.pathname));
    const details = page.getByRole('form', { name: 'Client details' });
    await expect.poll(() => details.getByLabel('First name').inputValue()).toBe('Roksolana');
    await details.getByLabel('Position').fill('Marketing manager');
    await details.getByLabel('Probability').fill('101');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => details.getByLabel('Probability').getAttribute('aria-invalid'))
      .toBe('true');
    await details.getByLabel('Probability').fill('90');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    await page.reload();
    await expect.poll(() => details.getByLabel('Position').inputValue()).toBe('Marketing manager');
    expect(await details.getByLabel('Probability').inputValue()).toBe('90');
  });

  it('filters by stage and exports what the table shows as CSV', async () => {
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page
      .getByRole('region', { name: 'Filters' })
      .getByLabel('Stage')
      .selectOption({ label: 'Contacted' });
    await page.getByRole('row', { name: /Roksolana/ }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = await fs.readFile(file, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,firstName,lastName,email,tel/);
    expect(csv).toContain('Roksolana');
    expect(lines.slice(1).every((l) => l.includes('Contacted'))).toBe(true);
  });

  it('imports a CSV after a preview: new rows, a matched row, rows with errors', async () => {
    const csv = [
      'firstName,lastName,email,tel,stage',
      'Imported,One,imported.one@example.com,,New lead',
      'Roksolana,Updated,roksolana@example.com,,',
      ',Nameless,,,',
    ].join('\n');
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'import-')), 'clients.csv');
    await fs.writeFile(file, csv);

    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import clients from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    const preview = dialog.getByRole('list', { name: 'Preview' });
    await expect.poll(() => preview.innerText()).toContain('To create: 1');
    expect(await preview.innerText()).toContain('To update: 1');
    expect(await preview.innerText()).toContain('With errors: 1');
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(
      true,
    );
    await dialog.getByLabel('Skip rows with errors').check();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('Created: 1, updated: 1, skipped: 1.'));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('searchbox', { name: 'Search' }).fill('Imported');
    await page.getByRole('row', { name: /Imported One/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('roksolana@');
    await page.getByRole('row', { name: /Roksolana Updated/ }).waitFor();
  });

  it('imports a large file as a job, with a progress bar until the result', async () => {
    // long cells make a file over the in-request size (512 kB) of few rows: other tests count
    const long = (n: number) => 'x'.repeat(n);
    const rows = Array.from(
      { length: 600 },
      (_, i) =>
        `Large${i},${long(100)},large${i}@example.com,${long(300)},${long(300)},${long(100)},${long(100)}`,
    );
    const csv = [
      'firstName,lastName,email,address,facebook,position,telegramUsername',
      ...rows,
    ].join('\n');
    expect(csv.length).toBeGreaterThan(512 * 1024);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'import-')), 'large.csv');
    await fs.writeFile(file, csv);

    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import clients from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    const preview = dialog.getByRole('list', { name: 'Preview' });
    await expect.poll(() => preview.innerText()).toContain('To create: 600');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    // the bar shows from the job's start until an answer says it is done
    await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await expect
      .poll(() => dialog.getByRole('status').allInnerTexts(), { timeout: 120_000 })
      .toContainEqual(expect.stringContaining('Created: 600, updated: 0, skipped: 0.'));
    expect(await dialog.getByRole('progressbar').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('large599@');
    await page.getByRole('row', { name: /Large599 / }).waitFor();
  }, 180_000);

  it('refuses a malformed file and changes nothing', async () => {
    const before = (await page.request.get('/api/clients?limit=1')).headers()['x-total-count'];
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'import-')), 'bad.csv');
    await fs.writeFile(file, 'firstName,lastName\n"unterminated,quote\n');
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import clients from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await expect
      .poll(() => dialog.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('not valid CSV'));
    expect((await page.request.get('/api/clients?limit=1')).headers()['x-total-count']).toBe(
      before,
    );
  });

  it('deletes a client after confirmation', async () => {
    await page.goto('/clients');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Imported');
    await page.getByRole('row', { name: /Imported One/ }).waitFor();
    const browserDialogs = watchBrowserDialogs(page);
    await page.getByRole('button', { name: 'Delete Imported One' }).click();
    await confirmInApp(page, 'Delete client Imported One?');
    await expect.poll(() => page.getByRole('row', { name: /Imported One/ }).count()).toBe(0);
    expect(browserDialogs).toEqual([]);
  });
});
