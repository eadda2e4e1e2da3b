import type { InvoiceRow } from '@school/contract/invoices';
import { api } from '@school/contract/paths';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  calledUrls,
  lastBody,
  listAnswer,
  seed,
  server,
  setSession,
} from '../../test/server';
import { makeStudent } from '../../test/students';
import { captureDownloads } from '../../test/downloads';
import { renderApp, setupI18n, stubLayout } from '../../test/utils';

const ISSUED: InvoiceRow = {
  id: 1,
  number: 'FV/2026/0001',
  series: 'FV',
  student: 12,
  studentName: 'Olena Koval',
  month: '2026-10',
  total: 720,
  currency: 'PLN',
  issuedAt: '2026-11-02T10:00:00.000Z',
  issueDate: '2026-11-02',
  corrects: null,
  reason: '',
};
const OTHER: InvoiceRow = {
  ...ISSUED,
  id: 2,
  number: 'FV/2026/0002',
  student: 13,
  studentName: 'Petro Lys',
  total: 150,
  issuedAt: '2026-11-20T10:00:00.000Z',
  issueDate: '2026-11-20',
};

let invoices: InvoiceRow[];

/** The fake API's invoices: newest first, searched, filtered by the day issued. */
function selected(query: URLSearchParams) {
  const search = (query.get('search') ?? '').toLowerCase();
  const from = query.get('dateFrom');
  const to = query.get('dateTo');
  return invoices
    .filter((row) => `${row.number} ${row.studentName}`.toLowerCase().includes(search))
    .filter(
      (row) => (from === null || row.issueDate >= from) && (to === null || row.issueDate <= to),
    )
    .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
}

