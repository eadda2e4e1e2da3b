import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, useBrowser } from './support.js';

/**
 * The create panel (docs/screens.md, Header block): every field of its form is in view or
 * reached by scrolling the panel, never under its submit button; the panel grows to fit its form
 * where the window holds it, says so when more lies below, and opening it puts the focus in its
 * first field.
 */

const browser = useBrowser();
let owner: Page;
let quizId = 0;

beforeAll(async () => {
  owner = await browser.newPage();
  await logInAsAdmin(owner);
  const quiz = await api<{ id: number }>(owner, 'POST', '/api/grid', {
    name: `Panel quiz ${Date.now().toString(36)}`,
    type: 2,
  });
  quizId = quiz.id;
});

afterAll(async () => {
  await api(owner, 'DELETE', `/api/grid/${quizId}`);
});

async function openPanel(path: string, width: number, height: number, isMobile = false) {
  const page = await browser.newPage({ width, height, isMobile, hasTouch: isMobile });
  await logInAsAdmin(page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await networkSettled(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Create panel' });
  await panel.locator('form').waitFor();
  await networkSettled(page);
  return { page, panel };
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
    '%s shows every field whole and %s after the last one at %ix%i, focus in the first field',
    async (path, submit, width, height) => {
      const { panel } = await openPanel(
        path === 'quiz' ? `/quizcards/${quizId}` : path,
        width,
        height,
      );
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
    },
  );

  it('on a phone scrolls inside, says more lies below, and Tab never leaves a field under Save', async () => {
    const { page, panel } = await openPanel('/clients', 390, 844, true);
    const save = panel.getByRole('button', { name: 'Save', exact: true });
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const cue = page.getByRole('button', { name: 'More fields below' });
    expect(await cue.isVisible()).toBe(true);
    const fields = await fieldsOf(panel);
    for (const [index, field] of fields.entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      // a date field's calendar button takes a Tab of its own
      if (!(await field.evaluate((el) => el === document.activeElement))) {
        await page.keyboard.press('Tab');
      }
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await wholeAndUncovered(field)).toBe('ok');
      expect(await save.isVisible()).toBe(true);
    }
    // at the end nothing more lies below
    await panel.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await cue.waitFor({ state: 'hidden' });
  });
});
