import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { runAxe, violationLines } from './axe.js';
import { api, logInAsAdmin, openNextWeekLesson, useBrowser } from './support.js';

/**
 * A lesson's participants (docs/screens.md, Schedule): every choice shows its whole text in
 * the longer languages, a phone marks attendance in one tap without scrolling sideways, and
 * "Add a student" offers only the students not in the lesson yet.
 */

const browser = useBrowser();
const suffix = Date.now().toString(36);
const course = `Participants ${suffix}`;
const weekly = `Weekly ${suffix}`;
let lessonId = 0;
const names: string[] = [];
const ids: number[] = [];

/** The first choice of attendance and of paying, in the longer languages. */
const NOT_MARKED = { uk: 'Не відмічено', pl: 'Nieoznaczone' };
const NOT_SET = { uk: 'Не визначено', pl: 'Nie ustalono' };

const DAY = 86_400_000;
/** Monday of next week (the browser and the server run in UTC here). */
const nextMonday = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  return today - weekday * DAY + 7 * DAY;
})();
const dayOfNextWeek = (n: number) => new Date(nextMonday + n * DAY).toISOString().slice(0, 10);

/** The desk page (the tests at a desk's sizes share it) and the phone's. */
let desk: Page | undefined;
let phone: Page | undefined;

/**
 * The page of that size in that language (stored, so the next page load shows it): the desk
 * sizes are one page resized, the phone a context of its own (touch), each logged in once
 * (docs/decisions/037-test-suite-cost.md).
 */
async function newPage(options: {
  width: number;
  height: number;
  touch?: boolean;
  language: 'en' | 'pl' | 'uk';
}): Promise<Page> {
  const touch = options.touch ?? false;
  let page = touch ? phone : desk;
  if (page) {
    await page.setViewportSize({ width: options.width, height: options.height });
  } else {
    page = await browser.newPage({
      width: options.width,
      height: options.height,
      hasTouch: touch,
      isMobile: touch,
    });
    await logInAsAdmin(page);
    if (touch) phone = page;
    else desk = page;
  }
  await page.evaluate((language) => localStorage.setItem('language', language), options.language);
  return page;
}

/** Opens the lesson (by its course) from next week's board; answers its dialog. */
const openLesson = (page: Page, which = course) => openNextWeekLesson(page, which);

/**
 * Each select of the participants as wide as it needs to be to show its longest option (a copy
 * of it, free to size itself, beside it), and each heading's and label's text inside its box.
 */
async function cutTexts(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const cut: string[] = [];
    for (const select of root.querySelectorAll('table select')) {
      const free = select.cloneNode(true) as HTMLSelectElement;
      free.style.cssText =
        'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none';
      select.after(free);
      const needed = free.getBoundingClientRect().width;
      free.remove();
      const shown = select.getBoundingClientRect().width;
      if (shown + 0.5 < needed) {
        cut.push(`${select.getAttribute('aria-label') ?? select.id}: ${shown} < ${needed}`);
      }
    }
    for (const el of root.querySelectorAll<HTMLElement>('th, label, button, h2, h3')) {
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        cut.push(`${el.tagName} "${el.innerText}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return cut;
  });
}

/**
 * How far the page and the open dialog scroll sideways, and what in the dialog sticks out of
 * its box (docs/interface.md: nothing cut off).
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const open = document.querySelector('dialog[open]');
    if (!open) throw new Error('no dialog');
    const right = open.getBoundingClientRect().left + open.clientLeft + open.clientWidth;
    const left = open.getBoundingClientRect().left + open.clientLeft;
    const sticking = [...open.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > right + 0.5 || box.left < left - 0.5);
      })
      .map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent}`);
    return {
      page: document.documentElement.scrollWidth - innerWidth,
      // the dialog's own width may round up by one pixel; nothing in it is wider
      dialog: Math.max(0, open.scrollWidth - open.clientWidth - 1),
      sticking,
    };
  });
}

beforeAll(async () => {
  const page = await newPage({ width: 1280, height: 800, language: 'en' });
  for (const [name, surname] of [
    ['Anastasiia', `Kovalchuk${suffix}`],
    ['Bohdan', `Melnychenko${suffix}`],
    ['Yevheniia', `Shevchenko${suffix}`],
  ] as const) {
    const student = await api<{ id: number }>(page, 'POST', '/api/students', { name, surname });
    names.push(`${name} ${surname}`);
    ids.push(student.id);
  }
  const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
    date: dayOfNextWeek(0),
    start: '08:00',
    end: '09:00',
    price: '80',
    duration: '60',
    isCycled: 2,
    course,
  });
  lessonId = lesson.id;
  await api(page, 'POST', '/api/lessons', {
    date: dayOfNextWeek(1),
    start: '18:00',
    end: '19:00',
    price: '80',
    duration: '60',
    isCycled: 1,
    course: weekly,
  });
  // the first two take part; the third does not yet
  for (const student of ids.slice(0, 2)) {
    await api(page, 'POST', '/api/events', { lesson: lessonId, student });
  }
});

