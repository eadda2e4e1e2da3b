import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { api, logInAsAdmin, openNextWeekLesson, sql, useBrowser } from './support.js';

/**
 * A teacher's lesson modal (docs/roles.md, Lessons): another teacher's lesson is read only, in
 * full and without side scroll; on their own lesson attendance is the only participant control.
 */

const browser = useBrowser();
const suffix = Date.now().toString(36);
const mine = { login: `own${suffix}`, password: 'e2e teacher password' };
const otherLogin = `other${suffix}`;
const othersCourse = `Theirs ${suffix}`;
const ownCourse = `Mine ${suffix}`;
const hiddenCourse = `Hidden ${suffix}`;

const DAY = 86_400_000;
const nextMonday = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7;
  return today - weekday * DAY + 7 * DAY;
})();
const dayOfNextWeek = (n: number) => new Date(nextMonday + n * DAY).toISOString().slice(0, 10);

async function insideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

let teacher: Page | undefined;

/**
 * The teacher's page at that size in that language, on their schedule: one page, logged in
 * through the form once, resized and loaded again in the language asked for
 * (docs/decisions/037-test-suite-cost.md).
 */
async function teacherPage(width: number, height: number, language = 'en') {
  if (teacher) {
    await teacher.setViewportSize({ width, height });
    await teacher.evaluate((l) => localStorage.setItem('language', l), language);
    await teacher.goto('/schedule');
    return teacher;
  }
  const page = await browser.newPage({ width, height });
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('language', l), language);
  await page.goto('/login');
  await page.getByLabel(/^(Login|Login|Логін)$/).fill(mine.login);
  await page.getByLabel(/^(Password|Hasło|Пароль)$/).fill(mine.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === '/schedule');
  teacher = page;
  return page;
}

const openLesson = openNextWeekLesson;

beforeAll(async () => {
  for (const login of [mine.login, otherLogin]) {
    await sql(
      `insert into users (login, password_hash, first_name, last_name, role)
       values ($1, $2, 'Taras', $3, 'teacher')`,
      [login, await hashPassword(mine.password), login],
    );
  }
  const page = await browser.newPage();
  await logInAsAdmin(page);
  const users = await (await page.request.get('/api/users?limit=1000')).json();
  const idOf = (login: string) =>
    (users as { id: number; login: string }[]).find((u) => u.login === login)?.id;
  const student = await api<{ id: number }>(page, 'POST', '/api/students', {
    name: 'Olena',
    surname: `Koval ${suffix}`,
  });
  const lessons: number[] = [];
  for (const [teacher, course, start] of [
    [idOf(otherLogin), othersCourse, '12:00'],
    [idOf(mine.login), ownCourse, '09:00'],
  ] as const) {
    const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: dayOfNextWeek(1),
      start,
      end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      price: 60,
      teacher,
      course,
      comment: 'Bring the workbook',
      force: true,
    });
    lessons.push(lesson.id);
    await api(page, 'POST', '/api/events', { lesson: lesson.id, student: student.id, toPay: 1 });
  }
  // a student of the other teacher's only: beside theirs in that teacher's lesson, and alone in
  // another one
  const notTheirs = await api<{ id: number }>(page, 'POST', '/api/students', {
    name: 'Ira',
    surname: `Hidden ${suffix}`,
  });
  const hidden = await api<{ id: number }>(page, 'POST', '/api/lessons', {
    date: dayOfNextWeek(2),
    start: '15:00',
    end: '16:00',
    price: 60,
    teacher: idOf(otherLogin),
    course: hiddenCourse,
    force: true,
  });
  for (const lesson of [hidden.id, lessons[0]]) {
    await api(page, 'POST', '/api/events', { lesson, student: notTheirs.id });
  }
});

describe("a teacher's lesson modal", () => {
  it("shows another teacher's lesson read only, without Delete or amounts", async () => {
    const page = await teacherPage(1280, 800);
    const dialog = await openLesson(page, othersCourse);
    await insideViewport(page, dialog.getByText(othersCourse, { exact: true }));
    await insideViewport(page, dialog.getByText('Bring the workbook'));
    expect(await dialog.getByRole('button', { name: 'Delete lesson' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await dialog.locator('select, input, textarea').count()).toBe(0);
    expect(await dialog.getByText(/zł/).count()).toBe(0);
    // their own student is listed, and the others are said to be hidden
    await dialog.getByText(/^Only your students are listed/).waitFor();
    expect(await noSideScroll(page)).toBe(true);
  });

  it('offers attendance as the only participant control of their own lesson', async () => {
    const page = await teacherPage(1280, 800);
    const dialog = await openLesson(page, ownCourse);
    await dialog.getByRole('button', { name: 'Delete lesson' }).waitFor();
    const attendance = dialog.getByLabel(`Attendance of Olena Koval ${suffix}`);
    await insideViewport(page, attendance);
    expect(await dialog.getByLabel(`Whether Olena Koval ${suffix} pays`).count()).toBe(0);
    expect(await dialog.getByLabel('Add a student').count()).toBe(0);
    expect(await noSideScroll(page)).toBe(true);
  });

  it("says another teacher's participants are hidden for the role, not that there are none (uk, pl)", async () => {
    for (const [language, width, height, hiddenText, emptyText] of [
      [
        'uk',
        390,
        844,
        'Учасників уроку іншого викладача приховано для вашої ролі.',
        'Ще немає учнів',
      ],
      [
        'pl',
        1280,
        800,
        'Uczestnicy lekcji innego nauczyciela są ukryci dla Twojej roli.',
        'Brak uczniów',
      ],
    ] as const) {
      const page = await teacherPage(width, height, language);
      const dialog = await openLesson(page, hiddenCourse);
      await dialog.getByText(hiddenText).waitFor();
      expect(await dialog.getByText(emptyText).count()).toBe(0);
      expect(await dialog.getByText(`Ira Hidden ${suffix}`).count()).toBe(0);
    }
  });

  it('fits on a phone in Ukrainian, read only', async () => {
    const page = await teacherPage(390, 844, 'uk');
    const dialog = await openLesson(page, othersCourse);
    await insideViewport(page, dialog.getByText(othersCourse, { exact: true }));
    expect(await dialog.locator('select, input, textarea').count()).toBe(0);
    expect(await dialog.getByText(/zł/).count()).toBe(0);
    expect(await noSideScroll(page)).toBe(true);
  });
});
