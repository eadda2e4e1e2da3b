import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  api,
  logInAsAdmin,
  navigate,
  networkSettled,
  removeMoneyOf,
  useBrowser,
} from './support.js';

/**
 * Nothing cut off, nothing out of reach (docs/interface.md): the list screens show every column
 * at 1280 px without scrolling sideways, their row actions stay in view, the pipeline board
 * scrolls in its own box and says what lies off-screen, the student's lessons fit their card,
 * the navigation is a drawer below 900 px, down to a phone. (The create panel at each size is
 * e2e/create-panel.test.ts.)
 *
 * One page is resized from size to size, a phone is a context of its own, and a screen is
 * opened once per size from the one before, without a page load: what two files used to check
 * on two visits of the same screen at the same size is checked on one
 * (docs/decisions/037-test-suite-cost.md).
 */

const browser = useBrowser();
/** Clients, in each stage, with a long surname and e-mail (the clients table's sideways scroll). */
const LONG_EMAIL = 'bartholomew.longsurname-konstantynopolsky.layout@very-long-example-domain.com';
/** The records of the list screens at 1280 px: every column in view (found by this mark). */
const MARK = `Widths${Date.now().toString(36)}`;
const MARK_EMAIL = `${MARK.toLowerCase()}.bartholomew.konstantynopolsky@very-long-example-domain.com`;
const LONG_NOTE =
  'Came late but worked well on the past simple; needs more practice with irregular verbs ' +
  'and with questions in the past';
const LONG_HOMEWORK =
  'Workbook pages 34-36, exercises 2, 4 and 7; ' +
  'https://example.com/a/very/long/homework/link/that/has/no/spaces/at/all/in/it';

let desk: Page;
let phone: Page;
const clients: number[] = [];
const markClients: number[] = [];
const lessons: number[] = [];
let studentId = 0;
let groupId = 0;

const post = async (url: string, body: Record<string, unknown>) =>
  (await api<{ id: number }>(desk, 'POST', url, body)).id;

beforeAll(async () => {
  desk = await browser.newPage({ width: 1440, height: 900 });
  await logInAsAdmin(desk);
  const stages = (await (await desk.request.get('/api/stages')).json()) as { id: number }[];
  for (const [i, stage] of stages.entries()) {
    clients.push(
      await post('/api/clients', {
        firstName: `Layout${i}`,
        lastName: 'Wide-Table-Surname-Of-Considerable-Length',
        email: i === 0 ? LONG_EMAIL : `layout${i}@example.com`,
        tel: '+380 67 100 20 30',
        price: 1500 + i,
        probability: 50,
        product: 1,
        stage: stage.id,
      }),
    );
    markClients.push(
      await post('/api/clients', {
        firstName: `${MARK}-Oleksandra-${i}`,
        lastName: 'Konstantynopolska-Wiśniewska',
        email: MARK_EMAIL,
        tel: '+380 67 100 20 30',
        price: 123456.78 + i,
        probability: 50,
        product: 1,
        stage: stage.id,
      }),
    );
  }
  // Enough cards in the first column for it to scroll under its header.
  for (let i = 0; i < 8; i++) {
    clients.push(
      await post('/api/clients', {
        firstName: `Card${i}`,
        lastName: 'Layout',
        price: 100,
        probability: 10,
        stage: stages[0]?.id,
      }),
    );
  }
  groupId = await post('/api/groups', {
    name: `${MARK} group with a rather long name for the evening course`,
  });
  studentId = await post('/api/students', {
    name: `${MARK}-Student`,
    surname: 'Konstantynopolska',
    email: MARK_EMAIL,
    groupe: groupId,
  });
  for (const offset of [1, 2, 3]) {
    const date = new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const lesson = await post('/api/lessons', {
      date,
      start: '17:00',
      end: '18:30',
      price: 80,
      course: 'Intermediate conversation and grammar',
      force: true,
    });
    lessons.push(lesson);
    await api(desk, 'POST', '/api/events', {
      lesson,
      student: studentId,
      notes: LONG_NOTE,
      homework: LONG_HOMEWORK,
    });
  }
  phone = await browser.newPage({ width: 390, height: 844, hasTouch: true, isMobile: true });
  await logInAsAdmin(phone);
});