beforeAll(setupI18n);
beforeEach(() => {
  stubLayout();
  invoices = [structuredClone(ISSUED), structuredClone(OTHER)];
  seed({
    students: [makeStudent(), makeStudent({ id: 13, name: 'Petro', surname: 'Lys' })],
  });
  server.use(
    http.get(api.invoicesCsv, ({ request }) => {
      const rows = selected(new URL(request.url).searchParams);
      return new HttpResponse(`number\r\n${rows.map((row) => `${row.number}\r\n`).join('')}`, {
        headers: { 'Content-Type': 'text/csv' },
      });
    }),
    http.get(api.invoices, ({ request }) =>
      listAnswer(selected(new URL(request.url).searchParams)),
    ),
    http.post(`${api.invoices}/:id/correct`, async ({ request, params }) => {
      const { reason } = (await request.json()) as { reason: string };
      const original = invoices.find((row) => row.id === Number(params.id));
      if (!original) return HttpResponse.json({ error: 'not_found' }, { status: 404 });
      const made: InvoiceRow = {
        ...original,
        id: 3,
        number: 'FK/2026/0001',
        series: 'FK',
        total: -120,
        issuedAt: '2026-11-28T10:00:00.000Z',
        issueDate: '2026-11-28',
        corrects: { id: original.id, number: original.number },
        reason,
      };
      invoices.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  setSession(ADMIN);
  vi.restoreAllMocks();
});

// the first screen of a run waits for its code and texts longer than a second
const table = () => screen.findByRole('table', { name: 'Invoices' }, { timeout: 10_000 });
const rowOf = (list: HTMLElement, number: string) =>
  within(list).getByRole('row', { name: new RegExp(`^${number}`) });
const invoiceCalls = () =>
  calledUrls().filter((url) => url.pathname === api.invoices && url.search !== '');

describe('/invoices (docs/money.md, Invoices)', () => {
  it('lists the invoices newest first, the student linked to their account, a correcting one naming the invoice it corrects', async () => {
    invoices.push({
      ...ISSUED,
      id: 3,
      number: 'FK/2026/0001',
      series: 'FK',
      total: -120,
      issuedAt: '2026-11-25T10:00:00.000Z',
      issueDate: '2026-11-25',
      corrects: { id: 1, number: 'FV/2026/0001' },
      reason: 'lesson excused',
    });
    renderApp('/invoices');
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 6)).toEqual([
      'Number',
      'Student',
      'Month',
      'Total',
      'Issued',
      'Corrects',
    ]);
    const numbers = within(list)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(numbers).toEqual(['FK/2026/0001', 'FV/2026/0002', 'FV/2026/0001']);
    const first = rowOf(list, 'FV/2026/0001');
    expect(first).toHaveTextContent('Oct 2026');
    expect(first).toHaveTextContent('720.00 zł');
    expect(first).toHaveTextContent('Nov 2, 2026');
    expect(within(first).getByRole('link', { name: 'Olena Koval' })).toHaveAttribute(
      'href',
      '/students/12#account',
    );
    const correcting = rowOf(list, 'FK/2026/0001');
    expect(correcting).toHaveTextContent('-120.00 zł');
    expect(correcting).toHaveTextContent('corrects FV/2026/0001: lesson excused');
    // a correcting invoice is not corrected itself: the invoice is corrected again
    expect(within(correcting).queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Correct FV/2026/0001' })).toBeInTheDocument();
  });

  it('downloads each invoice’s PDF by a link of its row', async () => {
    renderApp('/invoices');
    const list = await table();
    for (const [number, id] of [
      ['FV/2026/0001', 1],
      ['FV/2026/0002', 2],
    ] as const) {
      const link = within(rowOf(list, number)).getByRole('link', {
        name: `Download the PDF of ${number}`,
      });
      expect(link).toHaveAttribute('href', api.invoicePdf(id));
      expect(link).toHaveAttribute('download');
    }
  });

  it('searches by number or student and filters by the days issued, on the server; the CSV asks the same', async () => {
    const { blobs, click } = captureDownloads();
    const user = userEvent.setup();
    renderApp('/invoices');
    const list = await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'koval');
    await waitFor(() => expect(invoiceCalls().at(-1)?.searchParams.get('search')).toBe('koval'));
    await waitFor(() => expect(within(list).queryByText('FV/2026/0002')).not.toBeInTheDocument());
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => {
      const query = invoiceCalls().at(-1)?.searchParams;
      expect([query?.get('dateFrom'), query?.get('dateTo'), query?.has('search')]).toEqual([
        '2026-11-10',
        '2026-11-30',
        false,
      ]);
    });
    const shown = await table();
    await waitFor(() => expect(within(shown).queryByText('FV/2026/0001')).not.toBeInTheDocument());
    expect(rowOf(shown, 'FV/2026/0002')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const asked = calledUrls().filter((url) => url.pathname === api.invoicesCsv);
    expect(asked.map((url) => url.search)).toEqual(['?dateFrom=2026-11-10&dateTo=2026-11-30']);
    expect(await blobs[0]!.text()).toBe('number\r\nFV/2026/0002\r\n');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoices.csv');
  });

  it('corrects an invoice with a reason: the correcting invoice appears, naming the first', async () => {
    const user = userEvent.setup();
    renderApp('/invoices');
    const list = await table();
    await user.click(within(list).getByRole('button', { name: 'Correct FV/2026/0001' }));
    const dialog = screen.getByRole('dialog', { name: 'Correcting invoice of FV/2026/0001' });
    expect(dialog).toHaveTextContent('as the ledger charges them now');
    // the reason is required: nothing is sent without it
    await user.click(within(dialog).getByRole('button', { name: 'Issue the correcting invoice' }));
    expect(calledUrls('POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'lesson of Oct 5 excused');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the correcting invoice' }));
    const correcting = await within(list).findByRole('row', { name: /FK\/2026\/0001/ });
    expect(correcting).toHaveTextContent('corrects FV/2026/0001: lesson of Oct 5 excused');
    expect(correcting).toHaveTextContent('-120.00 zł');
    expect(lastBody('POST', api.invoiceCorrect(1))).toEqual({ reason: 'lesson of Oct 5 excused' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Correcting invoice issued')).toBeInTheDocument();
  });

  it('keeps the dialog and the reason and says why when the server refuses the correction', async () => {
    server.use(
      http.post(`${api.invoices}/:id/correct`, () =>
        HttpResponse.json(
          {
            error: 'validation',
            message: 'Invalid lines: the ledger charges these lessons as invoiced',
            fields: {
              lines: 'the ledger charges these lessons as invoiced: send the corrected lines',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/invoices');
    const list = await table();
    await user.click(within(list).getByRole('button', { name: 'Correct FV/2026/0001' }));
    const dialog = screen.getByRole('dialog', { name: 'Correcting invoice of FV/2026/0001' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'price');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the correcting invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'the ledger charges these lessons as invoiced',
    );
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('price');
    expect(screen.queryByText('Correcting invoice issued')).not.toBeInTheDocument();
    expect(within(list).queryByText('FK/2026/0001')).not.toBeInTheDocument();
  });

  it('is not available to a teacher, and not in the navigation', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/invoices');
    expect(
      await screen.findByRole('heading', { name: 'Not available for your role' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    expect(calledUrls().some((url) => url.pathname === api.invoices)).toBe(false);
  });
});

describe('Issue invoice on /invoices (docs/money.md, Invoices)', () => {
  const openIssue = async (user: ReturnType<typeof userEvent.setup>) => {
    renderApp('/invoices');
    await table();
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue invoice' });
    const student = within(dialog).getByLabelText('Student');
    await waitFor(() => expect(within(student).getAllByRole('option')).toHaveLength(3));
    return { dialog, student };
  };
  const lastMonth = () => {
    const now = new Date();
    const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    return `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
  };

  it('issues the invoice of a student’s month, last month at first: its number in a notice, the list read again', async () => {
    server.use(
      http.post(api.invoices, async ({ request }) => {
        const body = (await request.json()) as { student: number; month: string };
        const made: InvoiceRow = {
          ...OTHER,
          id: 4,
          number: 'FV/2026/0003',
          month: body.month,
          issuedAt: '2026-11-28T10:00:00.000Z',
          issueDate: '2026-11-28',
        };
        invoices.push(made);
        return HttpResponse.json(made, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { dialog, student } = await openIssue(user);
    const month = within(dialog).getByLabelText('Month');
    expect(month).toHaveValue(lastMonth());
    expect(month).toHaveAttribute('max', lastMonth());
    const issue = within(dialog).getByRole('button', { name: 'Issue invoice' });
    // no student chosen: nothing to issue
    expect(issue).toBeDisabled();
    expect(
      within(student)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Olena Koval', 'Petro Lys']);
    await user.selectOptions(student, 'Petro Lys');
    fireEvent.change(month, { target: { value: '2026-09' } });
    await user.click(issue);
    expect(await screen.findByText('Invoice FV/2026/0003 issued')).toBeInTheDocument();
    expect(lastBody('POST', api.invoices)).toEqual({ student: 13, month: '2026-09' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /FV\/2026\/0003/ })).toBeInTheDocument();
  });

  it('names the invoice the month has already (409), and says why a month is refused (400), the dialog kept', async () => {
    let answer = HttpResponse.json(
      {
        error: 'conflict',
        message: 'Invoice FV/2026/0001 was issued for this student and month already',
        invoice: { id: 1, number: 'FV/2026/0001' },
      },
      { status: 409 },
    );
    server.use(http.post(api.invoices, () => answer));
    const user = userEvent.setup();
    const { dialog, student } = await openIssue(user);
    await user.selectOptions(student, 'Olena Koval');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not issued: this month of the student has invoice FV/2026/0001 already.',
    );

    answer = HttpResponse.json(
      {
        error: 'validation',
        message: 'Invalid month: nothing was charged to this student in 2026-09',
        fields: { month: 'nothing was charged to this student in 2026-09' },
      },
      { status: 400 },
    );
    fireEvent.change(within(dialog).getByLabelText('Month'), { target: { value: '2026-09' } });
    // a new choice clears what was said of the last one
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not issued: nothing was charged to this student in 2026-09',
    );
    expect(screen.getByRole('dialog', { name: 'Issue invoice' })).toBeInTheDocument();
  });
});
