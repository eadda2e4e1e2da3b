import type { PayRow } from '@school/contract/pay';
import { api } from '@school/contract/paths';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, lastBody, server, setSession } from '../../test/server';
import { renderApp, setupI18n } from '../../test/utils';

const MONTH = '2026-10';

const row = (fields: Partial<PayRow> = {}): PayRow => ({
  teacher: 7,
  name: 'Olena Bondar',
  month: MONTH,
  lessons: 2,
  hours: '2.50',
  amount: '150.00',
  state: 'draft',
  approvedAt: null,
  paidOn: null,
  lines: [
    {
      lesson: 31,
      date: '2026-10-05',
      start: '10:00',
      end: '11:30',
      name: 'English B1',
      hours: '1.50',
      kind: 'hour',
      rate: '60.00',
      amount: '90.00',
      correction: false,
      correctsMonth: null,
    },
    {
      lesson: 12,
      date: '2026-09-28',
      start: '10:00',
      end: '11:00',
      name: 'English A2',
      hours: '0.00',
      kind: 'hour',
      rate: '60.00',
      amount: '-60.00',
      correction: true,
      correctsMonth: '2026-09',
    },
  ],
  ...fields,
});

let current: PayRow;

beforeAll(setupI18n);
beforeEach(() => {
  current = row();
  server.use(
    http.get(api.payroll, ({ request }) => {
      const month = new URL(request.url).searchParams.get('month');
      return HttpResponse.json(month === MONTH ? [current] : []);
    }),
    http.post(`${api.payroll}/:month/:teacher/approve`, () => {
      current = { ...current, state: 'approved', approvedAt: '2026-11-02T10:00:00.000Z' };
      return HttpResponse.json(current);
    }),
    http.post(`${api.payroll}/:month/:teacher/paid`, async ({ request }) => {
      const { date } = (await request.json()) as { date: string };
      current = { ...current, state: 'paid', paidOn: date };
      return HttpResponse.json(current);
    }),
  );
});
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

async function openMonth() {
  renderApp('/payroll');
  const month = await screen.findByLabelText('Month');
  fireEvent.change(month, { target: { value: MONTH } });
  return screen.findByRole('region', { name: "Teachers' pay, October 2026" });
}

describe('/payroll (docs/money.md, Teachers’ pay)', () => {
  it('opens on the current month, which is not approved before it ends', async () => {
    renderApp('/payroll');
    const month = await screen.findByLabelText('Month');
    const now = new Date();
    expect(month).toHaveValue(
      `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`,
    );
    expect(await screen.findByText(/This month is not over/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      api.payrollCsv((month as HTMLInputElement).value),
    );
  });

  it('shows the month’s teachers; a row opens its lines, a correction named with its month', async () => {
    const user = userEvent.setup();
    const table = await openMonth();
    expect(table).toHaveTextContent('Olena Bondar');
    expect(table).toHaveTextContent('150.00 zł');
    expect(table).toHaveTextContent('Draft');
    const toggle = within(table).getByRole('button', { name: 'Olena Bondar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const lines = within(table).getByRole('region', { name: 'Lessons of Olena Bondar' });
    expect(lines).toHaveTextContent('English B1');
    expect(lines).toHaveTextContent('60.00 zł an hour');
    expect(lines).toHaveTextContent('Correction: English A2 (September 2026)');
    expect(lines).toHaveTextContent('-60.00 zł');
  });

  it('approves in an in-app dialog, then marks paid with a date', async () => {
    const user = userEvent.setup();
    const table = await openMonth();
    await user.click(within(table).getByRole('button', { name: 'Approve: Olena Bondar' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Approve the pay of Olena Bondar for October 2026',
    });
    expect(dialog).toHaveTextContent('150.00 zł for 2 lessons');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(table).findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Mark paid: Olena Bondar' }));
    const paid = screen.getByRole('dialog', {
      name: 'Mark the pay of Olena Bondar for October 2026 paid',
    });
    const date = within(paid).getByLabelText(/Date/);
    fireEvent.change(date, { target: { value: '2026-11-03' } });
    await user.click(within(paid).getByRole('button', { name: 'Mark paid' }));
    expect(await within(table).findByText('Paid on Nov 3, 2026')).toBeInTheDocument();
    expect(lastBody('POST', api.payrollPaid(MONTH, 7))).toEqual({ date: '2026-11-03' });
  });

  it('keeps the dialog open and says why when the server refuses', async () => {
    server.use(
      http.post(`${api.payroll}/:month/:teacher/approve`, () =>
        HttpResponse.json(
          { error: 'conflict', message: 'This month of this teacher is approved already' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    const table = await openMonth();
    await user.click(within(table).getByRole('button', { name: 'Approve: Olena Bondar' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('approved already');
  });

  it('is not for a teacher, who sees their own pay on /profile', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/payroll');
    expect(await screen.findByText('Not available for your role')).toBeInTheDocument();
    cleanup();
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'My pay' });
    fireEvent.change(within(card).getByLabelText('Month'), { target: { value: MONTH } });
    expect(await within(card).findByText('150.00 zł')).toBeInTheDocument();
    expect(card).toHaveTextContent('English B1');
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });
});