// The database is shared with the other files, whose lists and counts must not see these records.
afterAll(async () => {
  // the past lessons charged the student (docs/money.md): that money goes first
  await removeMoneyOf([studentId]);
  for (const id of [...clients, ...markClients]) await api(desk, 'DELETE', `/api/clients/${id}`);
  for (const id of lessons) await api(desk, 'DELETE', `/api/lessons/${id}`);
  await api(desk, 'DELETE', `/api/students/${studentId}`);
  await api(desk, 'DELETE', `/api/groups/${groupId}`);
});

/** The desk page at that size, showing the screen at `path`, opened anew. */
async function deskAt(width: number, height: number, path: string): Promise<Page> {
  await desk.setViewportSize({ width, height });
  await navigate(desk, path);
  return desk;
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

/** The whole box of the element is inside the window (give or take `slack` pixels). */
const inViewport = async (page: Page, locator: Locator, slack = 0) => {
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return x >= 0 && y >= 0 && x + width <= size.width + slack && y + height <= size.height + slack;
};

/** What is drawn at the element's centre is the element itself (or inside it): nothing covers it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });

/**
 * Searches the list for `text` and waits until every row it shows has the text: the search is
 * made once the typing has paused, so the rows before may still be there for a while, and a
 * search made before on the same screen is answered from the app's cache, with no request.
 */
async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect
    .poll(async () => {
      const shown = await rows.allInnerTexts();
      return (
        shown.length > 0 && shown.every((row) => row.toLowerCase().includes(text.toLowerCase()))
      );
    })
    .toBe(true);
  await networkSettled(page);
}

/**
 * The clients table with the long rows: the row actions in view and sticky, a long text cut
 * with an ellipsis and whole in its tooltip, the table scrolling sideways in its own box.
 */
async function clientsTableActions(page: Page) {
  await searchFor(page, 'Layout');
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
}

/**
 * The list at the page's screen, searched for MARK: every column in view and uncovered (none
 * under the actions), a header cut short says all of itself on hover, nothing scrolled
 * sideways; with `columns`, that many columns besides the actions.
 */
async function everyColumnShown(page: Page, name: string, columns: number) {
  await searchFor(page, MARK);
  const row = page.getByRole('row', { name: new RegExp(MARK) }).first();
  await row.waitFor();

  const region = page.getByRole('region', { name, exact: true });
  const widths = await region.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);

  const headers = region.getByRole('columnheader');
  if (columns > 0) expect(await headers.count()).toBe(columns + 1);
  for (const header of await headers.all()) {
    expect(await inViewport(page, header, 0.5)).toBe(true);
    expect(await uncovered(header)).toBe(true);
    // a header cut short would say all of itself on hover
    const label = (await header.innerText())
      .replace(/\u00ad/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (label !== 'ACTIONS')
      expect((await header.getAttribute('title'))?.toUpperCase()).toBe(label);
  }
  for (const cell of await row.getByRole('cell').all()) {
    expect(await inViewport(page, cell, 0.5)).toBe(true);
    expect(await uncovered(cell)).toBe(true);
  }
}

