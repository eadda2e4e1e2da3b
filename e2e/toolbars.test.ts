import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, useBrowser } from './support.js';

/**
 * Lists' toolbars keep to their row, delete buttons look alike everywhere and the week fits the
 * window (docs/screens.md, List screens and Schedule).
 */

const browser = useBrowser();
let owner: Page;
let quizId = 0;
let setId = 0;
let groupId = 0;

beforeAll(async () => {
  owner = await browser.newPage();
  await logInAsAdmin(owner);
  const mark = Date.now().toString(36);
  quizId = (await api<{ id: number }>(owner, 'POST', '/api/grid', { name: `Tb ${mark}`, type: 2 }))
    .id;
  setId = (await api<{ id: number }>(owner, 'POST', '/api/set', { name: `Tb set ${mark}` })).id;
  await api(owner, 'POST', '/api/setcard', { set: setId, grid: quizId });
  groupId = (await api<{ id: number }>(owner, 'POST', '/api/groups', { name: `Tb group ${mark}` }))
    .id;
});

afterAll(async () => {
  await api(owner, 'DELETE', `/api/set/${setId}`);
  await api(owner, 'DELETE', `/api/grid/${quizId}`);
  await api(owner, 'DELETE', `/api/groups/${groupId}`);
});

let desk: Page | undefined;
let phone: Page | undefined;

/**
 * The page at that size in that language (stored: the next page load shows it). The desk sizes
 * are one page resized, a phone a context of its own (touch), each logged in once
 * (docs/decisions/037-test-suite-cost.md).
 */
async function loggedIn(width: number, height: number, language = 'en') {
  const isMobile = width < 500;
  let page = isMobile ? phone : desk;
  if (page) {
    await page.setViewportSize({ width, height });
  } else {
    page = await browser.newPage({ width, height, isMobile, hasTouch: isMobile });
    await logInAsAdmin(page);
    if (isMobile) phone = page;
    else desk = page;
  }
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  return page;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};
const middle = async (locator: Locator) => {
  const { y, height } = await box(locator);
  return y + height / 2;
};

describe('the Bot list’s toolbar', () => {
  it.each([
    [1440, 900],
    [1280, 800],
    [390, 844],
  ])('keeps the kind and the export together, the count beside them, at %ix%i', async (w, h) => {
    const page = await loggedIn(w, h);
    await page.goto('/conversations');
    const kind = page.getByRole('group', { name: 'Conversations to show' });
    await kind.waitFor();
    await networkSettled(page);
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    const count = page.getByText(/^\d+ items?$/);
    // the kind toggle and the export share a row
    expect(Math.abs((await middle(kind)) - (await middle(exportButton)))).toBeLessThan(2);
    const k = await box(kind);
    const e = await box(exportButton);
    expect(k.x + k.width).toBeLessThanOrEqual(e.x);
    // the count is on that row too where there is room, else right above it, never floating
    const c = await box(count);
    if (w >= 1280) expect(Math.abs((await middle(count)) - (await middle(kind)))).toBeLessThan(2);
    else expect(k.y - (c.y + c.height)).toBeLessThanOrEqual(12);
    // the bot's note (the test server runs no bot) has the list's whole width, above the toolbar
    const note = page.getByRole('note');
    const n = await box(note);
    expect(n.y + n.height).toBeLessThanOrEqual(c.y);
    expect(n.x + n.width).toBeGreaterThanOrEqual(e.x + e.width - 1);
    // never squeezed into a column: at most two lines where there is room
    if (w >= 1280) expect(n.height).toBeLessThan(64);
  });
});

describe('delete buttons', () => {
  it('are red on a set’s games as in every list', async () => {
    const page = await loggedIn(1280, 800);
    await page.goto('/groups');
    const listDelete = page.getByRole('button', { name: /^Delete / }).first();
    await listDelete.waitFor();
    const red = await listDelete.evaluate((el) => getComputedStyle(el).color);
    await page.goto(`/setcards/${setId}`);
    const remove = page.getByRole('button', { name: /^Remove .* from the set$/ }).first();
    await remove.waitFor();
    expect(await remove.evaluate((el) => getComputedStyle(el).color)).toBe(red);
  });
});

describe('the schedule', () => {
  it.each([
    [1440, 900, 'uk'],
    [1440, 900, 'pl'],
    [1280, 800, 'uk'],
  ])('fits a %ix%i window in %s without scrolling down', async (w, h, language) => {
    const page = await loggedIn(w, h, language);
    await page.goto('/schedule');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await networkSettled(page);
    const { overflow, lessonsNeed } = await page.evaluate(() => {
      const overflow = document.documentElement.scrollHeight - window.innerHeight;
      // the days reach down to the window's foot; a day holding more of this week's lessons
      // (other files' too) than that leaves room for makes the page longer by what they need:
      // its foot measured as it would be without the reach, then put back
      const days = [...document.querySelectorAll<HTMLElement>('[role=region] > section')];
      days.forEach((day) => (day.style.minHeight = '0'));
      const foot = Math.max(0, ...days.map((day) => day.getBoundingClientRect().bottom));
      days.forEach((day) => (day.style.minHeight = ''));
      // below the days: the board's 8px padding, the page's 48px and a pixel to spare
      return { overflow, lessonsNeed: Math.max(0, foot + scrollY + 57 - window.innerHeight) };
    });
    expect(overflow).toBeLessThanOrEqual(lessonsNeed);
  });
});
