import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { admin, api, logInAsAdmin, openNextWeekLesson, sql, useBrowser } from './support.js';

/**
 * Each role's app (docs/roles.md): every navigation entry opens a screen with its heading, the
 * screens a role may not use are not in the navigation and say so for a deep link, the own
 * profile is every role's, and a teacher reaches only their students and marks attendance in
 * their own lesson.
 */

const browser = useBrowser();
const suffix = Date.now().toString(36);
const password = 'e2e staff password';
const staff = {
  manager: { login: `manager${suffix}`, password },
  teacher: { login: `teacher${suffix}`, password },
  other: { login: `other${suffix}`, password },
};
const ownCourse = `Own lesson ${suffix}`;
let theirStudent = 0;

/** The navigation entries (aria-labels) each role must not have. */
const FORBIDDEN = {
  admin: [],
  manager: ['Users'],
  teacher: ['Dashboard', 'Clients', 'Pipeline', 'Users', 'Payments', 'Balances'],
} as const;
type Role = keyof typeof FORBIDDEN;

const DAY = 86_400_000;
const dayOfNextWeek = (n: number) => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY + 7 * DAY;
  return new Date(monday + n * DAY).toISOString().slice(0, 10);
};

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function insideViewport(page: Page, locator: ReturnType<Page['getByRole']>) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

/** Each role's page, logged in through the form once; a role's tests go on on its page. */
const pages = new Map<Role, Page>();

async function pageAs(role: Role) {
  const known = pages.get(role);
  if (known) return known;
  const page = await browser.newPage({ width: 1280, height: 800 });
  const creds = role === 'admin' ? admin : staff[role];
  await page.goto('/login');
  await page.getByLabel('Login', { exact: true }).fill(creds.login);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // a teacher starts on the schedule: the dashboard's figures are the CRM's
  await page.waitForURL((u) => u.pathname === (role === 'teacher' ? '/schedule' : '/'));
  pages.set(role, page);
  return page;
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The navigation's screen links (aria-label and address), the profile and Log out left out. */
async function navEntries(page: Page) {
  const nav = navigation(page);
  await nav.getByRole('link', { name: 'Schedule' }).waitFor();
  const links = await nav
    .getByRole('link')
    .evaluateAll((els) =>
      els.map((e) => ({ label: e.getAttribute('aria-label') ?? '', href: e.getAttribute('href') })),
    );
  return links.filter((l) => l.href !== '/logout' && l.href !== '/profile');
}

/**
 * The screen at the page's address has rendered: a heading other than the screen's before
 * (`previous`), and neither error page. Answers its title.
 */
async function screenRendered(page: Page, what: string, previous: string) {
  const heading = page.locator('main h1').first();
  await heading.waitFor();
  await expect.poll(() => heading.innerText(), { timeout: 10_000 }).not.toBe(previous);
  const title = await heading.innerText();
  expect(title, what).not.toMatch(/Page not found|Not available for your role/);
  expect(await page.getByText('Something went wrong').count(), what).toBe(0);
  return title;
}

beforeAll(async () => {
  const hash = await hashPassword(password);
  for (const [key, role] of [
    ['manager', 'manager'],
    ['teacher', 'teacher'],
    ['other', 'teacher'],
  ] as const) {
    await sql(
      `insert into users (login, password_hash, first_name, last_name, role)
       values ($1, $2, 'Staff', $3, $4)`,
      [staff[key].login, hash, key, role],
    );
  }
  const page = await browser.newPage();
  await logInAsAdmin(page);
  const users = (await (await page.request.get('/api/users?limit=1000')).json()) as {
    id: number;
    login: string;
  }[];
  const idOf = (login: string) => users.find((u) => u.login === login)?.id;
  const student = async (name: string) =>
    (await api<{ id: number }>(page, 'POST', '/api/students', { name, surname: suffix })).id;
  const mine = await student('Mine');
  theirStudent = await student('Theirs');
  for (const [teacher, course, start, who] of [
    [idOf(staff.teacher.login), ownCourse, '09:00', mine],
    [idOf(staff.other.login), `Their lesson ${suffix}`, '12:00', theirStudent],
  ] as const) {
    const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: dayOfNextWeek(2),
      start,
      end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      price: 60,
      teacher,
      course,
      force: true,
    });
    await api(page, 'POST', '/api/events', { lesson: lesson.id, student: who, toPay: 1 });
  }
});

