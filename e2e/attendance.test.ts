import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { api, logInAsAdmin, removeMoneyOf, useBrowser, watchBrowserDialogs } from './support.js';

/**
 * Attendance statuses on the screens (docs/money.md): a past participant marked absent is
 * charged; marked excused, which charges nothing, the student's Account shows the charge
 * corrected to nothing; on a phone (390 px) Present is one tap, sent with the participation's
 * version (ADR 043), and the charge comes back.
 */

const browser = useBrowser();
let page: Page;
let dialogs: string[];
const suffix = Date.now().toString(36);
const course = `Attendance ${suffix}`;
const surname = `Status${suffix}`;
const name = `Iryna ${surname}`;
let studentId = 0;
let lessonId = 0;

/** YYYY-MM-DD `days` from today. */
const dateIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The next answer to a participation's PUT. */
const savedMark = (on: Page) =>
  on.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/events\/\d+$/.test(r.url()));

/** The lesson's dialog, opened from its link (as the record history links it). */
async function openLesson(on: Page) {
  await on.goto(`/schedule?lesson=${lessonId}`);
  const dialog = on.getByRole('dialog', { name: /^Lesson / });
  await dialog.getByRole('heading', { name: 'Participants' }).waitFor();
  return dialog;
}

async function account(on: Page) {
  await on.goto(`/students/${studentId}`);
  return on.getByRole('region', { name: 'Account' });
}

beforeAll(async () => {
  page = await browser.newPage({ width: 1440, height: 900 });
  dialogs = watchBrowserDialogs(page);
  await logInAsAdmin(page);
  studentId = (await api<{ id: number }>(page, 'POST', '/api/students', { name: 'Iryna', surname }))
    .id;
  // last week's lesson, an hour at 90 zł: 90.00 zł falls due
  lessonId = (
    await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: dateIn(-7),
      start: '10:00',
      end: '11:00',
      price: 90,
      course,
      force: true,
    })
  ).id;
  await api(page, 'POST', '/api/events', { lesson: lessonId, student: studentId, toPay: 1 });
});

// the database is shared with the other files: the student, their money and the lesson go
afterAll(async () => {
  await removeMoneyOf([studentId]);
  await api(page, 'DELETE', `/api/lessons/${lessonId}`);
  await api(page, 'DELETE', `/api/students/${studentId}`);
});

describe('attendance statuses on the screens', () => {
  it('absent charges the lesson; excused charges nothing, and the account shows the correction', async () => {
    let dialog = await openLesson(page);
    const attendance = dialog.getByLabel(`Attendance of ${name}`);
    await expect
      .poll(() => attendance.locator('option').allInnerTexts())
      .toEqual([
        'Not marked',
        'Present',
        'Absent',
        'Excused',
        'Late cancel',
        'Cancelled by the school',
      ]);
    let saved = savedMark(page);
    await attendance.selectOption({ label: 'Absent' });
    let answer: Response = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ attendence: 2, version: 1 });
    const cell = dialog
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .first();
    await cell.getByText('charged', { exact: true }).waitFor();

    let money = await account(page);
    await money.getByText('90.00 zł owed').waitFor();

    dialog = await openLesson(page);
    saved = savedMark(page);
    await dialog.getByLabel(`Attendance of ${name}`).selectOption({ label: 'Excused' });
    answer = await saved;
    expect(answer.status()).toBe(200);
    // the version the absent mark left
    expect(answer.request().postDataJSON()).toMatchObject({ attendence: 3, version: 2 });
    await dialog
      .getByRole('row', { name: new RegExp(name) })
      .getByText('not charged', { exact: true })
      .waitFor();

    money = await account(page);
    await money.getByText('Settled').waitFor();
    const correction = money.locator('tr', { hasText: 'Charge (correction)' });
    await correction.waitFor();
    expect(await correction.innerText()).toMatch(/-\s?90\.00 zł|−\s?90\.00 zł/);
    expect(await money.locator('tr', { hasText: 'Charge' }).count()).toBe(2);
    expect(dialogs).toEqual([]);
  });

  it('on a phone (390 px) marks Present with one tap, sent with its version; the charge comes back', async () => {
    const phone = await browser.newPage({
      width: 390,
      height: 844,
      isMobile: true,
      hasTouch: true,
    });
    await logInAsAdmin(phone);
    const dialog = await openLesson(phone);
    const group = dialog.getByRole('group', { name: `Attendance of ${name}` });
    const present = group.getByRole('button', { name: 'Present' });
    // the other statuses are in the menu: the card names the one chosen, and what it charges
    const other = dialog.getByRole('button', { name: /^Excused/ });
    expect(await other.getAttribute('aria-haspopup')).toBe('menu');
    const box = await present.boundingBox();
    if (!box) throw new Error('Present is not shown');
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);

    const saved = savedMark(phone);
    await present.tap();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ attendence: 1, version: 3 });
    expect(await present.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Other status' }).waitFor();

    // the menu offers the rest, each saying whether it charges; Escape closes it
    await dialog.getByRole('button', { name: 'Other status' }).tap();
    const menu = phone.getByRole('menu', { name: `Other attendance statuses of ${name}` });
    expect(await menu.getByRole('menuitemradio').allInnerTexts()).toEqual([
      expect.stringMatching(/^Not marked\s*charged$/),
      expect.stringMatching(/^Excused\s*not charged$/),
      expect.stringMatching(/^Late cancel\s*charged$/),
      expect.stringMatching(/^Cancelled by the school\s*not charged$/),
    ]);
    await phone.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    const money = await account(phone);
    await money.getByText('90.00 zł owed').waitFor();
    expect(await money.locator('tr', { hasText: 'Charge (correction)' }).count()).toBe(2);
  });
});
