import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { sql, useBrowser } from './support.js';

/** A teacher's app (docs/roles.md): no CRM in the navigation, a deep link says so. */

const browser = useBrowser();
let page: Page;
const teacher = { login: `teacher${Date.now().toString(36)}`, password: 'e2e teacher password' };

const noSideScroll = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function insideViewport(locator: ReturnType<Page['getByRole']>) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

beforeAll(async () => {
  await sql(
    `insert into users (login, password_hash, first_name, last_name, role)
     values ($1, $2, 'Taras', 'Teacher', 'teacher')`,
    [teacher.login, await hashPassword(teacher.password)],
  );
  page = await browser.newPage({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('Login', { exact: true }).fill(teacher.login);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // a teacher starts on the schedule: the dashboard's figures are the CRM's
  await page.waitForURL((u) => u.pathname === '/schedule');
});

describe('a teacher', () => {
  it('has no Clients, Pipeline nor Dashboard in the navigation', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Schedule' }).waitFor();
    const links = await nav
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(links).not.toContain('Clients');
    expect(links).not.toContain('Pipeline');
    expect(links).not.toContain('Dashboard');
    expect(links).toEqual(expect.arrayContaining(['Schedule', 'Students', 'Games', 'Users']));
  });

  it('sees “Not available for your role” at /clients, in full and without side scroll', async () => {
    await page.goto('/clients');
    const heading = page.getByRole('heading', { level: 1, name: 'Not available for your role' });
    await heading.waitFor();
    await insideViewport(heading);
    const text = page.getByText(
      'Your role does not give access to this screen. An admin can change your role.',
    );
    await insideViewport(text);
    const back = page.getByRole('link', { name: 'Go to the start page' });
    await insideViewport(back);
    expect(await noSideScroll()).toBe(true);
    await back.click();
    await page.waitForURL((u) => u.pathname === '/schedule');
  });

  it('gets 403 from the clients API itself', async () => {
    const res = await page.request.get('/api/clients');
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });
});
