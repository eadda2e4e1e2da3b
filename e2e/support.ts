import { afterAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD } from './global-setup.js';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { launchBrowser } from './browser.js';

/**
 * This worker's own server (global-setup.ts starts one per worker): VITEST_POOL_ID is unique
 * among the test files running at the same time.
 */
export function server() {
  const servers = inject('servers');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1));
  const own = servers[worker - 1];
  if (!own) throw new Error(`no e2e server for worker ${worker} (${servers.length} started)`);
  return own;
}

export const baseUrl = () => server().baseUrl;
/** The database of this worker's server. */
export const databaseUrl = () => server().databaseUrl;

let counter = 0;

/** A staff user made straight in the database (the users screen comes with later work). */
export async function createStaff(firstName = 'Olena', lastName = 'Kovalenko') {
  const login = `staff${Date.now().toString(36)}${++counter}`;
  const password = 'e2e staff password';
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(
      'insert into users (login, password_hash, first_name, last_name) values ($1, $2, $3, $4)',
      [login, await hashPassword(password), firstName, lastName],
    );
  } finally {
    await client.end();
  }
  return { login, password, firstName, lastName };
}

/** Runs SQL on the test database (for clean-ups a browser cannot make). */
export async function sql(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

/**
 * Takes students' money out of the shared test database, with their participations, so a
 * file's clean-up can then delete their lessons and the students themselves. The ledger is
 * append-only (docs/money.md): its rows go with the database's triggers off, in this clean-up
 * only.
 */
export async function removeMoneyOf(students: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query('delete from ledger_entries where student_id = any($1)', [students]);
    await client.query('set local session_replication_role = origin');
    for (const table of ['coverage', 'open_charges', 'payments', 'adjustments', 'accounts']) {
      await client.query(`delete from ${table} where student_id = any($1)`, [students]);
    }
    await client.query('delete from events where student_id = any($1)', [students]);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** The requests each page has under way (see `networkSettled`). */
const underWay = new WeakMap<Page, Set<unknown>>();

/** Follows the page's requests, for `networkSettled` (pages of `useBrowser` are followed already). */
export function trackRequests(page: Page) {
  const requests = new Set<unknown>();
  underWay.set(page, requests);
  page.on('request', (r) => requests.add(r));
  page.on('requestfinished', (r) => requests.delete(r));
  page.on('requestfailed', (r) => requests.delete(r));
}

/**
 * Waits until the page has no request under way, still none after two animation frames (time
 * for the app to ask for what the answers it got call for): its data has come.
 */
export async function networkSettled(page: Page) {
  const requests = underWay.get(page);
  if (!requests) throw new Error('the page was not opened by useBrowser');
  await expect
    .poll(
      async () => {
        if (requests.size > 0) return false;
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        return requests.size === 0;
      },
      { timeout: 15_000, interval: 20 },
    )
    .toBe(true);
}

/**
 * The worker's Chromium, launched by the first file that needs it. The e2e project runs its
 * files one after another in the same worker (`isolate: false`), so the files after it reuse
 * it; Playwright closes it when the worker exits (docs/decisions/037-test-suite-cost.md).
 */
let workerBrowser: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser(inject('chromePath'));
  return workerBrowser;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** touch events */
  hasTouch?: boolean;
  /** a phone's viewport (its meta viewport tag honoured) */
  isMobile?: boolean;
  /** the browser's language (en-US unless told) */
  locale?: string;
  /** the browser's zone (IANA), which the login gives the session */
  timezoneId?: string;
}

/**
 * Pages for a test file, each in a context of its own (its own cookies and storage, a separate
 * "browser"), in the worker's shared Chromium; the file's contexts close after its tests.
 */
export function useBrowser() {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  });
  return {
    async newPage(options: PageOptions = {}): Promise<Page> {
      const browser = await sharedBrowser();
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        hasTouch: options.hasTouch ?? false,
        isMobile: options.isMobile ?? false,
        locale: options.locale ?? 'en-US',
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      trackRequests(page);
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

export const admin = { login: 'admin', password: ADMIN_PASSWORD };

/** Logs in through the login form and waits for the app to land on /. */
export async function logIn(page: Page, creds: { login: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Login', { exact: true }).fill(creds.login);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** The worker's admin session cookies (its server's), once logged in through the form. */
let adminCookies: { server: string; cookies: Cookie[] } | undefined;

/**
 * Logs the page in as the admin, with the session the worker's first admin login made through
 * the login form (docs/decisions/037-test-suite-cost.md): its cookies are added to the page's
 * context and the app is opened at /. A session no longer valid is replaced by a new login.
 * Tests of the login itself, or of a user of their own, use `logIn`.
 */
export async function logInAsAdmin(page: Page) {
  const own = baseUrl();
  if (adminCookies?.server === own) {
    await page.context().addCookies(adminCookies.cookies);
    if ((await page.request.get('/api/islogin')).ok()) {
      await page.goto('/');
      return;
    }
    await page.context().clearCookies();
  }
  await logIn(page, admin);
  adminCookies = { server: own, cookies: await page.context().cookies() };
}

/** An address of no screen: `navigate` passes through it where the screen would stay. */
const BETWEEN_SCREENS = '/e2e-between-screens';

/** An address's first part (`students` of /students/5): the screens of one kind share it. */
const kindOf = (path: string) => new URL(path, 'http://app').pathname.split('/')[1] ?? '';

/**
 * Opens `path` in the app the page has loaded already, as its own links do: the address
 * changes and the router draws the screen, without loading the page again (on a busy machine a
 * page load took 0.8 s, this 0.07 s: docs/decisions/037-test-suite-cost.md). Waits until the
 * screen before has left the main area, and scrolls to the top, where a page load starts. To
 * the screen shown already, or one of its kind (/students/2 from /students/1, /students from
 * /students/new), it passes through an address of no screen first, so that the screen is drawn
 * anew. A page not in the app yet is opened with `goto`; so is an address whose screen is the
 * one shown for other addresses too (no such page, not for the role) when the page shows it
 * already: that screen stays.
 */
export async function navigate(page: Page, path: string) {
  const here = await page.evaluate(() => window.location.pathname);
  const hops = kindOf(here) === kindOf(path) ? [BETWEEN_SCREENS, path] : [path];
  for (const to of hops) {
    const moved = await page.evaluate((address) => {
      const main = document.querySelector('main');
      if (!main) return false;
      for (const child of main.children) child.setAttribute('data-e2e-left', '');
      window.history.pushState(null, '', address);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return true;
    }, to);
    if (!moved) {
      await page.goto(path);
      return;
    }
    await page.waitForFunction(() => !document.querySelector('main > [data-e2e-left]'));
  }
  // a page load starts at the top; the router keeps the scroll of the screen before
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector('main')?.scrollTo(0, 0);
  });
}

/** Records every browser dialog (alert/confirm/prompt) the page opens: the app must open none. */
export function watchBrowserDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** The failed-delete text in English (docs/interface.md, Messages), shown when other records are linked to the one deleted. */
export const LINKED =
  'The element was probably not deleted because other elements are linked to it. First make sure that no element is linked to it.';

/** Answers the app's own confirmation dialog (an alertdialog named `title`). */
export async function confirmInApp(page: Page, title: string, button = 'Delete') {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The app's notices (role status, or alert for errors), as their texts. */
export function notices(page: Page, role: 'status' | 'alert' = 'status') {
  return page.getByRole(role).allInnerTexts();
}

/** Undo is offered this long in the browser tests where the change must reach the server. */
export async function setUndoDelay(page: Page, ms: number) {
  await page.evaluate((value) => localStorage.setItem('undoDelayMs', String(value)), ms);
}

/** A call to the API from the logged-in page's browser context (cookies and XSRF header). */
export async function api<T>(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(url, { method, data, headers: { 'x-xsrf-token': xsrf } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/** Opens the lesson of `course` on next week's board (in any language); answers its dialog. */
export async function openNextWeekLesson(page: Page, course: string): Promise<Locator> {
  await page.goto('/schedule');
  const period = page.locator('p[aria-live=polite]');
  await period.waitFor();
  const thisWeek = await period.innerText();
  await page
    .getByRole('button', { name: /^(Next week|Następny tydzień|Наступний тиждень)$/ })
    .click();
  await expect.poll(() => period.innerText()).not.toBe(thisWeek);
  await page.getByRole('button', { name: new RegExp(course) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { level: 3 }).first().waitFor();
  return dialog;
}
