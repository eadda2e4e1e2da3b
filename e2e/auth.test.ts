import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmInApp, createStaff, useBrowser } from './support.js';

const browser = useBrowser();

/**
 * Content-Security-Policy violations of the page, as the console reports them. Chromium shows a
 * refused `new Function` only in its issues panel, so each `securitypolicyviolation` event is
 * written to the console too.
 */
function watchCspReports(page: Page) {
  const seen: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  return seen;
}

async function logIn(page: Page, creds: { login: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Login', { exact: true }).fill(creds.login);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('login and logout', () => {
  it('shows the error line under the form for a wrong password', async () => {
    const staff = await createStaff();
    const page = await browser.newPage();
    await logIn(page, { login: staff.login, password: 'not the password' });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Wrong login or password');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the Polish texts when the language is Polish', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Language').selectOption('pl');
    await page.getByLabel('Login', { exact: true }).fill('nobody-at-all');
    await page.locator('input[type=password]').fill('whatever it is');
    await page.locator('button[type=submit]').click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Błędny login lub hasło');
    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('pl');
  });

  it('lands on / after login, shows the name, and /login then redirects to /dashboard', async () => {
    const staff = await createStaff('Taras', 'Melnyk');
    const page = await browser.newPage();
    await logIn(page, staff);
    await page.waitForURL((u) => u.pathname === '/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Dashboard');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main navigation' }).textContent())
      .toContain('Taras Melnyk');
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('reports no Content-Security-Policy violation on /login, at login and on the dashboard', async () => {
    const staff = await createStaff();
    const page = await browser.newPage();
    const reports = watchCspReports(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // A refused login runs the form's validation and reads an error answer.
    await logIn(page, { login: staff.login, password: 'not the password' });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Wrong login or password');
    await logIn(page, staff);
    await page.waitForURL((u) => u.pathname === '/');
    // The dashboard's answer has been parsed once its figures are on screen.
    await page.getByText('Total clients').waitFor();
    expect(reports).toEqual([]);
  });

  it('sends a logged-out visitor of / and /dashboard to the login', async () => {
    const page = await browser.newPage();
    for (const path of ['/', '/dashboard', '/clients/5']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/login');
    }
  });

  it('logs out: back to /login, and /dashboard then leads to login', async () => {
    const staff = await createStaff();
    const page = await browser.newPage();
    await logIn(page, staff);
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === '/login');
    const check = await page.request.get('/api/islogin');
    expect(check.status()).toBe(401);
  });

  it('a session revoked from /settings in one browser sends the other browser to /login', async () => {
    const staff = await createStaff();
    const first = await browser.newPage();
    const second = await browser.newPage();
    await logIn(first, staff);
    await first.waitForURL((u) => u.pathname === '/');
    await logIn(second, staff);
    await second.waitForURL((u) => u.pathname === '/');

    await first.goto('/settings');
    const sessions = first.getByRole('region', { name: 'Sessions' });
    const rows = sessions.getByRole('row');
    // header + two sessions; a page opened by address loads the app after its entry (ADR 032)
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    const current = rows.filter({ hasText: 'This device' });
    expect(await current.count()).toBe(1);
    await rows
      .filter({ hasNotText: 'This device' })
      .filter({ has: first.getByRole('button', { name: 'Delete session' }) })
      .getByRole('button', { name: 'Delete session' })
      .click();
    await confirmInApp(first, 'Delete this session?', 'Delete session');
    await expect.poll(() => rows.count()).toBe(2);

    // the other browser's next request is refused and it lands on the login: the click's, or
    // one the screen sent of its own first (then the link has gone with the screen)
    await second
      .getByRole('link', { name: 'Clients' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await second.waitForURL((u) => u.pathname === '/login');
    // the first one is still logged in
    await first.reload();
    await expect
      .poll(() => first.getByRole('heading', { level: 1 }).textContent())
      .toBe('Settings');
  });
});
