import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, logInAsAdmin, removeMoneyOf, setUndoDelay, useBrowser } from './support.js';

const browser = useBrowser();
let page: Page;
let stages: { id: number; name: string }[];

const column = (name: string) => page.getByRole('region', { name, exact: true });
const card = (stage: string, client: string) =>
  column(stage).getByRole('button', { name: new RegExp(`^${client}`) });
const countIn = async (stage: string) =>
  (await column(stage).innerText()).match(/(\d+) clients?/)?.[1];

beforeAll(async () => {
  page = await browser.newPage({ width: 1600, height: 900 });
  await logInAsAdmin(page);
  // The moves here are meant to reach the server: a short Undo time (feedback.test covers Undo).
  await setUndoDelay(page, 300);
  stages = await (await page.request.get('/api/stages')).json();
  const stageId = (name: string) => stages.find((s) => s.name === name)?.id;
  await api(page, 'POST', '/api/clients', {
    firstName: 'Halyna',
    lastName: 'Pipeline',
    price: 500,
    probability: 40,
    product: 1,
    stage: stageId('New lead'),
  });
  await api(page, 'POST', '/api/clients', {
    firstName: 'Ostap',
    lastName: 'Pipeline',
    price: 700,
    probability: 80,
    stage: stageId('Contacted'),
  });
});

