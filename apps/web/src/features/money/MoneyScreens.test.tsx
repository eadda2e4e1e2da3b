import type { BalanceRow, Payment } from '@school/contract/money';
import { api } from '@school/contract/paths';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, calledUrls, lastBody, listAnswer, server, setSession } from '../../test/server';
import { renderApp, setupI18n, stubLayout } from '../../test/utils';
import styles from './Money.module.css';

const PAID: Payment = {
  id: 7,
  student: 12,
  studentName: 'Olena Koval',
  amount: 1250.5,
  date: '2026-11-02',
  method: 'transfer',
  reference: 'INV-7',
  note: 'November',
  events: [],
  voided: false,
  voidReason: '',
  createdAt: '2026-11-02T10:00:00.000Z',
  covers: [],
};
const BOUNCED: Payment = {
  ...PAID,
  id: 8,
  student: 13,
  studentName: 'Petro Lys',
  amount: 30,
  method: 'cash',
  reference: 'R-8',
  note: '',
  voided: true,
  voidReason: 'bounced',
};
const OWING: BalanceRow = {
  student: 12,
  name: 'Olena Koval',
  due: 180,
  credit: 0,
  balance: 180,
  oldestDueDate: '2026-08-01',
  aging: { d0_30: 60, d31_60: 0, d61_90: 0, d90plus: 120 },
};

let payments: Payment[];

beforeAll(setupI18n);
beforeEach(() => {
  stubLayout();
  payments = [structuredClone(PAID), structuredClone(BOUNCED)];
  server.use(
    http.get(api.payments, () => listAnswer(payments)),
    http.get(api.paymentTotals, ({ request }) => {
      const method = new URL(request.url).searchParams.get('method');
      const chosen = payments.filter((p) => method === null || p.method === method);
      const sum = (rows: Payment[]) => rows.reduce((total, p) => total + p.amount, 0);
      return HttpResponse.json({
        count: chosen.length,
        amount: sum(chosen.filter((p) => !p.voided)),
        voidedCount: chosen.filter((p) => p.voided).length,
        voidedAmount: sum(chosen.filter((p) => p.voided)),
        currency: 'PLN',
      });
    }),
    http.post(`${api.payments}/:id/void`, async ({ request, params }) => {
      const { reason } = (await request.json()) as { reason: string };
      const paid = payments.find((p) => p.id === Number(params.id));
      if (!paid) return HttpResponse.json({ error: 'not_found' }, { status: 404 });
      Object.assign(paid, { voided: true, voidReason: reason });
      return HttpResponse.json(paid);
    }),
    http.get(api.balances, ({ request }) => {
      const owing = new URL(request.url).searchParams.get('owing');
      const credit = { ...OWING, student: 13, name: 'Petro Lys', due: 0, credit: 20, balance: -20 };
      const rows = owing === 'true' ? [OWING] : [OWING, { ...credit, oldestDueDate: null }];
      return listAnswer(rows);
    }),
  );
});
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

// the first screen of a run waits for its code and texts longer than a second
const table = (name: string) => screen.findByRole('table', { name }, { timeout: 10_000 });

