import type { BankRow } from '@school/contract/bank-import';
import { api } from '@school/contract/paths';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calledUrls, lastBody, listAnswer, seed, server, sentBodies } from '../../test/server';
import { makeStudent } from '../../test/students';
import { renderApp, setupI18n, stubLayout } from '../../test/utils';

const SUGGESTED: BankRow = {
  id: 31,
  bookedOn: '2026-11-20',
  amount: 123.45,
  title: 'lekcje listopad',
  counterparty: 'ANNA KOWALSKA',
  account: 'PL61109010140000071219812874',
  transactionId: 'tx-31',
  bank: 'ing',
  fileName: 'ing.csv',
  importedAt: '2026-11-21T10:00:00.000Z',
  status: 'unmatched',
  student: null,
  studentName: null,
  payment: null,
  suggestion: { id: 14, name: 'Anna Kowalska', reference: 'K7M2QX', due: 60 },
};
const UNKNOWN: BankRow = {
  ...SUGGESTED,
  id: 32,
  bookedOn: '2026-11-18',
  amount: 480,
  title: 'przelew',
  counterparty: 'JAN NOWAK',
  transactionId: 'tx-32',
  suggestion: null,
};

let rows: BankRow[];
const names: Record<number, string> = { 12: 'Olena Koval', 13: 'Petro Lys', 14: 'Anna Kowalska' };

/** A review answer: the row as it now is, after `change`. */
function review(id: number, change: Partial<BankRow>) {
  const row = rows.find((r) => r.id === id);
  if (!row) return HttpResponse.json({ error: 'not_found', message: 'No' }, { status: 404 });
  Object.assign(row, change);
  return HttpResponse.json(row);
}

beforeAll(setupI18n);
beforeEach(() => {
  stubLayout();
  rows = [structuredClone(SUGGESTED), structuredClone(UNKNOWN)];
  seed({
    students: [
      makeStudent(),
      makeStudent({ id: 13, name: 'Petro', surname: 'Lys' }),
      makeStudent({ id: 14, name: 'Anna', surname: 'Kowalska' }),
    ],
  });
  server.use(
    http.get(api.unmatchedPayments, () => listAnswer(rows.filter((r) => r.status === 'unmatched'))),
    http.post(`${api.unmatchedPayments}/:id/assign`, async ({ request, params }) => {
      const { student } = (await request.json()) as { student: number };
      return review(Number(params.id), {
        status: 'assigned',
        student,
        studentName: names[student] ?? '',
        payment: 90,
      });
    }),
    http.post(`${api.unmatchedPayments}/:id/dismiss`, ({ params }) =>
      review(Number(params.id), { status: 'dismissed' }),
    ),
    http.post(`${api.unmatchedPayments}/:id/restore`, ({ params }) =>
      review(Number(params.id), { status: 'unmatched' }),
    ),
  );
});
afterEach(cleanup);

// the first screen of a run waits for its code and texts longer than a second
const table = () =>
  screen.findByRole('table', { name: 'Transfers to review' }, { timeout: 10_000 });
const rowOf = (list: HTMLElement, title: string) =>
  within(list).getByRole('row', { name: new RegExp(title) });

describe('/payments/unmatched (docs/money.md, Bank statements)', () => {
  it('shows each transfer with the student suggested and what they owe, applying nothing by itself', async () => {
    renderApp('/payments/unmatched');
    const list = await table();
    const suggested = rowOf(list, 'lekcje listopad');
    expect(suggested).toHaveTextContent('Nov 20, 2026');
    expect(suggested).toHaveTextContent('123.45 zł');
    expect(suggested).toHaveTextContent('ANNA KOWALSKA');
    expect(suggested).toHaveTextContent('Anna Kowalska owes 60.00 zł');
    expect(rowOf(list, 'przelew')).toHaveTextContent('No suggestion');
    // a suggestion is never applied by itself: nothing was sent, both still wait
    expect(calledUrls('POST')).toEqual([]);
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('assigns a transfer to the student chosen in the picker, the suggested one chosen at first', async () => {
    const user = userEvent.setup();
    renderApp('/payments/unmatched');
    const list = await table();
    await user.click(
      within(rowOf(list, 'lekcje listopad')).getByRole('button', {
        name: 'Assign the transfer of 123.45 zł of Nov 20, 2026 to a student',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Assign the transfer of 123.45 zł of Nov 20, 2026 to a student',
    });
    expect(dialog).toHaveTextContent('lekcje listopad');
    const picker = within(dialog).getByLabelText('Student');
    await waitFor(() => expect(picker).toHaveValue('14'));
    // opening the dialog sends nothing: the suggestion waits for Assign
    expect(calledUrls('POST')).toEqual([]);
    await user.selectOptions(picker, 'Petro Lys');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText('The transfer is now a payment of Petro Lys.'),
    ).toBeInTheDocument();
    expect(lastBody('POST', api.unmatchedAssign(31))).toEqual({ student: 13 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).queryByText('lekcje listopad')).not.toBeInTheDocument(),
    );
    expect(rowOf(list, 'przelew')).toBeInTheDocument();
  });

  it('needs a student chosen for a transfer with no suggestion', async () => {
    const user = userEvent.setup();
    renderApp('/payments/unmatched');
    const list = await table();
    await user.click(
      within(rowOf(list, 'przelew')).getByRole('button', { name: /^Assign the transfer/ }),
    );
    const dialog = screen.getByRole('dialog');
    const picker = within(dialog).getByLabelText('Student');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(4));
    expect(picker).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.selectOptions(picker, 'Olena Koval');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(lastBody('POST', api.unmatchedAssign(32))).toEqual({ student: 12 }));
  });

  it('dismisses a transfer with Undo, which brings it back', async () => {
    const user = userEvent.setup();
    renderApp('/payments/unmatched');
    const list = await table();
    await user.click(
      within(rowOf(list, 'przelew')).getByRole('button', {
        name: 'Dismiss the transfer of 480.00 zł',
      }),
    );
    const notice = (await screen.findByText('Transfer of 480.00 zł dismissed.')).closest(
      '[role="status"]',
    ) as HTMLElement;
    await waitFor(() => expect(within(list).queryByText('przelew')).not.toBeInTheDocument());
    expect(sentBodies('POST').map((sent) => sent.path)).toEqual([api.unmatchedDismiss(32)]);

    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await within(await table()).findByText('przelew')).toBeInTheDocument();
    expect(sentBodies('POST').map((sent) => sent.path)).toEqual([
      api.unmatchedDismiss(32),
      api.unmatchedRestore(32),
    ]);
    expect(rows.find((r) => r.id === 32)?.status).toBe('unmatched');
  });

  it('says why when the server refuses a dismissal, and keeps the row', async () => {
    server.use(
      http.post(`${api.unmatchedPayments}/:id/dismiss`, () =>
        HttpResponse.json(
          { error: 'conflict', message: 'This transfer was reviewed already' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/payments/unmatched');
    const list = await table();
    await user.click(
      within(rowOf(list, 'przelew')).getByRole('button', {
        name: 'Dismiss the transfer of 480.00 zł',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This transfer was reviewed already',
    );
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(rowOf(list, 'przelew')).toBeInTheDocument();
  });
});
