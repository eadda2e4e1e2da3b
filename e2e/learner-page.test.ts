import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  createStaff,
  logInAsAdmin,
  notices,
  removeMoneyOf,
  sql,
  useBrowser,
  watchBrowserDialogs,
} from './support.js';
import { runAxe, violationLines } from './axe.js';

/**
 * The learner's own page (docs/learner-page.md): staff copy its link or show its QR code; the
 * learner opens it on a phone, without an account, and sees their name, next lesson, what is
 * left to pay and their games; a game played from it records a result the page then shows.
 */

const browser = useBrowser();
let staff: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const course = `Business English ${suffix}`;
const gameName = `Animals quiz ${suffix}`;
const QUIZ = [
  ['Says moo', 'cow'],
  ['Says woof', 'dog'],
] as const;
let student: { id: number; hashCode: string };
/** A student in Warsaw (the school is in Kyiv, an hour ahead) whose messenger is in Polish. */
let abroad: { id: number; hashCode: string };
let gameId = 0;
let lessonIds: number[] = [];
/** Where the screenshots of the page at each width go (looked at, not compared). */
const SHOTS = process.env.LEARNER_SHOTS;

/** YYYY-MM-DD `days` from today (the server's lessons are in Europe/Kyiv; a week is margin). */
const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  staff = await browser.newPage({ width: 1280, height: 900 });
  dialogs = watchBrowserDialogs(staff);
  await logInAsAdmin(staff);
  const teacher = await createStaff('Iryna', `Bondar${suffix}`);
  const users = await (await staff.request.get('/api/users?limit=500')).json();
  const teacherId = (users as { id: number; login: string }[]).find(
    (u) => u.login === teacher.login,
  )!.id;
  student = await api(staff, 'POST', '/api/students', {
    name: 'Marta',
    surname: `Koval${suffix}`,
    gMeetId: 'https://meet.google.com/abc-defg-hij',
  });
  const next = await api<{ id: number }>(staff, 'POST', '/api/lessons', {
    date: dateIn(9),
    start: '17:00',
    end: '18:00',
    price: 80,
    course,
    homework: 'Read chapter 3',
    teacher: teacherId,
    force: true,
  });
  const past = await api<{ id: number }>(staff, 'POST', '/api/lessons', {
    date: dateIn(-9),
    start: '17:00',
    end: '18:30',
    price: 80,
    course: `Grammar ${suffix}`,
    force: true,
  });
  lessonIds = [next.id, past.id];
  abroad = await api(staff, 'POST', '/api/students', {
    name: 'Kasia',
    surname: `Nowak${suffix}`,
    timezone: 'Europe/Warsaw',
  });
  await api(staff, 'POST', '/api/events', { lesson: next.id, student: abroad.id, toPay: '1' });
  // the bot keeps the messenger's language_code of the account it linked
  await sql(
    `insert into bot_users (telegram_id, chat_id, student_id, language_code)
     values ($1, $1, $2, 'pl')`,
    [9_000_000_000 + abroad.id, abroad.id],
  );
  await api(staff, 'POST', '/api/events', { lesson: next.id, student: student.id, toPay: '1' });
  const event = await api<{ id: number }>(staff, 'POST', '/api/events', {
    lesson: past.id,
    student: student.id,
    toPay: '1',
  });
  await api(staff, 'PUT', `/api/events/${event.id}`, { attendence: 1 });
  const quiz = await api<{ id: number }>(staff, 'POST', '/api/grid', { name: gameName, type: 2 });
  gameId = quiz.id;
  for (const [value, answer] of QUIZ) {
    await api(staff, 'POST', '/api/gridcard', { grid: gameId, value, answer });
  }
});

afterAll(async () => {
  // the shared database: what this file made goes (results and page views go with the student)
  const students = [student.id, abroad.id];
  await removeMoneyOf(students);
  await sql('delete from lessons where id = any($1)', [lessonIds]);
  await sql('delete from students where id = any($1)', [students]);
  await sql('delete from grid_cards where grid_id = $1', [gameId]);
  await sql('delete from game_sets where id = $1', [gameId]);
});

