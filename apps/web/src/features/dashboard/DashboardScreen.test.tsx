import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { calledUrls, server } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

const DAYS = Array.from({ length: 30 }, (_, index) => ({
  date: `2025-05-${String(index + 1).padStart(2, '0')}`,
  count: index === 11 ? 6 : index % 3,
}));

const DASHBOARD = {
  totalClients: 1234,
  pipelineValue: 45678.9,
  newClients30d: 31,
  stageMoves30d: 17,
  byStage: [
    { id: 7, name: 'Lead', color: '#3b82f6', order: 1, count: 40, sum: 12000 },
    { id: 3, name: 'Contacted', color: '#f59e0b', order: 2, count: 10, sum: 5000.5 },
    { id: 5, name: 'Won', color: '#16a34a', order: 3, count: 0, sum: 0 },
  ],
  newClientsByDay: DAYS,
};

/** GET /api/dashboard answers DASHBOARD, or what `answer` says. */
function answerDashboard(answer = () => jsonResponse(200, DASHBOARD)) {
  server.use(http.get(api.dashboard, answer));
}

/** The value shown under a figure's label. */
function figure(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

beforeAll(setupI18n);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('shows the key figures of GET /api/dashboard', async () => {
    answerDashboard();
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Anna!' })).toBeInTheDocument();
    await screen.findByText('Total clients');
    expect(figure('Total clients')).toBe('1,234');
    expect(figure('Pipeline value')).toBe('45,678.90 zł');
    expect(figure('New clients (30 days)')).toBe('31');
    expect(figure('Stage moves (30 days)')).toBe('17');
  });

  it('draws a bar per stage in its colour, sized by its count, with a text alternative', async () => {
    answerDashboard();
    renderApp('/dashboard');

    const chart = await screen.findByRole('img', {
      name: 'Clients per stage: Lead: 40, Contacted: 10, and Won: 0.',
    });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('fill'))).toEqual(['#3b82f6', '#f59e0b', '#16a34a']);
    const widths = bars.map((bar) => Number(bar.getAttribute('width')));
    expect(widths[0]).toBeGreaterThan(0);
    expect(widths[1]).toBeCloseTo((widths[0] ?? 0) / 4);
    expect(widths[2]).toBe(0);
    expect([...chart.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      'Lead',
      '40',
      'Contacted',
      '10',
      'Won',
      '0',
    ]);

    const table = screen.getByRole('table', { name: 'Clients per stage' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Lead4012,000.00 zł',
      'Contacted105,000.50 zł',
      'Won00.00 zł',
    ]);
  });

  it('charts new clients per day over 30 days', async () => {
    answerDashboard();
    renderApp('/dashboard');

    const chart = await screen.findByRole('img', {
      name: 'New clients per day over the last 30 days: 34 in total, at most 6 on one day.',
    });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars).toHaveLength(30);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[11]);
    expect(heights[0]).toBe(0);
    expect(
      within(screen.getByRole('table', { name: 'New clients per day' })).getAllByRole('row'),
    ).toHaveLength(31);
  });

  it('says when the dashboard cannot be loaded and loads it again on retry', async () => {
    let failing = true;
    answerDashboard(() =>
      failing
        ? jsonResponse(500, { error: 'internal', message: 'Internal error' })
        : jsonResponse(200, DASHBOARD),
    );
    renderApp('/dashboard');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The dashboard could not be loaded.',
    );
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Total clients')).toBe('1,234'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calledUrls().filter((url) => url.pathname === api.dashboard)).toHaveLength(2);
  });
});
