import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, logInAsAdmin, networkSettled, removeMoneyOf, useBrowser } from './support.js';

/**
 * Nothing cut off, nothing out of reach (docs/interface.md): the list screens show every column
 * at 1280 px without scrolling sideways, the create panel shows its submit button, and the
 * student's lessons fit their card, down to a phone.
 */

const browser = useBrowser();
const MARK = `Widths${Date.now().toString(36)}`;
const LONG_EMAIL = `${MARK.toLowerCase()}.bartholomew.konstantynopolsky@very-long-example-domain.com`;
const LONG_NOTE =
  'Came late but worked well on the past simple; needs more practice with irregular verbs ' +
  'and with questions in the past';
const LONG_HOMEWORK =
  'Workbook pages 34-36, exercises 2, 4 and 7; ' +
  'https://example.com/a/very/long/homework/link/that/has/no/spaces/at/all/in/it';

let owner: Page;
let studentId = 0;
const clients: number[] = [];
const lessons: number[] = [];
let groupId = 0;

beforeAll(async () => {
  owner = await browser.newPage({ width: 1280, height: 800 });
  await logInAsAdmin(owner);
  const stages = (await (await owner.request.get('/api/stages')).json()) as { id: number }[];
  for (const [i, stage] of stages.entries()) {
    const client = await api<{ id: number }>(owner, 'POST', '/api/clients', {
      firstName: `${MARK}-Oleksandra-${i}`,
      lastName: 'Konstantynopolska-Wiśniewska',
      email: LONG_EMAIL,
      tel: '+380 67 100 20 30',
      price: 123456.78 + i,
      probability: 50,
      product: 1,
      stage: stage.id,
    });
    clients.push(client.id);
  }
  const group = await api<{ id: number }>(owner, 'POST', '/api/groups', {
    name: `${MARK} group with a rather long name for the evening course`,
  });
  groupId = group.id;
  const student = await api<{ id: number }>(owner, 'POST', '/api/students', {
    name: `${MARK}-Student`,
    surname: 'Konstantynopolska',
    email: LONG_EMAIL,
    groupe: groupId,
  });
  studentId = student.id;
  for (const offset of [1, 2, 3]) {
    const date = new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const lesson = await api<{ id: number }>(owner, 'POST', '/api/lessons', {
      date,
      start: '17:00',
      end: '18:30',
      price: 80,
      course: 'Intermediate conversation and grammar',
      force: true,
    });
    lessons.push(lesson.id);
    await api(owner, 'POST', '/api/events', {
      lesson: lesson.id,
      student: studentId,
      notes: LONG_NOTE,
      homework: LONG_HOMEWORK,
    });
  }
});

// The database is shared with the other files, whose lists must not see these records.
afterAll(async () => {
  // the past lessons charged the student (docs/money.md): that money goes first
  await removeMoneyOf([studentId]);
  for (const id of clients) await api(owner, 'DELETE', `/api/clients/${id}`);
  for (const id of lessons) await api(owner, 'DELETE', `/api/lessons/${id}`);
  await api(owner, 'DELETE', `/api/students/${studentId}`);
  await api(owner, 'DELETE', `/api/groups/${groupId}`);
});

async function loggedIn(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ width, height });
  await logInAsAdmin(page);
  return page;
}