describe('a lesson’s participants', () => {
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ] as const) {
    for (const language of ['uk', 'pl'] as const) {
      it(`show every choice's whole text at ${width} px in ${language}`, async () => {
        const page = await newPage({ width, height, language });
        const dialog = await openLesson(page);
        const table = dialog.getByRole('table');
        await table.waitFor();
        const [attendance, pays] = await table.getByRole('row').nth(1).locator('select').all();
        if (!attendance || !pays) throw new Error('no choices in the first row');
        // the words shown are the whole of the chosen option's text...
        expect(
          await attendance.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text),
        ).toBe(NOT_MARKED[language]);
        expect(await pays.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe(
          NOT_SET[language],
        );
        // ...and every choice is wide enough for its longest option, no heading or label cut
        expect(await cutTexts(dialog)).toEqual([]);
        // the table fits its box: nothing to scroll sideways, in the box or on the page
        expect(
          await table.evaluate((el) => {
            const box = el.parentElement as HTMLElement;
            return box.scrollWidth - box.clientWidth;
          }),
        ).toBe(0);
        expect(await overflow(page)).toEqual({ page: 0, dialog: 0, sticking: [] });
      });
    }
  }

  it('offers to add only the students not in the lesson yet', async () => {
    const page = await newPage({ width: 1280, height: 800, language: 'en' });
    const dialog = await openLesson(page);
    const choice = dialog.getByLabel('Add a student', { exact: true });
    await expect.poll(() => choice.locator('option').allInnerTexts()).toContain(names[2]);
    const offered = await choice.locator('option').allInnerTexts();
    expect(offered).not.toContain(names[0]);
    expect(offered).not.toContain(names[1]);
  });

  it('marks attendance on a phone with one tap, nothing to scroll sideways', async () => {
    const page = await newPage({ width: 390, height: 844, touch: true, language: 'uk' });
    let dialog = await openLesson(page);
    const cards = dialog.getByRole('list', { name: 'Учасники' });
    await cards.waitFor();
    expect(await dialog.getByRole('table').count()).toBe(0);

    expect(await overflow(page)).toEqual({ page: 0, dialog: 0, sticking: [] });

    const first = names[0] ?? '';
    const group = dialog.getByRole('group', { name: `Відвідування: ${first}` });
    const present = group.getByRole('button', { name: 'Присутній' });
    const box = await present.boundingBox();
    if (!box) throw new Error('Present is not shown');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await present.getAttribute('aria-pressed')).toBe('false');

    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/events\/\d+$/.test(r.url()),
    );
    await present.tap();
    expect((await saved).status()).toBe(200);
    expect(await present.getAttribute('aria-pressed')).toBe('true');
    // the cards keep what the table gives (docs/interface.md, Accessibility): labels, names, contrast
    const axe = await runAxe(page, { include: 'dialog[open] section' });
    expect(violationLines(axe.violations)).toEqual([]);

    await page.reload();
    dialog = await openLesson(page);
    await expect
      .poll(() =>
        dialog
          .getByRole('group', { name: `Відвідування: ${first}` })
          .getByRole('button', { name: 'Присутній' })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(
      await dialog
        .getByRole('group', { name: `Відвідування: ${names[1]}` })
        .getByRole('button', { name: 'Присутній' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(await overflow(page)).toEqual({ page: 0, dialog: 0, sticking: [] });
  });

  it('puts the focus on the notice’s Undo after a move, not on the page', async () => {
    const page = await newPage({ width: 1280, height: 800, language: 'en' });
    const dialog = await openLesson(page, weekly);
    const alternatives = dialog.getByRole('region', { name: 'Alternative dates' });
    await alternatives.getByText('Free').first().waitFor();
    const thursday = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(new Date(nextMonday + 3 * DAY));
    await alternatives.getByRole('button', { name: `Move to ${thursday}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('region', { name: /Thursday/ })
      .getByRole('button', { name: new RegExp(weekly) })
      .waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return focused === document.body ? 'body' : (focused?.textContent ?? '');
        }),
      )
      .toBe('Undo');
    // the focused Undo does what it says, from the keyboard
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: /Tuesday/ })
      .getByRole('button', { name: new RegExp(weekly) })
      .waitFor();
  });
});