describe('the payments screen (docs/money.md, The payments screen)', () => {
  it('lists payments with the student linked, amounts right-aligned, a voided one struck through with its reason', async () => {
    renderApp('/payments');
    const list = await table('Payments');
    const row = within(list).getByRole('row', { name: /Olena Koval/ });
    expect(within(row).getByRole('link', { name: 'Olena Koval' })).toHaveAttribute(
      'href',
      '/students/12#account',
    );
    expect(row).toHaveTextContent('1,250.50 zł');
    expect(row).toHaveTextContent('Transfer');
    const amountCell = within(row).getByText('1,250.50 zł').closest('td');
    expect(amountCell?.className).toMatch(/end/);
    const voided = within(list).getByRole('row', { name: /Petro Lys/ });
    expect(within(voided).getByText('30.00 zł')).toHaveClass(styles.struck!);
    expect(voided).toHaveTextContent('Voided: bounced');
    // a voided payment cannot be voided again
    expect(within(voided).queryByRole('button', { name: /^Void/ })).not.toBeInTheDocument();
  });

  it('shows the sum of every selected payment, not voided, and asks it again with the filters', async () => {
    const user = userEvent.setup();
    renderApp('/payments');
    expect(await screen.findByText('Received: 1,250.50 zł')).toBeInTheDocument();
    expect(screen.getByText('voided, not counted: 30.00 zł')).toBeInTheDocument();
    expect(screen.getByText('2 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Method'), 'Cash');
    expect(await screen.findByText('Received: 0.00 zł')).toBeInTheDocument();
    const asked = calledUrls().filter((url) => url.pathname === api.paymentTotals);
    expect(asked.at(-1)?.searchParams.get('method')).toBe('cash');
    expect(
      calledUrls()
        .filter((url) => url.pathname === api.payments)
        .at(-1)
        ?.searchParams.get('method'),
    ).toBe('cash');
  });

  it('voids a payment from the list in the in-app dialog, with a reason, and reads the list again', async () => {
    const user = userEvent.setup();
    renderApp('/payments');
    const list = await table('Payments');
    await user.click(
      within(list).getByRole('button', {
        name: 'Void the payment of 1,250.50 zł by Olena Koval on Nov 2, 2026',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Void the payment of 1,250.50 zł on Nov 2, 2026',
    });
    await user.type(within(dialog).getByLabelText(/Reason/), 'wrong student');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(await within(list).findByText('Voided: wrong student')).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: /Olena Koval/ })).toHaveTextContent(
      'Voided: wrong student · November',
    );
    expect(lastBody('POST', api.paymentVoid(7))).toEqual({ reason: 'wrong student' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Received: 0.00 zł')).toBeInTheDocument();
  });

  it('is not available to a teacher, and not in the navigation', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/payments');
    expect(
      await screen.findByRole('heading', { name: 'Not available for your role' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Balances' })).not.toBeInTheDocument();
    expect(calledUrls().some((url) => url.pathname === api.payments)).toBe(false);
  });
});

describe('the balances screen (docs/money.md, The balances screen)', () => {
  it('shows who owes with the aging columns, owing only at first; the toggle shows every balance', async () => {
    const user = userEvent.setup();
    renderApp('/balances');
    const list = await table('Balances');
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Student',
      '0–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
      'Due',
      'Credit',
      'Balance',
      'Owed since',
    ]);
    const row = within(list).getByRole('row', { name: /Olena Koval/ });
    expect(row).toHaveTextContent('60.00 zł0.00 zł0.00 zł120.00 zł180.00 zł0.00 zł180.00 zł');
    expect(row).toHaveTextContent('Aug 1, 2026');
    expect(within(row).getByRole('link', { name: 'Olena Koval' })).toHaveAttribute(
      'href',
      '/students/12#account',
    );
    expect(within(list).queryByRole('row', { name: /Petro Lys/ })).not.toBeInTheDocument();
    const owing = screen.getByRole('checkbox', { name: 'Owing only' });
    expect(owing).toBeChecked();
    expect(
      calledUrls()
        .filter((url) => url.pathname === api.balances)
        .at(-1)
        ?.searchParams.get('owing'),
    ).toBe('true');
    await user.click(owing);
    expect(await within(list).findByRole('row', { name: /Petro Lys/ })).toHaveTextContent(
      '-20.00 zł',
    );
    expect(
      calledUrls()
        .filter((url) => url.pathname === api.balances)
        .at(-1)
        ?.searchParams.has('owing'),
    ).toBe(false);
  });

  it('sorts by due and by the oldest due date on the server', async () => {
    const user = userEvent.setup();
    renderApp('/balances');
    const list = await table('Balances');
    const due = within(list).getByRole('columnheader', { name: /Due/ });
    expect(due).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(list).getByRole('button', { name: /Owed since/ }));
    await expect
      .poll(() =>
        calledUrls()
          .filter((url) => url.pathname === api.balances)
          .at(-1)
          ?.searchParams.get('sort'),
      )
      .toBe('since');
  });
});