/** The learner's phone: no account, the browser in English. */
async function phone(width = 390, height = 844) {
  const page = await browser.newPage({ width, height });
  return { page, dialogs: watchBrowserDialogs(page) };
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the learner's page", () => {
  let link = '';

  it('staff copy its link and show it as a QR code', async () => {
    await staff.goto(`/students/${student.id}`);
    const section = staff.getByRole('region', { name: 'Learner’s page' });
    await section.waitFor();
    await section.getByRole('button', { name: 'Copy page link' }).click();
    await expect
      .poll(() => notices(staff))
      .toContainEqual(expect.stringContaining(`/play/me?s=${student.hashCode}`));
    link = (await section.getByText(`/play/me?s=${student.hashCode}`).innerText()).trim();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/play\/me\?s=[\w-]{22}$/);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await section.screenshot({ path: `${SHOTS}/staff-section.png` });
    }
    await section.getByRole('button', { name: 'Show QR code' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByRole('img', { name: `QR code of ${link}` }).waitFor();
    if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/staff-qr.png` });
    await staff.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(dialogs).toEqual([]);
  });

  it('shows a phone the name, the next lesson, what is due and the games, at once', async () => {
    const { page, dialogs: learnerDialogs } = await phone();
    await page.goto(link);
    await page.getByRole('heading', { name: `Marta Koval${suffix}`, level: 1 }).waitFor();
    const lessons = page.getByRole('region', { name: 'Next lessons' });
    await lessons.getByText(course).waitFor();
    await lessons.getByText(`Teacher: Iryna Bondar${suffix}`).waitFor();
    await lessons.getByText('Read chapter 3').waitFor();
    expect(await lessons.getByRole('link', { name: 'Join on Meet' }).getAttribute('href')).toBe(
      'https://meet.google.com/abc-defg-hij',
    );
    // 80 zł an hour for 90 minutes
    const due = page.getByRole('region', { name: 'To pay' });
    await due.getByText(/^You owe PLN\s120\.00$/).waitFor();
    const marks = page.getByRole('region', { name: 'Attendance' });
    await marks.getByText('present').waitFor();
    const games = page.getByRole('region', { name: 'Games' });
    const game = games.getByRole('listitem').filter({ hasText: gameName });
    await game.getByText('Not played yet').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    expect(learnerDialogs).toEqual([]);
    await page.close();
  });

  it('plays a game from it, through a language switch that keeps the game, and shows the score', async () => {
    const { page, dialogs: learnerDialogs } = await phone();
    await page.goto(link);
    await page.getByRole('link', { name: gameName }).click();
    await page.waitForURL(/\/play\/quiz\?id=\d+&s=/);
    await page.getByRole('heading', { name: gameName, level: 1 }).waitFor();

    const answer = async () => {
      const question = await page.locator('.value').innerText();
      const [, right] = QUIZ.find(([value]) => value === question)!;
      await page.getByRole('button', { name: new RegExp(`${right}$`) }).click();
      return question;
    };
    const first = await answer();
    await page.getByRole('status').filter({ hasText: 'Right!' }).waitFor();
    // switching the language keeps the question, its answer and where the game is
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pl');
    await page.getByRole('status').filter({ hasText: 'Dobrze!' }).waitFor();
    expect(await page.locator('.value').innerText()).toBe(first);
    await page.getByText('Pytanie 1 z 2').waitFor();
    await page.getByRole('button', { name: 'Dalej' }).click();
    await page.getByText('Pytanie 2 z 2').waitFor();
    await answer();
    await page.getByText('Brawo!').waitFor();
    await page.getByText('Twój wynik został zapisany.').waitFor();

    // back on the page: the score is there; the language picked inside the game is the games'
    // own, so the page is in the student's, else the browser's (English)
    await page.goto(link);
    const game = page
      .getByRole('region', { name: 'Games' })
      .getByRole('listitem')
      .filter({ hasText: gameName });
    await game.getByText('Last score: 2 / 2').waitFor();
    expect(learnerDialogs).toEqual([]);
    await page.close();
  });

  it('switches language without loading the page again', async () => {
    const { page } = await phone();
    await page.goto(link);
    await page.getByRole('heading', { name: `Marta Koval${suffix}`, level: 1 }).waitFor();
    const reads: string[] = [];
    page.on('request', (r) => reads.push(r.url()));
    await page.getByRole('combobox', { name: /Language|Język|Мова/ }).selectOption('uk');
    await page.getByRole('region', { name: 'Найближчі уроки' }).getByText(course).waitFor();
    await page.getByRole('combobox', { name: 'Мова' }).selectOption('en');
    await page.getByRole('region', { name: 'Next lessons' }).getByText(course).waitFor();
    expect(reads).toEqual([]);
    // the page's own switch is remembered for the page
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pl');
    await page.reload();
    await page.getByRole('region', { name: 'Najbliższe lekcje' }).getByText(course).waitFor();
    await page.close();
  });

  it('shows a student abroad the lesson in their own time zone, in their language', async () => {
    const { page } = await phone();
    // the browser is in English: the student's messenger language comes first
    await page.goto(link.replace(student.hashCode, abroad.hashCode));
    const lessons = page.getByRole('region', { name: 'Najbliższe lekcje' });
    await lessons.getByText(course).waitFor();
    // 17:00 at the school in Kyiv is 16:00 in Warsaw, all year (both change clocks together)
    expect(await lessons.locator('.me-when').innerText()).toMatch(/, 16:00–17:00$/);
    await page.getByText('Godziny według strefy czasowej Europe/Warsaw.').waitFor();
    await page.getByRole('combobox', { name: 'Język' }).selectOption('en');
    await page
      .getByRole('region', { name: 'Next lessons' })
      .locator('.me-when')
      .getByText(/, 4:00\sPM–5:00\sPM$/)
      .waitFor();
    await page.close();
  });

  it.each([390, 700, 1280])('fits a %i px wide screen', async (width) => {
    const { page } = await phone(width, 900);
    await page.goto(link);
    await page.getByRole('region', { name: 'Games' }).getByText('Last score: 2 / 2').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/learner-${width}.png`, fullPage: true });
    }
    // the longest words (Ukrainian) fit too
    await page.getByRole('combobox', { name: 'Language' }).selectOption('uk');
    await page
      .getByRole('region', { name: 'Ігри' })
      .getByText('Останній результат: 2 / 2')
      .waitFor();
    expect(await noSideScroll(page)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/learner-${width}-uk.png`, fullPage: true });
    await page.close();
  });

  it.each(['light', 'dark'] as const)('meets WCAG 2.1 AA in the %s theme', async (theme) => {
    const { page } = await phone();
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(link);
    await page.getByRole('region', { name: 'Games' }).getByText('Last score: 2 / 2').waitFor();
    const results = await runAxe(page);
    expect(violationLines(results.violations, ', ')).toEqual([]);
    await page.close();
  });

  it("is in the student's timeline, and a new link ends the old one at once", async () => {
    await staff.goto(`/students/${student.id}`);
    await staff.getByText('opened their page').first().waitFor();
    const renewed = await api<{ hashCode: string }>(
      staff,
      'POST',
      `/api/students/${student.id}/hashcode`,
    );
    const { page } = await phone();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByText(`Marta Koval${suffix}`).count()).toBe(0);
    await page.goto(link.replace(student.hashCode, renewed.hashCode));
    await page.getByRole('heading', { name: `Marta Koval${suffix}`, level: 1 }).waitFor();
    await page.close();
  });
});
