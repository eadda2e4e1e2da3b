import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { api, logInAsAdmin, sql, useBrowser } from './support.js';

/** The record history (docs/screens.md, Record history and Audit), against the real API. */

const browser = useBrowser();
let page: Page;
let clientId: number;
const name = `Historia${Date.now().toString(36)}`;

const saved = async () => {
  await page.getByText('Successfully done !').waitFor();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
};

beforeAll(async () => {
  page = await browser.newPage({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  const stages = await (await page.request.get('/api/stages')).json();
  const lead = (stages as { id: number; key?: string }[])[0];
  const client = await api<{ id: number }>(page, 'POST', '/api/clients', {
    firstName: name,
    lastName: 'Klient',
    stage: lead?.id,
    price: 1000,
  });
  clientId = client.id;
});

describe('the record history', () => {
  it('says on the client’s page who changed the stage and price, in words', async () => {
    await page.goto(`/clients/${clientId}`);
    const form = page.getByRole('form', { name: 'Client details' });
    await form.getByLabel('Stage').selectOption({ label: 'Contacted' });
    await form.getByLabel('Price').fill('1250.50');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved();

    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'History' }).click();
    const latest = history.getByRole('listitem').first();
    await latest.getByText('Changed').waitFor();
    const text = await latest.innerText();
    expect(text).toContain('Stage: New lead → Contacted');
    expect(text).toContain('Price: 1,000.00 zł → 1,250.50 zł');
    expect(text).not.toMatch(/stage: \d/);
    // the creation is there too, below the change
    await history.getByText('Created').waitFor();
  });

  it('lists the change for an admin at /audit, filtered, with a link to the client', async () => {
    await page.goto('/audit');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Audit' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.getByRole('table', { name: 'Record history' }).waitFor();
    await page.getByRole('button', { name: /filter/i }).click();
    await page.getByLabel('Record type').selectOption({ label: 'Client' });
    // each filter is answered in turn: the rows are read once the last one's answer is in
    const answered = (part: string) =>
      page.waitForResponse((r) => r.url().includes('/api/audit?') && r.url().includes(part));
    const byId = answered(`entityId=${clientId}`);
    await page.getByLabel('Record ID').fill(String(clientId));
    await byId;
    const rows = page.getByRole('table', { name: 'Record history' }).getByRole('row');
    await expect.poll(() => rows.filter({ hasText: /Created|Changed/ }).count()).toBe(2);
    // the search reads the entries' contents: the new price is in the change alone
    const searched = answered('search=1250.5');
    await page.getByRole('searchbox', { name: 'Search' }).fill('1250.5');
    await searched;
    const row = page.getByRole('row', { name: /Changed/ });
    await expect.poll(() => rows.filter({ hasText: /Created|Changed/ }).count()).toBe(1);
    expect(await row.innerText()).toContain('Stage: New lead → Contacted');
    await row.getByRole('link', { name: `Client #${clientId}` }).click();
    await page.waitForURL((u) => u.pathname === `/clients/${clientId}`);
    await page.getByRole('form', { name: 'Client details' }).waitFor();
  });

  it('says in the lesson’s History its participant’s attendance and payment, by name', async () => {
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: name,
      surname: 'Uczennica',
    });
    const lesson = await api<{ id: number }>(page, 'POST', '/api/lessons', {
      date: new Date().toISOString().slice(0, 10),
      start: '07:00',
      end: '08:00',
      price: 80,
      course: 'History course',
      force: true,
    });
    await api(page, 'POST', '/api/events', { lesson: lesson.id, student: student.id });
    const events = (await (await page.request.get(`/api/events?lesson=${lesson.id}`)).json()) as {
      id: number;
    }[];
    await api(page, 'PUT', `/api/events/${events[0]?.id}`, { attendence: 1, isPaid: true });

    await page.goto(`/schedule?lesson=${lesson.id}`);
    const dialog = page.getByRole('dialog');
    const history = dialog.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'History' }).click();
    const latest = history.getByRole('listitem').first();
    await latest.getByText('Changed').waitFor();
    const text = await latest.innerText();
    expect(text).toContain(`${name} Uczennica`);
    expect(text).toContain('Attendance: Not marked → Present');
    expect(text).toContain('Paid: not paid → paid');
    await history.getByText('Created').first().waitFor();
  });

  it('keeps a CSV import’s file name, shown at /audit', async () => {
    const fileName = `${name.toLowerCase()}-import.csv`;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'history-')), fileName);
    await fs.writeFile(file, `firstName,lastName,email\n${name}Csv,One,${fileName}@example.com\n`);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import clients from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await expect
      .poll(() => dialog.getByRole('list', { name: 'Preview' }).innerText())
      .toContain('To create: 1');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('Created: 1, updated: 0, skipped: 0.'));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/audit');
    await page.getByRole('table', { name: 'Record history' }).waitFor();
    await page.getByRole('button', { name: /filter/i }).click();
    await page.getByLabel('Action').selectOption({ label: 'Imported from CSV' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(fileName);
    // the row of this file's import: other files' imports share the worker's database, and the
    // list answers the action filter before the search
    const row = page.getByRole('row', { name: /Imported from CSV/ }).filter({ hasText: fileName });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(
      `File: ${fileName}; created: 1, updated: 0, skipped: 0`,
    );
  });

  it('is not a teacher’s: no Audit in the navigation', async () => {
    const teacher = { login: `histteacher${Date.now().toString(36)}`, password: 'e2e teacher pw' };
    await sql(
      `insert into users (login, password_hash, first_name, last_name, role)
       values ($1, $2, 'Taras', 'Teacher', 'teacher')`,
      [teacher.login, await hashPassword(teacher.password)],
    );
    const other = await browser.newPage({ width: 1280, height: 800 });
    await other.goto('/login');
    await other.getByLabel('Login', { exact: true }).fill(teacher.login);
    await other.getByLabel('Password', { exact: true }).fill(teacher.password);
    await other.getByRole('button', { name: 'Log in' }).click();
    await other.waitForURL((u) => u.pathname === '/schedule');
    const nav = other.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Schedule' }).waitFor();
    const links = await nav
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(links).not.toContain('Audit');
    await other.goto('/audit');
    await other.getByRole('heading', { level: 1, name: 'Not available for your role' }).waitFor();
  });
});
