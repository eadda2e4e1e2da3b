import type { InvoiceRow } from '@school/contract/invoices';
import { api } from '@school/contract/paths';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeMoney, moneyHandlers } from '../../test/money';
import { ADMIN, lastBody, seed, server, setSession } from '../../test/server';
import { makeStudent } from '../../test/students';
import { renderApp, setupI18n } from '../../test/utils';

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const THIS_MONTH = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const before = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const LAST_MONTH = `${before.getFullYear()}-${pad(before.getMonth() + 1)}`;

const MADE: InvoiceRow = {
  id: 5,
  number: 'FV/2026/0007',
  series: 'FV',
  student: 12,
  studentName: 'Olena Koval',
  month: LAST_MONTH,
  total: 120,
  currency: 'PLN',
  issuedAt: '2026-11-28T10:00:00.000Z',
  issueDate: '2026-11-28',
  corrects: null,
  reason: '',
};

/** The server's answers to POST /api/invoices: one invoice a month, only months over with charges. */
function invoiceAnswers(issued: Map<string, InvoiceRow>, charged: ReadonlySet<string>) {
  return http.post(api.invoices, async ({ request }) => {
    const { month } = (await request.json()) as { student: number; month: string };
    const refuse = (reason: string) =>
      HttpResponse.json(
        { error: 'validation', message: `Invalid month: ${reason}`, fields: { month: reason } },
        { status: 400 },
      );
    if (month >= THIS_MONTH) return refuse('must be a month that is over');
    const first = issued.get(month);
    if (first) {
      return HttpResponse.json(
        {
          error: 'conflict',
          message: `Invoice ${first.number} was issued for this student and month already: issue a correcting invoice to change it`,
          invoice: { id: first.id, number: first.number },
        },
        { status: 409 },
      );
    }
    if (!charged.has(month)) return refuse(`nothing was charged to this student in ${month}`);
    const made = { ...MADE, month };
    issued.set(month, made);
    return HttpResponse.json(made, { status: 201 });
  });
}

beforeAll(setupI18n);
beforeEach(() => {
  seed({ students: [makeStudent()] });
  server.use(...moneyHandlers(makeMoney()), invoiceAnswers(new Map(), new Set([LAST_MONTH])));
});
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

const accountSection = async () => {
  renderApp('/students/12');
  return screen.findByRole('region', { name: 'Account' });
};

describe('the Account section’s documents (docs/screens.md, Student; docs/money.md)', () => {
  it('downloads the statement of the month picked, never of a month ahead', async () => {
    const section = await accountSection();
    const month = await within(section).findByLabelText('Statement of');
    const link = within(section).getByRole('link', { name: 'Download statement' });
    expect(month).toHaveValue(LAST_MONTH);
    expect(month).toHaveAttribute('max', THIS_MONTH);
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAttribute('href', `/api/students/12/statement?month=${LAST_MONTH}&lang=en`);
    fireEvent.change(month, { target: { value: THIS_MONTH } });
    expect(link).toHaveAttribute('href', `/api/students/12/statement?month=${THIS_MONTH}&lang=en`);
    // a month ahead, or a cleared field, keeps the last month chosen
    fireEvent.change(month, { target: { value: `${now.getFullYear() + 1}-01` } });
    fireEvent.change(month, { target: { value: '' } });
    expect(link).toHaveAttribute('href', `/api/students/12/statement?month=${THIS_MONTH}&lang=en`);
  });

  it('issues the invoice of the month picked and says its number', async () => {
    const user = userEvent.setup();
    const section = await accountSection();
    await user.click(
      await within(section).findByRole('button', { name: 'Issue invoice for the month' }),
    );
    expect(await screen.findByText('Invoice FV/2026/0007 issued')).toBeInTheDocument();
    expect(lastBody('POST', api.invoices)).toEqual({ student: 12, month: LAST_MONTH });
  });

  it('names the invoice the month has already (409)', async () => {
    const user = userEvent.setup();
    const section = await accountSection();
    const issue = await within(section).findByRole('button', {
      name: 'Issue invoice for the month',
    });
    await user.click(issue);
    await screen.findByText('Invoice FV/2026/0007 issued');
    await user.click(issue);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not issued: this month has invoice FV/2026/0007 already. To change it, correct it on Invoices.',
    );
  });

  it('says why a month is refused (400): nothing charged in it, or not over yet', async () => {
    const user = userEvent.setup();
    const section = await accountSection();
    const month = await within(section).findByLabelText('Statement of');
    const issue = within(section).getByRole('button', { name: 'Issue invoice for the month' });
    fireEvent.change(month, { target: { value: '2025-03' } });
    await user.click(issue);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invoice not issued: nothing was charged to this student in 2025-03',
    );
    expect(lastBody('POST', api.invoices)).toEqual({ student: 12, month: '2025-03' });
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));

    fireEvent.change(month, { target: { value: THIS_MONTH } });
    await user.click(issue);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invoice not issued: must be a month that is over',
    );
  });

  it('waits with a spinner while the invoice is issued, the button not pressed twice', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(api.invoices, async () => {
        await held;
        return HttpResponse.json(MADE, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const section = await accountSection();
    const issue = await within(section).findByRole('button', {
      name: 'Issue invoice for the month',
    });
    await user.click(issue);
    expect(issue).toBeDisabled();
    expect(issue).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Invoice FV/2026/0007 issued')).toBeInTheDocument();
    expect(issue).toBeEnabled();
  });

  it('offers a manager the statement and Issue invoice too', async () => {
    setSession({ ...ADMIN, role: 'manager' });
    const section = await accountSection();
    expect(
      await within(section).findByRole('link', { name: 'Download statement' }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Issue invoice for the month' }),
    ).toBeInTheDocument();
  });
});