/** The clients' prices whole and their stages in view, beside the actions and not under them. */
async function pricesAndStages(page: Page) {
  const rows = page.getByRole('row', { name: new RegExp(MARK) });
  await rows.first().waitFor();
  await networkSettled(page);
  const prices = page.getByRole('cell', { name: /^123,4\d\d\.78 zł$/ });
  expect(await prices.count()).toBe(markClients.length);
  for (const price of await prices.all()) {
    if (!(await inViewport(page, price, 0.5))) continue; // below the fold of the table's own scroll
    expect(await uncovered(price)).toBe(true);
    // the amount is shown whole, not cut short
    expect(await price.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  // each stage's badge is in view and uncovered; its cell's title names the stage in full
  const stages = (await (await page.request.get('/api/stages')).json()) as { name: string }[];
  for (const [i, stage] of stages.entries()) {
    const cell = page
      .getByRole('row', { name: new RegExp(`${MARK}-Oleksandra-${i}\\b`) })
      .getByRole('cell')
      .nth(5);
    if (!(await inViewport(page, cell, 0.5))) continue;
    expect(await cell.getAttribute('title')).toBe(stage.name);
    expect(await uncovered(cell)).toBe(true);
  }
  const actions = rows.first().getByRole('cell').last();
  const price = rows.first().getByRole('cell', { name: /zł/ });
  expect((await box(price)).x + (await box(price)).width).toBeLessThanOrEqual(
    (await box(actions)).x + 0.5,
  );
  // a long e-mail ends in an ellipsis; the cell's title holds it all
  const email = rows.first().getByRole('cell', { name: MARK_EMAIL });
  expect(await email.getAttribute('title')).toBe(MARK_EMAIL);
}

/**
 * The pipeline board scrolls sideways in its own box: Won and Lost reachable, the page never
 * sideways; a column's cards scroll under its header, which stays in place.
 */
async function boardScrollsInItsBox(page: Page) {
  const lost = page.getByRole('region', { name: 'Lost', exact: true });
  await lost.waitFor();
  expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
  await lost.getByRole('heading').scrollIntoViewIfNeeded();
  expect(await inViewport(page, lost.getByRole('heading'))).toBe(true);
  expect(await inViewport(page, page.getByRole('region', { name: 'Won', exact: true }))).toBe(true);
  expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => scrollX)).toBe(0);

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
}

const stageNames = async (page: Page) =>
  ((await (await page.request.get('/api/stages')).json()) as { name: string }[]).map(
    (stage) => stage.name,
  );

const lessonsCard = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Lessons and payments' }) });

/** The student's lessons table, scrolled to, ends within its card; the card. */
async function lessonsTableInCard(page: Page) {
  const card = lessonsCard(page);
  const table = card.getByRole('table');
  await table.waitFor();
  await table.scrollIntoViewIfNeeded();
  const t = await box(table);
  const c = await box(card);
  expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
  return card;
}

/** The student's lessons fit their card at the desk page's size, the homework column included. */
async function lessonsFitTheirCard(page: Page) {
  const card = await lessonsTableInCard(page);
  const region = card.getByRole('region', { name: 'Lessons and payments' });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const homework = card.getByRole('columnheader', { name: 'Homework' });
  expect(await inViewport(page, homework, 0.5)).toBe(true);
  // the long homework is all there, wrapped in its cell
  const cell = card.getByRole('cell', { name: LONG_HOMEWORK }).first();
  expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);
}

