import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, useBrowser } from './support.js';

const browser = useBrowser();
const LONG_EMAIL = 'bartholomew.longsurname-konstantynopolsky.layout@very-long-example-domain.com';

async function loggedIn(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ width, height });
  await logInAsAdmin(page);
  return page;
}

/** How far the page itself scrolls sideways and down (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { x: root.scrollWidth - innerWidth, y: root.scrollHeight - innerHeight };
  });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

const inViewport = async (page: Page, locator: Locator) => {
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return x >= 0 && y >= 0 && x + width <= size.width && y + height <= size.height;
};

let owner: Page;
const created: number[] = [];
const createClient = async (body: Record<string, unknown>) =>
  created.push((await api<{ id: number }>(owner, 'POST', '/api/clients', body)).id);

beforeAll(async () => {
  const page = await loggedIn(1280, 800);
  owner = page;
  const stages = await (await page.request.get('/api/stages')).json();
  for (const [i, stage] of (stages as { id: number }[]).entries()) {
    await createClient({
      firstName: `Layout${i}`,
      lastName: 'Wide-Table-Surname-Of-Considerable-Length',
      email: i === 0 ? LONG_EMAIL : `layout${i}@example.com`,
      tel: '+380 67 100 20 30',
      price: 1500 + i,
      probability: 50,
      product: 1,
      stage: stage.id,
    });
  }
  // Enough cards in the first column for it to scroll under its header.
  for (let i = 0; i < 8; i++) {
    await createClient({
      firstName: `Card${i}`,
      lastName: 'Layout',
      price: 100,
      probability: 10,
      stage: (stages as { id: number }[])[0]?.id,
    });
  }
});

// The database is shared with the other files, whose counts must not see these clients.
afterAll(async () => {
  for (const id of created) await api(owner, 'DELETE', `/api/clients/${id}`);
});

describe('nothing is cut off', () => {
  it.each([
    [1440, 900],
    [1280, 800],
  ])('shows the clients table with its row actions at %ix%i, page never sideways', async (w, h) => {
    const page = await loggedIn(w, h);
    await page.goto('/clients');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Layout');
    const first = page.getByRole('row', { name: /Layout0/ });
    await first.waitFor();
    expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
    const actions = first.getByRole('cell').last();
    expect(await inViewport(page, actions.getByRole('button', { name: /^Delete/ }))).toBe(true);
    expect(await actions.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

    // A long text ends in an ellipsis; the whole of it is the cell's tooltip.
    const email = first.getByRole('cell', { name: LONG_EMAIL });
    expect(await email.getAttribute('title')).toBe(LONG_EMAIL);
    const cut = await email.evaluate((el) => ({
      overflow: getComputedStyle(el).textOverflow,
      clipped: el.scrollWidth > el.clientWidth,
    }));
    expect(cut).toEqual({ overflow: 'ellipsis', clipped: true });

    // Scrolled sideways inside its own box, the actions stay where they were.
    const before = await box(actions);
    const scroller = page.getByRole('region', { name: /Clients/ });
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect((await box(actions)).x).toBeCloseTo(before.x, 0);
    expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
  });

  it.each([
    [1280, 480],
    [700, 600],
  ])('keeps the create panel’s Save reachable inside the panel at %ix%i', async (w, h) => {
    const page = await loggedIn(w, h);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Create' }).click();
    const panel = page.getByRole('region', { name: 'Create panel' });
    const save = panel.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    // A form longer than the window holds scrolls inside, its Save kept in view at the foot.
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await inViewport(page, save)).toBe(true);
    expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
  });

  it.each([
    [1280, 800],
    [700, 900],
  ])(
    'scrolls the pipeline board sideways in its own box at %ix%i: Won and Lost reachable',
    async (w, h) => {
      const page = await loggedIn(w, h);
      await page.goto('/pipeline');
      const lost = page.getByRole('region', { name: 'Lost', exact: true });
      await lost.waitFor();
      expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
      await lost.getByRole('heading').scrollIntoViewIfNeeded();
      expect(await inViewport(page, lost.getByRole('heading'))).toBe(true);
      expect(await inViewport(page, page.getByRole('region', { name: 'Won', exact: true }))).toBe(
        true,
      );
      expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => scrollX)).toBe(0);

      // A column's cards scroll under its header, which stays in place.
      const first = page.getByRole('region', { name: 'New lead', exact: true });
      await first.getByRole('heading').scrollIntoViewIfNeeded();
      const headerY = (await box(first.getByRole('heading'))).y;
      const scrolled = await first.evaluate((column) => {
        const scroller = [...column.querySelectorAll('*')].find(
          (el) => getComputedStyle(el).overflowY === 'auto' && el.scrollHeight > el.clientHeight,
        );
        if (!scroller) return 0;
        scroller.scrollTop = scroller.scrollHeight;
        return scroller.scrollTop;
      });
      expect(scrolled).toBeGreaterThan(0);
      expect((await box(first.getByRole('heading'))).y).toBe(headerY);
      expect((await pageOverflow(page)).y).toBeLessThanOrEqual(0);
    },
  );
});

describe('the pipeline board', () => {
  const stageNames = async (page: Page) =>
    ((await (await page.request.get('/api/stages')).json()) as { name: string }[]).map(
      (stage) => stage.name,
    );

  it('shows its six stages side by side at 1440x900, none off-screen', async () => {
    const page = await loggedIn(1440, 900);
    await page.goto('/pipeline');
    const names = await stageNames(page);
    expect(names.length).toBe(6);
    for (const name of names) {
      const column = page.getByRole('region', { name, exact: true });
      await column.getByRole('heading').waitFor();
      expect(await inViewport(page, column.getByRole('heading'))).toBe(true);
      const { x, width } = await box(column);
      expect(x + width).toBeLessThanOrEqual(1440);
    }
    expect(await page.getByRole('button', { name: /^Columns off-screen/ }).count()).toBe(0);
  });

  it('says which columns lie off-screen at 1280x800 and takes the user to them', async () => {
    const page = await loggedIn(1280, 800);
    await page.goto('/pipeline');
    const names = await stageNames(page);
    const last = names.at(-1) ?? '';
    await page.getByRole('region', { name: last, exact: true }).waitFor();
    const right = page.getByRole('button', { name: /^Columns off-screen to the right \(\d+\): / });
    expect(await right.getAttribute('aria-label')).toContain(last);
    expect(await inViewport(page, right)).toBe(true);
    expect(
      await page.getByRole('button', { name: /^Columns off-screen to the left/ }).count(),
    ).toBe(0);
    // each click brings the nearest into view; the arrow then names fewer, or goes
    for (let i = 0; i < names.length && (await right.count()) > 0; i++) {
      const before = await right.getAttribute('aria-label');
      await right.click();
      await expect
        .poll(
          async () =>
            (await right.count()) === 0 || (await right.getAttribute('aria-label')) !== before,
        )
        .toBe(true);
    }
    expect(await right.count()).toBe(0);
    expect(
      await inViewport(
        page,
        page.getByRole('region', { name: last, exact: true }).getByRole('heading'),
      ),
    ).toBe(true);
    const left = page.getByRole('button', { name: /^Columns off-screen to the left \(\d+\): / });
    expect(await left.getAttribute('aria-label')).toContain(names[0]);
    expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
  });
});

describe('no dead controls', () => {
  let page: Page;
  beforeAll(async () => {
    page = await loggedIn(1280, 800);
  });

  it.each([
    ['/dashboard', { search: 0, filter: 0, create: 0 }],
    ['/settings', { search: 0, filter: 0, create: 0 }],
    ['/pipeline', { search: 1, filter: 0, create: 0 }],
    ['/users', { search: 1, filter: 1, create: 1 }],
    ['/clients', { search: 1, filter: 1, create: 1 }],
  ])('%s shows only the header controls that do something', async (path, expected) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await networkSettled(page);
    expect({
      search: await page.getByRole('searchbox', { name: 'Search' }).count(),
      filter: await page.getByRole('button', { name: 'Filter' }).count(),
      create: await page.getByRole('button', { name: 'Create', exact: true }).count(),
    }).toEqual(expected);
  });
});

describe('dashboard and narrow screens', () => {
  it('has no blank scroll below the dashboard’s content', async () => {
    const page = await loggedIn(1440, 900);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'New clients per day' }).waitFor();
    // an admin's dashboard also shows the money, taller than the window: the page may scroll,
    // but only as far as the content and the main area's own padding below it
    await page.getByRole('heading', { name: 'Charged and received per month' }).waitFor();
    const blank = await page.evaluate(() => {
      const main = document.querySelector('main');
      const last = main?.lastElementChild;
      if (!main || !last) throw new Error('no content');
      const contentEnd = last.getBoundingClientRect().bottom + scrollY;
      const padding = parseFloat(getComputedStyle(main).paddingBottom);
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollHeight - Math.max(innerHeight, contentEnd + padding);
    });
    expect(blank).toBeLessThanOrEqual(1);
  });

  it('opens the navigation below 900px as a drawer over the content', async () => {
    const page = await loggedIn(700, 900);
    await page.goto('/clients');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const corner = page.getByRole('button', { name: 'Show or hide navigation' });
    await corner.click();
    const headingX = (await box(heading)).x;
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    expect(await nav.getAttribute('data-state')).toBe('open');
    // Over the content: the screen does not move, and it is out of reach while the drawer is open.
    expect((await box(heading)).x).toBe(headingX);
    expect((await box(nav)).width).toBeGreaterThan(headingX);
    expect(await page.locator('main').evaluate((el: HTMLElement) => el.inert)).toBe(true);
    expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);

    const backdrop = page.getByRole('button', { name: 'Close navigation' });
    await backdrop.click({ position: { x: 650, y: 450 } });
    expect(await nav.getAttribute('data-state')).toBe('hidden');
    expect(await page.locator('main').evaluate((el: HTMLElement) => el.inert)).toBe(false);

    await corner.click();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.keyboard.press('Escape');
    expect(await nav.getAttribute('data-state')).toBe('hidden');
    expect(await corner.evaluate((el) => el === document.activeElement)).toBe(true);

    await corner.click();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await nav.getByRole('link', { name: 'Pipeline' }).click();
    await page.waitForURL((u) => u.pathname === '/pipeline');
    expect(await nav.getAttribute('data-state')).toBe('hidden');
  });
});