/** A phone: 390x844 with touch. */
async function phone(): Promise<Page> {
  const page = await browser.newPage({ width: 390, height: 844, hasTouch: true, isMobile: true });
  await logInAsAdmin(page);
  return page;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

/** How far the page scrolls sideways (0 or less when it fits). */
const pageOverflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

/** The whole box of the element is inside the window. */
async function inViewport(page: Page, locator: Locator) {
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return x >= 0 && y >= 0 && x + width <= size.width + 0.5 && y + height <= size.height + 0.5;
}

/** What is drawn at the element's centre is the element itself (or inside it): nothing covers it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });

describe('list screens at 1280x800', () => {
  it.each([
    ['/clients', 'Clients list', 7],
    ['/students', 'Students list', 0],
    ['/groups', 'Groups list', 0],
    // the record history of the records made above, found by the names in their changes
    ['/audit', 'Record history list', 0],
  ])(
    '%s shows every column, none under the actions, nothing scrolled sideways',
    async (path, name, columns) => {
      const page = await loggedIn(1280, 800);
      await page.goto(path);
      await page.getByRole('searchbox', { name: 'Search' }).fill(MARK);
      const row = page.getByRole('row', { name: new RegExp(MARK) }).first();
      await row.waitFor();
      await networkSettled(page);

      const region = page.getByRole('region', { name, exact: true });
      const widths = await region.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      expect(await pageOverflowX(page)).toBeLessThanOrEqual(0);

      const headers = region.getByRole('columnheader');
      if (columns > 0) expect(await headers.count()).toBe(columns + 1);
      for (const header of await headers.all()) {
        expect(await inViewport(page, header)).toBe(true);
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
        expect(await inViewport(page, cell)).toBe(true);
        expect(await uncovered(cell)).toBe(true);
      }
    },
  );

  it('shows the clients’ prices whole and their stages, beside the actions and not under them', async () => {
    const page = await loggedIn(1280, 800);
    await page.goto('/clients');
    await page.getByRole('searchbox', { name: 'Search' }).fill(MARK);
    const rows = page.getByRole('row', { name: new RegExp(MARK) });
    await rows.first().waitFor();
    await networkSettled(page);
    const prices = page.getByRole('cell', { name: /^123,4\d\d\.78 zł$/ });
    expect(await prices.count()).toBe(clients.length);
    for (const price of await prices.all()) {
      if (!(await inViewport(page, price))) continue; // below the fold of the table's own scroll
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
      if (!(await inViewport(page, cell))) continue;
      expect(await cell.getAttribute('title')).toBe(stage.name);
      expect(await uncovered(cell)).toBe(true);
    }
    const actions = rows.first().getByRole('cell').last();
    const price = rows.first().getByRole('cell', { name: /zł/ });
    expect((await box(price)).x + (await box(price)).width).toBeLessThanOrEqual(
      (await box(actions)).x + 0.5,
    );
    // a long e-mail ends in an ellipsis; the cell's title holds it all
    const email = rows.first().getByRole('cell', { name: LONG_EMAIL });
    expect(await email.getAttribute('title')).toBe(LONG_EMAIL);
  });
});

describe('the create panel', () => {
  it.each([
    ['/clients', 'Save', 1440, 900],
    ['/clients', 'Save', 1280, 800],
    ['/schedule', 'Create lesson', 1440, 900],
    ['/schedule', 'Create lesson', 1280, 800],
  ])(
    '%s shows its %s button whole at %ix%i, and opening it closes the filters',
    async (path, submit, width, height) => {
      const page = await loggedIn(width, height);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await networkSettled(page);
      const filters = page.getByRole('region', { name: 'Filters' });
      const panel = page.getByRole('region', { name: 'Create panel' });

      await page.getByRole('button', { name: 'Filter' }).click();
      await filters.waitFor();
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await panel.waitFor();
      // one panel at a time: the filters went when the create panel came
      expect(await filters.count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Filter' }).getAttribute('aria-expanded')).toBe(
        'false',
      );

      const button = panel.getByRole('button', { name: submit, exact: true });
      await button.waitFor();
      await networkSettled(page);
      // whole, in the window and in the panel's visible box, without scrolling anything
      expect(await inViewport(page, button)).toBe(true);
      const b = await box(button);
      const p = await box(panel);
      expect(b.y + b.height).toBeLessThanOrEqual(p.y + p.height + 0.5);
      expect(await uncovered(button)).toBe(true);
      await button.click({ trial: true });
      expect(await pageOverflowX(page)).toBeLessThanOrEqual(0);
    },
  );

  it('keeps the Save button in view on a phone, the long form scrolling inside the panel', async () => {
    const page = await phone();
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Create', exact: true }).tap();
    const panel = page.getByRole('region', { name: 'Create panel' });
    const save = panel.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    expect(await inViewport(page, save)).toBe(true);
    expect(await uncovered(save)).toBe(true);
    // the last field is reached by scrolling the panel; Save stays in view the while
    await panel.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await panel.getByLabel('Last contact').scrollIntoViewIfNeeded();
    expect(await inViewport(page, save)).toBe(true);
    expect(await uncovered(save)).toBe(true);
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0);
  });
});

describe('the student’s lessons and payments', () => {
  const lessonsCard = (page: Page) =>
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Lessons and payments' }) });

  it.each([
    [1440, 900],
    [1280, 800],
  ])('fit their card at %ix%i, the homework column included', async (width, height) => {
    const page = await loggedIn(width, height);
    await page.goto(`/students/${studentId}`);
    const card = lessonsCard(page);
    const table = card.getByRole('table');
    await table.waitFor();
    await table.scrollIntoViewIfNeeded();
    const t = await box(table);
    const c = await box(card);
    expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
    const region = card.getByRole('region', { name: 'Lessons and payments' });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const homework = card.getByRole('columnheader', { name: 'Homework' });
    expect(await inViewport(page, homework)).toBe(true);
    // the long homework is all there, wrapped in its cell
    const cell = card.getByRole('cell', { name: LONG_HOMEWORK }).first();
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0);
  });

  it('fit a phone: each lesson as labelled fields, the page never sideways', async () => {
    const page = await phone();
    await page.goto(`/students/${studentId}`);
    const card = lessonsCard(page);
    const table = card.getByRole('table');
    await table.waitFor();
    await table.scrollIntoViewIfNeeded();
    const t = await box(table);
    const c = await box(card);
    expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
    const cell = card.getByRole('cell', { name: LONG_HOMEWORK }).first();
    // the page's other cards may still grow above it: scrolled to again until it stays in view
    await networkSettled(page);
    await expect
      .poll(async () => {
        await cell.scrollIntoViewIfNeeded();
        return inViewport(page, cell);
      })
      .toBe(true);
    expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(
      '"Homework"',
    );
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0);
  });
});

describe('a phone', () => {
  it('never scrolls the clients page sideways; the table scrolls inside its box', async () => {
    const page = await phone();
    await page.goto('/clients');
    await page.getByRole('searchbox', { name: 'Search' }).fill(MARK);
    await page
      .getByRole('row', { name: new RegExp(MARK) })
      .first()
      .waitFor();
    expect(await pageOverflowX(page)).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: 'Clients list', exact: true });
    expect(await inViewport(page, region)).toBe(true);
  });
});