describe('pipeline board', () => {
  it('shows a column per stage in order with count and sum, and the cards', async () => {
    await page.goto('/pipeline');
    await card('New lead', 'Halyna Pipeline').waitFor();
    const regions = await page
      .getByRole('region')
      .evaluateAll((els) =>
        els.map((e) => e.getAttribute('aria-label') ?? e.getAttribute('aria-labelledby')),
      );
    expect(regions.length).toBeGreaterThanOrEqual(stages.length);
    expect(await column('New lead').innerText()).toContain('500.00 zł');
    expect(await card('New lead', 'Halyna Pipeline').innerText()).toContain('40%');
  });

  it('moves a card through the card menu; the column totals change', async () => {
    await page.goto('/pipeline');
    await card('New lead', 'Halyna Pipeline').waitFor();
    const wonBefore = Number(await countIn('Won'));
    await page.getByRole('button', { name: 'Open menu for Halyna Pipeline' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu for Halyna Pipeline' });
    const sent = page.waitForResponse((r) => r.request().method() === 'PUT');
    await menu.getByLabel('Stage').selectOption({ label: 'Won' });
    await card('Won', 'Halyna Pipeline').waitFor();
    await sent;
    await expect.poll(() => countIn('Won')).toBe(String(wonBefore + 1));
    await page.reload();
    await card('Won', 'Halyna Pipeline').waitFor();
  });

  it('moves a card by keyboard drag and drop', async () => {
    await page.goto('/pipeline');
    const ostap = card('Contacted', 'Ostap Pipeline');
    await ostap.waitFor();
    await ostap.focus();
    // dnd-kit measures positions on animation frames: give each key its frame, as a hand would
    await page.keyboard.press('Space');
    await expect.poll(() => ostap.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    // the board's announcement says the card is over the next column
    await page.getByText('Ostap Pipeline is over Trial lesson.').waitFor({ state: 'attached' });
    const sent = page.waitForResponse((r) => r.request().method() === 'PUT');
    await page.keyboard.press('Space');
    await card('Trial lesson', 'Ostap Pipeline').waitFor();
    await sent;
    await page.reload();
    await card('Trial lesson', 'Ostap Pipeline').waitFor();
  });

  it('puts a refused move back and returns to /pipeline', async () => {
    await page.goto('/pipeline');
    await card('Trial lesson', 'Ostap Pipeline').waitFor();
    await page.route('**/api/clients/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"internal","message":"x"}',
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Open menu for Ostap Pipeline' }).click();
    await page
      .getByRole('dialog', { name: 'Menu for Ostap Pipeline' })
      .getByLabel('Stage')
      .selectOption({ label: 'Lost' });
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('Ostap Pipeline could not be moved to Lost'));
    expect(new URL(page.url()).pathname).toBe('/pipeline');
    await card('Trial lesson', 'Ostap Pipeline').waitFor();
    expect(await card('Lost', 'Ostap Pipeline').count()).toBe(0);
    await page.unroute('**/api/clients/*');
  });

  it('goes to the client from the card menu', async () => {
    await page.goto('/pipeline');
    await page.getByRole('button', { name: 'Open menu for Ostap Pipeline' }).click();
    await page.getByRole('button', { name: 'Go to client' }).click();
    await page.waitForURL((u) => /^\/clients\/\d+$/.test(u.pathname));
  });
});

describe('a client made without choosing a stage', () => {
  it('starts at the first stage in the form and is on the first column', async () => {
    const first = stages[0]?.name ?? '';
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'New client' });
    await form.getByLabel('First name').fill('Stefa');
    await form.getByLabel('Last name').fill('Formless');
    const stage = form.getByLabel('Stage');
    await expect.poll(() => stage.inputValue()).toBe(String(stages[0]?.id));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully done !').waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.goto('/pipeline');
    await card(first, 'Stefa Formless').waitFor();
  });
});

describe('dashboard', () => {
  it('shows the CRM figures and the chart of clients per stage', async () => {
    await page.goto('/dashboard');
    const chart = page.getByRole('img', { name: /^Clients per stage:/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain('Won: 1');
    const total = page
      .locator('dt', { hasText: 'Total clients' })
      .locator('xpath=following-sibling::dd[1]');
    const all = Number((await page.request.get('/api/clients?limit=1')).headers()['x-total-count']);
    expect(await total.innerText()).toBe(String(all));
  });

  it("shows an admin this month's money as the monthly report has it, and a year of it charted", async () => {
    // docs/money.md, On the dashboard: a payment made today is in this month's received
    const student = await api<{ id: number }>(page, 'POST', '/api/students', {
      name: 'Marta',
      surname: `Dashboard${Date.now().toString(36)}`,
    });
    try {
      const { today, first } = await page.evaluate(() => {
        const day = (d: Date) =>
          `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        const now = new Date();
        return { today: day(now), first: day(new Date(now.getFullYear(), now.getMonth() - 11, 1)) };
      });
      await api(page, 'POST', '/api/payments', {
        student: student.id,
        amount: 45.5,
        date: today,
        method: 'transfer',
      });
      await page.goto('/dashboard');
      const money = page.getByRole('region', { name: /^Money in / });
      const chart = money.getByRole('group', { name: /^Charged and received per month, / });
      await chart.waitFor();
      const report = (await (
        await page.request.get(`/api/reports/money?dateFrom=${first}&dateTo=${today}`)
      ).json()) as { month: string; charged: number; received: number; outstanding: number }[];
      expect(report).toHaveLength(12);
      const month = report.at(-1)!;
      expect(month.received).toBeGreaterThanOrEqual(45.5);
      const zl = (amount: number) =>
        `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} zł`;
      const value = (label: string) =>
        money
          .locator('dt', { hasText: label })
          .locator('xpath=following-sibling::dd[1]')
          .innerText();
      expect(await value('Charged')).toBe(zl(month.charged));
      expect(await value('Received')).toBe(zl(month.received));
      expect(await value('Outstanding')).toBe(zl(month.outstanding));
      expect(
        await money
          .getByRole('link', { name: `${zl(month.received)} received: open the payments` })
          .getAttribute('href'),
      ).toBe('/payments');
      expect(
        await money
          .getByRole('link', { name: `${zl(month.outstanding)} outstanding: open the balances` })
          .getAttribute('href'),
      ).toBe('/balances');
      // a keyboard stop per month, named by both its amounts
      const months = chart.getByRole('img');
      expect(await months.count()).toBe(12);
      await months.last().focus();
      expect(await months.last().getAttribute('aria-label')).toContain(
        `charged ${zl(month.charged)}, received ${zl(month.received)}`,
      );
    } finally {
      await removeMoneyOf([student.id]);
      await api(page, 'DELETE', `/api/students/${student.id}`);
    }
  });
});