describe('at 1440x900', () => {
  it('shows the clients table with its row actions, page never sideways', async () => {
    await clientsTableActions(await deskAt(1440, 900, '/clients'));
  });

  it('shows the pipeline’s six stages side by side, none off-screen', async () => {
    const page = await deskAt(1440, 900, '/pipeline');
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

  it('has no blank scroll below the dashboard’s content', async () => {
    const page = await deskAt(1440, 900, '/dashboard');
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

  it('fits the student’s lessons and payments in their card, the homework column included', async () => {
    await lessonsFitTheirCard(await deskAt(1440, 900, `/students/${studentId}`));
  });
});

describe('at 1280x800', () => {
  it('shows the clients table: row actions in view, every column, prices whole, stages beside the actions', async () => {
    const page = await deskAt(1280, 800, '/clients');
    await clientsTableActions(page);
    // the same visit, the marked clients: no column under the actions, nothing sideways
    await everyColumnShown(page, 'Clients list', 7);
    await pricesAndStages(page);
  });

  it.each([
    ['/students', 'Students list'],
    ['/groups', 'Groups list'],
    // the record history of the records made above, found by the names in their changes
    ['/audit', 'Record history list'],
  ])(
    '%s shows every column, none under the actions, nothing scrolled sideways',
    async (path, name) => {
      await everyColumnShown(await deskAt(1280, 800, path), name, 0);
    },
  );

  it('says which pipeline columns lie off-screen, takes the user to them, and scrolls the board in its own box', async () => {
    const page = await deskAt(1280, 800, '/pipeline');
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
    await boardScrollsInItsBox(page);
  });

  it.each([
    ['/dashboard', { search: 0, filter: 0, create: 0 }],
    ['/settings', { search: 0, filter: 0, create: 0 }],
    ['/pipeline', { search: 1, filter: 0, create: 0 }],
    ['/users', { search: 1, filter: 1, create: 1 }],
    ['/clients', { search: 1, filter: 1, create: 1 }],
  ])('%s shows only the header controls that do something', async (path, expected) => {
    const page = await deskAt(1280, 800, path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await networkSettled(page);
    expect({
      search: await page.getByRole('searchbox', { name: 'Search' }).count(),
      filter: await page.getByRole('button', { name: 'Filter' }).count(),
      create: await page.getByRole('button', { name: 'Create', exact: true }).count(),
    }).toEqual(expected);
  });

  it('fits the student’s lessons and payments in their card, the homework column included', async () => {
    await lessonsFitTheirCard(await deskAt(1280, 800, `/students/${studentId}`));
  });
});

describe('below 900 px', () => {
  const nav = () => desk.getByRole('navigation', { name: 'Main navigation' });

  beforeAll(async () => {
    // as a window opened that narrow starts: the side bar hidden, not a drawer over the page
    await desk.getByRole('button', { name: 'Show or hide navigation' }).click();
    await desk.waitForFunction(
      () =>
        document.querySelector('nav[aria-label="Main navigation"]')?.getAttribute('data-state') ===
        'hidden',
    );
  });

  it('scrolls the pipeline board sideways in its own box at 700x900: Won and Lost reachable', async () => {
    await boardScrollsInItsBox(await deskAt(700, 900, '/pipeline'));
  });

  it('opens the navigation at 700x900 as a drawer over the content', async () => {
    const page = await deskAt(700, 900, '/clients');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const corner = page.getByRole('button', { name: 'Show or hide navigation' });
    await corner.click();
    const headingX = (await box(heading)).x;
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    expect(await nav().getAttribute('data-state')).toBe('open');
    // Over the content: the screen does not move, and it is out of reach while the drawer is open.
    expect((await box(heading)).x).toBe(headingX);
    expect((await box(nav())).width).toBeGreaterThan(headingX);
    expect(await page.locator('main').evaluate((el: HTMLElement) => el.inert)).toBe(true);
    expect((await pageOverflow(page)).x).toBeLessThanOrEqual(0);

    const backdrop = page.getByRole('button', { name: 'Close navigation' });
    await backdrop.click({ position: { x: 650, y: 450 } });
    expect(await nav().getAttribute('data-state')).toBe('hidden');
    expect(await page.locator('main').evaluate((el: HTMLElement) => el.inert)).toBe(false);

    await corner.click();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.keyboard.press('Escape');
    expect(await nav().getAttribute('data-state')).toBe('hidden');
    expect(await corner.evaluate((el) => el === document.activeElement)).toBe(true);

    await corner.click();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await nav().getByRole('link', { name: 'Pipeline' }).click();
    await page.waitForURL((u) => u.pathname === '/pipeline');
    expect(await nav().getAttribute('data-state')).toBe('hidden');
  });
});

describe('a phone', () => {
  it('fits the student’s lessons: each lesson as labelled fields, the page never sideways', async () => {
    await navigate(phone, `/students/${studentId}`);
    const card = await lessonsTableInCard(phone);
    const cell = card.getByRole('cell', { name: LONG_HOMEWORK }).first();
    // the page's other cards may still grow above it: scrolled to again until it stays in view
    await networkSettled(phone);
    await expect
      .poll(async () => {
        await cell.scrollIntoViewIfNeeded();
        return inViewport(phone, cell, 0.5);
      })
      .toBe(true);
    expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(
      '"Homework"',
    );
    expect((await pageOverflow(phone)).x).toBeLessThanOrEqual(0);
  });

  it('never scrolls the clients page sideways; the table scrolls inside its box', async () => {
    await navigate(phone, '/clients');
    await searchFor(phone, MARK);
    await phone
      .getByRole('row', { name: new RegExp(MARK) })
      .first()
      .waitFor();
    expect((await pageOverflow(phone)).x).toBeLessThanOrEqual(0);
    const region = phone.getByRole('region', { name: 'Clients list', exact: true });
    expect(await inViewport(phone, region, 0.5)).toBe(true);
  });
});