describe('each role', () => {
  for (const role of ['admin', 'manager', 'teacher'] as const) {
    it(`${role}: every navigation entry renders its screen; the forbidden ones are not there`, async () => {
      const page = await pageAs(role);
      const entries = await navEntries(page);
      const labels = entries.map((e) => e.label);
      for (const forbidden of FORBIDDEN[role]) expect(labels).not.toContain(forbidden);
      expect(labels).toEqual(expect.arrayContaining(['Schedule', 'Students', 'Games', 'Settings']));
      let title = '';
      for (const entry of entries) {
        await navigation(page).getByRole('link', { name: entry.label, exact: true }).click();
        await page.waitForURL((u) => u.pathname === entry.href);
        title = await screenRendered(page, `${role} ${entry.label}`, title);
      }
      // the own profile, from the name at the top of the navigation
      await navigation(page)
        .getByRole('link', { name: /: your profile$/ })
        .click();
      await page.waitForURL((u) => u.pathname === '/profile');
      expect(await screenRendered(page, `${role} profile`, title)).toBe('Profile');
      await page.getByRole('form', { name: 'Your details' }).waitFor();
      // one's own sessions are in Settings, linked from the profile
      await page.getByRole('link', { name: 'Your sessions' }).click();
      await page.waitForURL((u) => u.pathname === '/settings');
      await page.getByRole('region', { name: 'Sessions' }).getByRole('table').waitFor();
      // a deep link to a screen not theirs says so, in full (loaded: the screen stays the same
      // from one such address to the next, so it is not opened from the one before)
      for (const forbidden of FORBIDDEN[role]) {
        await page.goto(`/${forbidden.toLowerCase()}`);
        const heading = page.getByRole('heading', {
          level: 1,
          name: 'Not available for your role',
        });
        await heading.waitFor();
        await insideViewport(page, heading);
        expect(await noSideScroll(page)).toBe(true);
      }
    });
  }
});

describe('a teacher', () => {
  it('sees “Not available for your role” at /clients, in full and without side scroll', async () => {
    const page = await pageAs('teacher');
    await page.goto('/clients');
    const heading = page.getByRole('heading', { level: 1, name: 'Not available for your role' });
    await heading.waitFor();
    await insideViewport(page, heading);
    const text = page.getByText(
      'Your role does not give access to this screen. An admin can change your role.',
    );
    await insideViewport(page, text);
    const back = page.getByRole('link', { name: 'Go to the start page' });
    await insideViewport(page, back);
    expect(await noSideScroll(page)).toBe(true);
    await back.click();
    await page.waitForURL((u) => u.pathname === '/schedule');
    const res = await page.request.get('/api/clients');
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });

  it('gets the not-found page for a student of another teacher', async () => {
    const page = await pageAs('teacher');
    await page.goto(`/students/${theirStudent}`);
    await page.getByText('There is no such student. It may have been deleted.').waitFor();
    expect(await page.getByText(`Theirs ${suffix}`).count()).toBe(0);
    expect((await page.request.get(`/api/students/${theirStudent}`)).status()).toBe(404);
  });

  it('marks attendance in their own lesson', async () => {
    const page = await pageAs('teacher');
    const dialog = await openNextWeekLesson(page, ownCourse);
    const attendance = dialog.getByLabel(`Attendance of Mine ${suffix}`);
    await attendance.waitFor();
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/events\/\d+$/.test(r.url()),
    );
    await attendance.selectOption({ label: 'Present' });
    expect((await saved).status()).toBe(200);
    const events = (await (
      await page.request.get(`/api/events?student=${await mineId(page)}`)
    ).json()) as { attendence: number }[];
    expect(events.map((e) => e.attendence)).toEqual([1]);
  });
});

/** The teacher's own student, as their list finds them. */
async function mineId(page: Page) {
  const res = await page.request.get(`/api/students?search=${suffix}`);
  const rows = (await res.json()) as { id: number; name: string }[];
  return rows.find((r) => r.name === 'Mine')?.id ?? 0;
}
