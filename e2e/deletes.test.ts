import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  confirmInApp,
  LINKED,
  logInAsAdmin,
  networkSettled,
  notices,
  setUndoDelay,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';

// ADR 025: a delete the server would refuse (a linked record) says so at once, before any
// Undo is offered, and the record stays on screen.

const browser = useBrowser();
let page: Page;
let browserDialogs: string[];

interface Created {
  id: number;
}

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 800 });
  browserDialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
});
// Another file starts from an empty groups list: what is made here goes.
afterAll(async () => {
  await sql(
    "delete from lessons where group_id in (select id from groups where name like 'Deletes %')",
  );
  await sql("delete from groups where name like 'Deletes %'");
});

/** The group's row is on screen, whole, and the page does not scroll sideways. */
async function rowIsShown(name: string) {
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.waitFor();
  const box = await row.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

describe('a delete that would be refused', () => {
  it('says at once that a group with lessons is linked: no Deleted notice, no Undo, the row stays', async () => {
    const group = await api<Created>(page, 'POST', '/api/groups', { name: 'Deletes A2 evening' });
    await api(page, 'POST', '/api/lessons', {
      date: '2031-04-07',
      start: '18:00',
      end: '19:30',
      price: 60,
      groupe: group.id,
    });
    await page.goto('/groups');
    // Undo would be offered for ten minutes: an error now can only come from the check.
    await setUndoDelay(page, 600_000);
    try {
      await rowIsShown('Deletes A2 evening');
      await page.getByRole('button', { name: 'Delete Deletes A2 evening' }).click();
      await confirmInApp(page, 'Delete group Deletes A2 evening?');
      await expect.poll(() => notices(page, 'alert')).toEqual([LINKED]);
      const alert = page.getByRole('alert').filter({ hasText: LINKED });
      expect(await alert.innerText()).toContain(LINKED);
      const box = await alert.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
      await networkSettled(page);
      expect(await notices(page)).not.toContainEqual(expect.stringContaining('Deleted'));
      expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
      await rowIsShown('Deletes A2 evening');
      // only the check reached the server; the group is still there after a reload
      await page.reload();
      await rowIsShown('Deletes A2 evening');
      expect(await notices(page, 'alert')).toEqual([]);
    } finally {
      await setUndoDelay(page, 8000);
    }
    expect(browserDialogs).toEqual([]);
  });

  it('still offers Undo for a group nothing points at, and Undo keeps it', async () => {
    await api(page, 'POST', '/api/groups', { name: 'Deletes B1 free' });
    await page.goto('/groups');
    await rowIsShown('Deletes B1 free');
    await page.getByRole('button', { name: 'Delete Deletes B1 free' }).click();
    await confirmInApp(page, 'Delete group Deletes B1 free?');
    const notice = page.getByRole('status').filter({ hasText: 'Deleted group Deletes B1 free.' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await rowIsShown('Deletes B1 free');
    expect(await notices(page, 'alert')).toEqual([]);
    await page.reload();
    await rowIsShown('Deletes B1 free');
    expect(browserDialogs).toEqual([]);
  });
});
