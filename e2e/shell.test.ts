import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, createStaff, logIn, useBrowser } from './support.js';

/**
 * The app's frame for a staff user (a manager): the side navigation, the theme, the header
 * block, and addresses opened directly. One page, logged in once through the form; each test
 * starts it as a new window would, with nothing stored (docs/decisions/037-test-suite-cost.md).
 */

const browser = useBrowser();
let shared: Page;

beforeAll(async () => {
  const staff = await createStaff('Iryna', 'Bondar');
  shared = await browser.newPage();
  await logIn(shared, staff);
});

/** The app at `path` in a window `width` wide, loaded anew with nothing stored (the session kept). */
async function freshPage(width = 1280, path = '/'): Promise<Page> {
  await shared.setViewportSize({ width, height: 800 });
  await shared.evaluate(() => localStorage.clear());
  await shared.goto(path);
  return shared;
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
    const page = await freshPage();
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
    const page = await freshPage(800);
    expect(await nav(page).getAttribute('data-state')).toBe('hidden');
    await expect.poll(() => navWidth(page)).toBe(0);
  });

  it('highlights the current section and links every section', async () => {
    const page = await freshPage();
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
    const page = await freshPage();
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
    const page = await freshPage(1280, '/projects');
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
    // a path starting with // would read as a host name: give the full address
    const page = await freshPage(1280, `${baseUrl()}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  });
});
