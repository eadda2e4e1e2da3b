import fs from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logInAsAdmin, useBrowser, watchBrowserDialogs } from './support.js';

/** Settings → Backups (ADR 028): an admin backs up now, sees it listed and downloads it. */

const browser = useBrowser();
let page: Page;
let dialogs: string[];

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 800 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
});

describe('backups in settings', () => {
  it('backs up now with its progress, lists the file and downloads it', async () => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Backups' });
    const rows = section.getByRole('row');
    const before = await rows.count();

    const start = section.getByRole('button', { name: 'Back up now' });
    await start.focus();
    await page.keyboard.press('Enter');
    // a backup is pg_dump of the whole database: on a busy machine it takes more than the
    // default wait
    await section.getByText(/^Backup written: backup-.*\.tar\.gz$/).waitFor({ timeout: 60_000 });
    await expect.poll(() => rows.count()).toBeGreaterThan(Math.max(before, 1));
    await expect.poll(() => start.isEnabled()).toBe(true);

    // nothing of the section is cut off at 1280 px
    const box = await section.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    expect(
      await section.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      'no sideways scroll in the section',
    ).toBe(true);

    const newest = rows.nth(1);
    const name = (await newest.getByRole('cell').nth(2).textContent()) ?? '';
    expect(name).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-m\d{4}\.tar\.gz$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      newest.getByRole('link', { name: /Download the backup of/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const file = await download.path();
    const data = await fs.readFile(file);
    expect(gunzipSync(data).includes(Buffer.from('manifest.json'))).toBe(true);
    expect(dialogs).toEqual([]);
  });

  it('on a phone keeps a backup row one line tall and its download, and a session’s delete, in view', async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    await logInAsAdmin(phone);
    await phone.goto('/settings');
    const backups = phone.getByRole('region', { name: 'Backups' });
    const row = backups.getByRole('row').nth(1);
    const download = row.getByRole('link', { name: /Download the backup of/ });
    await download.waitFor();
    const rowBox = await row.boundingBox();
    expect(rowBox?.height, 'a backup row’s height').toBeLessThanOrEqual(60);
    const linkBox = await download.boundingBox();
    expect(
      linkBox && linkBox.x + linkBox.width,
      'the download link’s right edge',
    ).toBeLessThanOrEqual(390);

    const sessions = phone.getByRole('region', { name: 'Sessions' });
    const remove = sessions.getByRole('button', { name: 'Delete session' }).first();
    await remove.waitFor();
    const removeBox = await remove.boundingBox();
    expect(
      removeBox && removeBox.x + removeBox.width,
      'the delete’s right edge',
    ).toBeLessThanOrEqual(390);
    // pinned: it stays where it is while the table scrolls sideways under it
    const wrap = sessions.getByRole('table').locator('xpath=..');
    await wrap.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    const scrolled = await remove.boundingBox();
    expect(Math.abs((scrolled?.x ?? 0) - (removeBox?.x ?? 0)), 'moved by').toBeLessThanOrEqual(1);
    await phone.context().close();
  });
});
