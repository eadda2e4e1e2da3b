import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, createStaff, useBrowser } from './support.js';

const browser = useBrowser();
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  staff = await createStaff('Iryna', 'Bondar');
});

async function loggedInPage(width = 1280): Promise<Page> {
  const page = await browser.newPage({ width });
  await page.goto('/login');
  await page.getByLabel('Login', { exact: true }).fill(staff.login);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const navWidth = (page: Page) =>
  // the bar animates its width: read it once the animations running now have finished (callers
  // poll, as a transition may start only after the click's render)
  nav(page).evaluate(async (el) => {
    const running = document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    return Math.round(el.getBoundingClientRect().width);
  });

describe('side navigation', () => {
  it('goes open 300, collapsed 60, hidden 0 through its two buttons and is restored after reload', async () => {
    const page = await loggedInPage();
    expect(await nav(page).getAttribute('data-state')).toBe('open');
    await expect.poll(() => navWidth(page)).toBe(300);

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    expect(await nav(page).getAttribute('data-state')).toBe('collapsed');
    await expect.poll(() => navWidth(page)).toBe(60);

    await page.getByRole('button', { name: 'Show or hide navigation' }).click();
    expect(await nav(page).getAttribute('data-state')).toBe('hidden');
    await expect.poll(() => navWidth(page)).toBe(0);

    await page.reload();
    expect(await nav(page).getAttribute('data-state')).toBe('hidden');
    await expect.poll(() => navWidth(page)).toBe(0);

    await page.getByRole('button', { name: 'Show or hide navigation' }).click();
    await expect.poll(() => navWidth(page)).toBe(60);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(() => navWidth(page)).toBe(300);
    await page.reload();
    await expect.poll(() => navWidth(page)).toBe(300);
  });

  it('starts hidden in an 800px-wide window', async () => {
    const page = await loggedInPage(800);
    expect(await nav(page).getAttribute('data-state')).toBe('hidden');
    await expect.poll(() => navWidth(page)).toBe(0);
  });

  it('highlights the current section and links every section', async () => {
    const page = await loggedInPage();
    await nav(page).getByRole('link', { name: 'Bot' }).click();
    await page.waitForURL((u) => u.pathname === '/conversations');
    await expect
      .poll(() => nav(page).getByRole('link', { name: 'Bot' }).getAttribute('aria-current'))
      .toBe('page');
    const hrefs = await nav(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/set',
        '/games',
        '/clients',
        '/pipeline',
        '/schedule',
        '/projects',
        '/students',
        '/conversations',
        '/groups',
        '/settings',
        '/logout',
      ]),
    );
    // user management is the admin's (docs/roles.md); one's own profile is everyone's
    expect(hrefs).not.toContain('/users');
    expect(hrefs).toContain('/profile');
  });
});

describe('theme', () => {
  it('switches to dark, keeps it after reload, and back', async () => {
    const page = await loggedInPage();
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const dark = await background();
    expect(dark).not.toBe(light);
    await page.reload();
    expect(
      await page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await background()).toBe(dark);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await background()).toBe(light);
  });
});

describe('header block and routes', () => {
  it('has the search input, no filter button (projects have no filters) and a plus button that opens a create panel of 300px or more', async () => {
    const page = await loggedInPage();
    await page.goto('/projects');
    await expect.poll(() => page.getByPlaceholder('search here ...').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Filter' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create' }).click();
    const panel = page.getByRole('region', { name: 'Create panel' });
    // create panels open to 300 px and grow to fit their form (docs/screens.md, Header block)
    await panel.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(
      await panel.evaluate((el) => Math.round(el.getBoundingClientRect().height)),
    ).toBeGreaterThanOrEqual(300);
    expect(await panel.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => panel.count()).toBe(0);
  });

  it.each([
    ['/clients/5', 'Client'],
    ['/students/3', 'Student'],
    ['/gridcards/999999', 'Grid cards'],
    ['/cardocuments/bycar/999999', 'Student documents'],
    ['//messages/byconvprogress/7', 'Messages'],
    ['/schedule', 'Schedule'],
  ])('opens %s directly (reload-safe) with its title', async (path, title) => {
    const page = await loggedInPage();
    // a path starting with // would read as a host name: give the full address
    await page.goto(`${baseUrl()}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  });
});
