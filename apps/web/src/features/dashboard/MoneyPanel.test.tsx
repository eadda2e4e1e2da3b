import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { ADMIN, calledUrls, monthsBetween, server, setSession } from '../../test/server';
import { jsonResponse, renderApp, renderWithProviders, setupI18n } from '../../test/utils';
import { DashboardScreen } from './DashboardScreen';
import { moneyRange } from './moneyApi';

// docs/money.md, The monthly report; docs/roles.md: the money is an admin's and a manager's

/** Twelve months from 2025-12 to 2026-11; November, the last, is "this month". */
const MONTHS = monthsBetween('2025-12-01', '2026-11-29').map((month, index) => ({
  month,
  charged: 1000 + index * 100,
  received: index === 3 ? 0 : 900 + index * 50,
  outstanding: 2000 + index * 10.5,
}));

/** The CRM's figures beside the money (DashboardScreen.test.tsx reads them). */
const DASHBOARD = {
  totalClients: 3,
  pipelineValue: 0,
  newClients30d: 0,
  stageMoves30d: 0,
  byStage: [],
  newClientsByDay: [],
};

function answerMoney(answer: () => Response | Promise<Response> = () => jsonResponse(200, MONTHS)) {
  server.use(
    http.get(api.dashboard, () => jsonResponse(200, DASHBOARD)),
    http.get(api.moneyReport, answer),
  );
}

const moneyCalls = () => calledUrls().filter((url) => url.pathname === api.moneyReport);
const money = () => screen.findByRole('region', { name: 'Money in November 2026' });
/** The value shown under a figure's label in `within`. */
const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeAll(setupI18n);
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("the dashboard's money", () => {
  it('asks for the last twelve months, this one included, in one call', () => {
    expect(moneyRange(new Date(2026, 10, 29))).toEqual({
      dateFrom: '2025-12-01',
      dateTo: '2026-11-29',
    });
    expect(moneyRange(new Date(2026, 0, 31))).toEqual({
      dateFrom: '2025-02-01',
      dateTo: '2026-01-31',
    });
  });

  it("shows an admin this month's charged, received and outstanding, linked to the payments and the balances", async () => {
    answerMoney();
    renderApp('/dashboard');

    const region = await money();
    expect(figure(region, 'Charged')).toBe('2,100.00 zł');
    expect(figure(region, 'Received')).toBe('1,450.00 zł');
    expect(figure(region, 'Outstanding')).toBe('2,115.50 zł');
    const received = within(region).getByRole('link', {
      name: '1,450.00 zł received: open the payments',
    });
    expect(received.getAttribute('href')).toBe('/payments');
    const outstanding = within(region).getByRole('link', {
      name: '2,115.50 zł outstanding: open the balances',
    });
    expect(outstanding.getAttribute('href')).toBe('/balances');
    // one call for the year, of this month and the eleven before it
    expect(moneyCalls()).toHaveLength(1);
    const [call] = moneyCalls();
    expect(Object.fromEntries(call!.searchParams)).toEqual(moneyRange());
  });

  it('charts a year of charged against received: two bars a month, a keyboard stop per month, a table', async () => {
    answerMoney();
    renderApp('/dashboard');

    const chart = await screen.findByRole('group', {
      name: /^Charged and received per month, December 2025 – November 2026: 18,600.00 zł charged and 13,050.00 zł received in all\.$/,
    });
    const months = within(chart).getAllByRole('img');
    expect(months).toHaveLength(12);
    expect(months[11]!.getAttribute('aria-label')).toBe(
      'November 2026: charged 2,100.00 zł, received 1,450.00 zł',
    );
    const height = (month: HTMLElement, series: string) =>
      Number(month.querySelector(`[data-series=${series}]`)?.getAttribute('height'));
    // the tallest bar is November's charged; March received nothing
    expect(height(months[11]!, 'charged')).toBeGreaterThan(height(months[0]!, 'charged'));
    expect(height(months[3]!, 'received')).toBe(0);
    expect(height(months[11]!, 'received') / height(months[11]!, 'charged')).toBeCloseTo(
      1450 / 2100,
    );
    // the legend names the two series
    const panel = screen.getByRole('region', { name: 'Charged and received per month' });
    expect(within(panel).getByRole('list').textContent).toBe('ChargedReceived');

    // the keyboard reaches each month; the one in focus says its amounts above the chart
    const user = userEvent.setup();
    months[0]!.focus();
    expect(document.activeElement).toBe(months[0]);
    const shown = 'December 2025: charged 1,000.00 zł, received 900.00 zł';
    expect(await screen.findByText(shown, { selector: 'p' })).toBeVisible();
    await user.tab();
    expect(document.activeElement).toBe(months[1]);
    expect(await screen.findByText(/^January 2026: charged/, { selector: 'p' })).toBeVisible();
    expect(months.every((month) => month.getAttribute('tabindex') === '0')).toBe(true);

    const table = screen.getByRole('table', { name: 'Charged and received per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]!.textContent).toBe('November 20262,100.00 zł1,450.00 zł2,115.50 zł');
  });

  it('shows a spinner while it loads, says when it cannot be loaded and loads it again on retry', async () => {
    let failing = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answerMoney(async () => {
      await held;
      return failing
        ? jsonResponse(500, { error: 'internal', message: 'Internal error' })
        : jsonResponse(200, MONTHS);
    });
    renderApp('/dashboard');

    const loading = await screen.findByRole('region', { name: 'Money' });
    expect(within(loading).getByRole('status').textContent).toMatch(/Loading/);
    release();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The money figures could not be loaded.',
    );
    // the CRM's figures stand beside it
    expect(screen.getByText('Total clients')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await money();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(moneyCalls()).toHaveLength(2);
  });

  it('is a manager’s too', async () => {
    setSession({ ...ADMIN, role: 'manager' });
    answerMoney();
    renderApp('/dashboard');
    expect(figure(await money(), 'Outstanding')).toBe('2,115.50 zł');
  });

  it('is not on a teacher’s dashboard, which asks for no money', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    answerMoney();
    renderWithProviders(<DashboardScreen />, '/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Anna!' });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: /^Money/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Outstanding')).not.toBeInTheDocument();
    expect(moneyCalls()).toHaveLength(0);
  });

  it('is not asked for when a teacher opens the dashboard’s address', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Not available for your role' });
    expect(moneyCalls()).toHaveLength(0);
  });
});
