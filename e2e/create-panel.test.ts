import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, navigate, networkSettled, useBrowser } from './support.js';

/**
 * The create panel (docs/screens.md, Header block): every field of its form is in view or
 * reached by scrolling the panel, never under its submit button, which is whole and in the
 * window; the panel grows to fit its form where the window holds it, says so when more lies
 * below, opening it puts the focus in its first field and closes the filters, and the page
 * never scrolls sideways (docs/interface.md: nothing cut off).
 *
 * The window sizes are one page resized (a phone is a context of its own): each screen is
 * opened anew at each size from the one before, without a page load
 * (docs/decisions/037-test-suite-cost.md).
 */

const browser = useBrowser();
let desk: Page;
let phone: Page;
let quizId = 0;

beforeAll(async () => {
  desk = await browser.newPage({ width: 1440, height: 900 });
  await logInAsAdmin(desk);
  const quiz = await api<{ id: number }>(desk, 'POST', '/api/grid', {
    name: `Panel quiz ${Date.now().toString(36)}`,
    type: 2,
  });
  quizId = quiz.id;
  phone = await browser.newPage({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await logInAsAdmin(phone);
});

afterAll(async () => {
  await api(desk, 'DELETE', `/api/grid/${quizId}`);
});

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

/** The whole box of the element is inside the window. */
async function inViewport(page: Page, locator: Locator) {
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return x >= 0 && y >= 0 && x + width <= size.width + 0.5 && y + height <= size.height + 0.5;
}

/** What is drawn at the element's centre is the element itself (or inside it): nothing covers it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });

/** How far the page scrolls sideways (0 or less when it fits). */
const pageOverflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

/**
 * Opens the screen anew on the page, at that size, and its create panel; with `filters`, the
 * filters first, which the create panel then closes: one panel at a time.
 */
async function openPanel(
  page: Page,
  path: string,
  { size, filters = false }: { size?: { width: number; height: number }; filters?: boolean } = {},
) {
  if (size) await page.setViewportSize(size);
  await navigate(page, path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await networkSettled(page);
  const filterPanel = page.getByRole('region', { name: 'Filters' });
  if (filters) {
    await page.getByRole('button', { name: 'Filter' }).click();
    await filterPanel.waitFor();
  }
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Create panel' });
  await panel.locator('form').waitFor();
  if (filters) {
    expect(await filterPanel.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Filter' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  }
  await networkSettled(page);
  return panel;
}

/** The form's fields, in order. */
const fieldsOf = (panel: Locator) =>
  panel.locator('form').locator('input:not([type=hidden]), select, textarea').all();

/**
 * The whole field is inside the panel's visible box, and what is drawn at its corners is the
 * field itself: nothing (the submit button's foot) covers any of it.
 */
const wholeAndUncovered = (field: Locator) =>
  field.evaluate((el) => {
    const panel = el.closest('[data-scroll-panel]');
    if (!panel) return 'no panel';
    const r = el.getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    if (r.top < p.top - 0.5 || r.bottom > p.bottom + 0.5) return 'outside the panel';
    const points: [number, number][] = [
      [r.left + 3, r.top + 3],
      [r.right - 3, r.top + 3],
      [r.left + 3, r.bottom - 3],
      [r.right - 3, r.bottom - 3],
    ];
    for (const [x, y] of points) {
      const top = document.elementFromPoint(x, y);
      if (!top || !(el === top || el.contains(top) || top.contains(el))) {
        return `covered by ${top?.tagName ?? 'nothing'} ${top?.textContent ?? ''}`.trim();
      }
    }
    return 'ok';
  });

describe('the create panel', () => {
  it.each([
    ['/schedule', 'Create lesson', 1440, 900],
    ['/schedule', 'Create lesson', 1280, 800],
    ['/clients', 'Save', 1440, 900],
    ['/clients', 'Save', 1280, 800],
    ['quiz', 'Save', 1440, 900],
    ['quiz', 'Save', 1280, 800],
  ])(
    '%s shows every field whole and %s whole after the last one at %ix%i, focus in the first field',
    async (path, submit, width, height) => {
      // the clients' and the schedule's filters close as the create panel opens
      const panel = await openPanel(desk, path === 'quiz' ? `/quizcards/${quizId}` : path, {
        size: { width, height },
        filters: path !== 'quiz',
      });
      const fields = await fieldsOf(panel);
      expect(fields.length).toBeGreaterThan(1);
      const first = fields[0];
      if (!first) throw new Error('no field');
      expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);

      // the panel grew to fit the form: nothing to scroll to, every field whole as it opened
      expect(await panel.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      for (const field of fields) expect(await wholeAndUncovered(field)).toBe('ok');
      const button = panel.getByRole('button', { name: submit, exact: true });
      const last = await fields.at(-1)?.boundingBox();
      const save = await button.boundingBox();
      if (!last || !save) throw new Error('not rendered');
      expect(save.y).toBeGreaterThanOrEqual(last.y + last.height);
      expect(save.y + save.height).toBeLessThanOrEqual(height);
      expect(await panel.getByRole('button', { name: 'More fields below' }).count()).toBe(0);
      // the button whole, in the window and in the panel's visible box, without scrolling
      // anything, and nothing over it
      expect(await inViewport(desk, button)).toBe(true);
      const p = await box(panel);
      expect(save.y + save.height).toBeLessThanOrEqual(p.y + p.height + 0.5);
      expect(await uncovered(button)).toBe(true);
      await button.click({ trial: true });
      expect(await pageOverflowX(desk)).toBeLessThanOrEqual(0);
    },
  );

  it.each([
    [1280, 480],
    [700, 600],
  ])('keeps the clients’ Save reachable inside the panel at %ix%i', async (width, height) => {
    if (width < 900) {
      // as a window opened that narrow starts: the side bar hidden, not a drawer over the page
      await desk.getByRole('button', { name: 'Show or hide navigation' }).click();
      await desk.waitForFunction(
        () =>
          document
            .querySelector('nav[aria-label="Main navigation"]')
            ?.getAttribute('data-state') === 'hidden',
      );
    }
    const panel = await openPanel(desk, '/clients', { size: { width, height } });
    const save = panel.getByRole('button', { name: 'Save', exact: true });
    // a form longer than the window holds scrolls inside, its Save kept in view at the foot
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await inViewport(desk, save)).toBe(true);
    expect(await pageOverflowX(desk)).toBeLessThanOrEqual(0);
  });

  it('on a phone scrolls inside, says more lies below, and Tab never leaves a field under Save', async () => {
    const panel = await openPanel(phone, '/clients');
    const save = panel.getByRole('button', { name: 'Save', exact: true });
    expect(await inViewport(phone, save)).toBe(true);
    expect(await uncovered(save)).toBe(true);
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const cue = phone.getByRole('button', { name: 'More fields below' });
    expect(await cue.isVisible()).toBe(true);
    const fields = await fieldsOf(panel);
    for (const [index, field] of fields.entries()) {
      if (index > 0) await phone.keyboard.press('Tab');
      // a date field's calendar button takes a Tab of its own
      if (!(await field.evaluate((el) => el === document.activeElement))) {
        await phone.keyboard.press('Tab');
      }
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await wholeAndUncovered(field)).toBe('ok');
      expect(await save.isVisible()).toBe(true);
    }
    // at the end nothing more lies below; the last field is in reach and Save still in view
    await panel.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await cue.waitFor({ state: 'hidden' });
    await panel.getByLabel('Last contact').scrollIntoViewIfNeeded();
    expect(await inViewport(phone, save)).toBe(true);
    expect(await uncovered(save)).toBe(true);
    expect(await pageOverflowX(phone)).toBeLessThanOrEqual(0);
  });
});
