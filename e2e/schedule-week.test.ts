import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  api,
  confirmInApp,
  createStaff,
  logInAsAdmin,
  networkSettled,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';
import { runAxe } from './axe.js';

/** The week board (docs/screens.md, Schedule; docs/schedule.md): its layout, clashes, alternative dates, the template. */
const browser = useBrowser();
let page: Page;
let dialogs: string[];
const teacher = { first: 'Marta', last: `Tyzhden${Date.now().toString(36)}` };
const teacherName = `${teacher.first} ${teacher.last}`;
let teacherId = 0;

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today and this week's Monday (the browser and the server run in UTC here). */
const now = new Date();
const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 800 });
  dialogs = watchBrowserDialogs(page);
  await createStaff(teacher.first, teacher.last);
  await logInAsAdmin(page);
  const users = await page.request.get('/api/users?limit=500');
  const options = (await users.json()) as { id: number; name: string }[];
  teacherId = options.find((u) => u.name === teacherName)?.id ?? 0;
  expect(teacherId).toBeGreaterThan(0);
});

const board = () => page.getByRole('region', { name: 'Days and their lessons' });
const dayColumn = (name: string) => board().getByRole('region', { name: new RegExp(`^${name}`) });
const card = (scope: Page | Locator, course: string) =>
  scope.getByRole('button', { name: new RegExp(course) });

async function openSchedule() {
  await page.goto('/schedule');
  await dayColumn('Sunday').waitFor();
  await networkSettled(page);
}

/** What a card's description says (whom it clashes with), read from the elements it names. */
async function descriptionOf(button: Locator) {
  const ids = (await button.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(
    ids.map((id) => page.locator(`[id="${id}"]`).evaluate((el) => el.textContent ?? '')),
  );
  return texts.join(' ');
}

/** The boxes of the seven day columns and their headings, and whether the page scrolls sideways. */
async function weekLayout() {
  const columns = await Promise.all(WEEKDAYS.map((d) => dayColumn(d).boundingBox()));
  const headings = await Promise.all(
    WEEKDAYS.map((d) => dayColumn(d).getByRole('heading', { level: 2 }).boundingBox()),
  );
  const headers = await Promise.all(
    WEEKDAYS.map((d) =>
      dayColumn(d)
        .locator('header')
        .evaluate((el) => el.getBoundingClientRect().height),
    ),
  );
  const page_ = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return { columns, headings, headers, ...page_ };
}

describe('the week board', () => {
  it('shows the whole week at 1280 px in seven columns of one width, at most 280 px', async () => {
    // a wide amount: 1,500.00 zł for one paying participant
    const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: iso(monday + 2 * DAY),
      start: '09:00',
      end: '10:30',
      price: 1000,
      teacher: teacherId,
      course: 'E2E Week wide amount',
      force: true,
    });
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Iryna',
      surname: `Tyzhden${Date.now().toString(36)}`,
    });
    await api(page, 'POST', '/api/events', { lesson: lesson.id, student: student.id, toPay: 1 });
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openSchedule();
      const layout = await weekLayout();
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
      const widths = layout.columns.map((box) => box?.width ?? 0);
      for (const w of widths) {
        expect(w).toBeGreaterThan(100);
        expect(w).toBeLessThanOrEqual(280);
        expect(Math.abs(w - widths[0]!)).toBeLessThanOrEqual(1);
      }
      // every day header is inside the viewport, whole
      for (const box of layout.headings) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        expect(box!.y + box!.height).toBeLessThanOrEqual(height);
      }
      // each day's header (name, date, Earned and Hours) is laid out alike, whatever the amount
      for (const h of layout.headers) expect(h).toBeCloseTo(layout.headers[0]!, 0);
      const wednesday = dayColumn('Wednesday');
      expect(await wednesday.locator('dl').innerText()).toMatch(
        /^Earned\s+\d,\d{3}\.\d\d zł\s+Hours\s+[\d.]+$/,
      );
      const dd = wednesday.locator('dd').first();
      expect(await dd.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a range of more than 7 days: columns of 220 px scrolling inside the board', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByLabel('From', { exact: true }).fill(iso(monday));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(iso(monday + 13 * DAY));
    await page.keyboard.press('Escape');
    await expect.poll(() => board().getByRole('region').count()).toBe(14);
    const widths = await board()
      .getByRole('region')
      .evaluateAll((days) => days.map((d) => Math.round(d.getBoundingClientRect().width)));
    expect(new Set(widths)).toEqual(new Set([220]));
    expect(await board().evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  it('on a phone the days scroll sideways inside the board, never the page', async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    await logInAsAdmin(phone);
    await phone.goto('/schedule');
    const days = phone.getByRole('region', { name: 'Days and their lessons' });
    await days.getByRole('region', { name: /^Sunday/ }).waitFor();
    const sizes = await phone.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(sizes.page).toBeLessThanOrEqual(sizes.inner);
    expect(await days.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const first = await days.getByRole('region', { name: /^Monday/ }).boundingBox();
    expect(first!.x).toBeGreaterThanOrEqual(0);
    expect(first!.x + first!.width).toBeLessThanOrEqual(390);
    await phone.context().close();
  });

  it('marks both lessons of a clash saved anyway, saying with which lesson', async () => {
    const date = iso(monday + 7 * DAY);
    await api(page, 'POST', '/api/lessons', {
      date,
      start: '10:00',
      end: '11:00',
      price: 80,
      teacher: teacherId,
      course: 'E2E Week first',
    });
    await openSchedule();
    await page.getByRole('button', { name: 'Next week' }).click();
    const first = card(dayColumn('Monday'), 'E2E Week first');
    await first.waitFor();
    expect(await first.getByText('Clash', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New lesson' });
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Start').fill('10:30');
    await form.getByLabel('End').fill('11:30');
    await form.getByLabel('Price per hour (zł)').fill('80');
    await form.getByLabel('Duration (min)').fill('60');
    await form.getByLabel('Teacher').selectOption({ label: teacherName });
    await form.getByLabel('Weekly').selectOption({ label: 'no' });
    await form.getByLabel('Course').fill('E2E Week second');
    await form.getByRole('button', { name: 'Create lesson' }).click();
    await confirmInApp(page, 'Someone is busy then', 'Save anyway');
    await page.getByText('Successfully done !').waitFor();
    await page.keyboard.press('Escape');

    const second = card(dayColumn('Monday'), 'E2E Week second');
    await second.waitFor();
    for (const [own, other] of [
      [first, '10:30–11:30 E2E Week second'],
      [second, '10:00–11:00 E2E Week first'],
    ] as const) {
      const mark = own.getByText('Clash', { exact: true });
      await mark.waitFor();
      expect(await mark.isVisible()).toBe(true);
      expect(await descriptionOf(own)).toContain(`Clashes with ${other} (${teacherName}, teacher)`);
    }

    // the marked cards pass axe (WCAG 2.1 AA, docs/interface.md) in both themes
    for (const theme of ['light', 'dark']) {
      await page.evaluate((name) => localStorage.setItem('theme', name), theme);
      await page.reload();
      await page.getByRole('button', { name: 'Next week' }).click();
      await second.getByText('Clash', { exact: true }).waitFor();
      await networkSettled(page);
      const results = await runAxe(page, { include: '[aria-label="Days and their lessons"]' });
      expect(results.violations.map((v) => `${theme}: ${v.id} ${v.help}`)).toEqual([]);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  it('offers no alternative date before now, and its own series is free', async () => {
    const weekday = WEEKDAYS[(new Date(today).getUTCDay() + 6) % 7]!;
    // late in the school's day (Kyiv), so tomorrow's slot is ahead of now in the school even
    // while its date is already tomorrow there
    await api(page, 'POST', '/api/lessons', {
      date: iso(today),
      start: '23:00',
      end: '23:30',
      price: 80,
      teacher: teacherId,
      isCycled: 1,
      course: 'E2E Week series',
      force: true,
    });
    await openSchedule();
    await card(dayColumn(weekday), 'E2E Week series').click();
    const dialog = page.getByRole('dialog', { name: /^Lesson / });
    const alternatives = dialog.getByRole('region', { name: 'Alternative dates' });
    await alternatives.getByRole('listitem').first().waitFor();
    const offered = await alternatives
      .getByRole('button', { name: /^Move to / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    const expected = [...Array.from({ length: 7 }, (_, i) => monday + i * DAY), today + 7 * DAY]
      .filter((ms) => ms > today)
      .map((ms) => `Move to ${medium.format(new Date(ms))}`);
    expect(offered).toEqual(expected);
    // the same weekday next week holds the series' own next lesson: no clash with itself
    const nextWeek = alternatives
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: expected.at(-1) }) });
    expect(await nextWeek.innerText()).toContain('Free');
    // on a phone every Move button stays inside the dialog
    await page.setViewportSize({ width: 390, height: 844 });
    const edge = await dialog.evaluate((el) => el.getBoundingClientRect().right);
    const rights = await alternatives
      .getByRole('button', { name: /^Move to / })
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().right));
    expect(rights.every((right) => right <= edge)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('names a teacher busy in two lessons at an alternative date once', async () => {
    const wednesday = iso(monday + 9 * DAY);
    const thursday = iso(monday + 10 * DAY);
    const lesson = { start: '09:00', end: '09:45', price: 80, teacher: teacherId, force: true };
    const series = await api<{ id: number }>(page, 'POST', '/api/lessons', {
      ...lesson,
      date: wednesday,
      isCycled: 1,
      course: 'E2E Twice busy',
    });
    for (const course of ['E2E Busy one', 'E2E Busy two']) {
      await api(page, 'POST', '/api/lessons', { ...lesson, date: thursday, course });
    }
    await page.goto(`/schedule?lesson=${series.id}`);
    const alternatives = page
      .getByRole('dialog', { name: /^Lesson / })
      .getByRole('region', { name: 'Alternative dates' });
    const row = alternatives.getByRole('listitem').filter({
      has: page.getByRole('button', {
        name: `Move to ${medium.format(new Date(monday + 10 * DAY))}`,
      }),
    });
    await expect.poll(() => row.innerText()).toContain(`Busy: ${teacherName}`);
    expect(await row.innerText()).not.toContain(`${teacherName}, ${teacherName}`);
    await page.keyboard.press('Escape');
  });

  it('the template marks nothing past and shows no earned or attendance figures', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'Cycled Lessons' }).click();
    const weekday = WEEKDAYS[(new Date(today).getUTCDay() + 6) % 7]!;
    const series = card(dayColumn(weekday), 'E2E Week series');
    await series.waitFor();
    await networkSettled(page);
    const info = page.getByRole('definition');
    await expect
      .poll(async () => (await page.getByRole('term').allInnerTexts()).join('|'))
      .not.toMatch(/Attendance/);
    const terms = await page.getByRole('term').allInnerTexts();
    expect(terms).not.toContain('Earned');
    expect(terms).toContain('Hours');
    expect(terms).toContain('Students');
    expect((await info.allInnerTexts()).join(' ')).not.toMatch(/%|zł/);
    expect(await board().getByText('past', { exact: true }).count()).toBe(0);
    expect(await board().locator('[data-past]').count()).toBe(0);
    // what a template's card says: time, course, teacher, students
    const text = await series.innerText();
    expect(text).toMatch(/23:00–23:30/);
    expect(text).toContain(teacherName);
    expect(text).toMatch(/0 participants/);
    expect(text).not.toMatch(/zł/);
    expect(dialogs).toEqual([]);
  });
});
