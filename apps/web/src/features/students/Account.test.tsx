import { api } from '@school/contract/paths';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeMoney, moneyHandlers, type MoneyState } from '../../test/money';
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
import { renderApp, setupI18n } from '../../test/utils';
import own from './Account.module.css';

let money: MoneyState;

beforeAll(setupI18n);
beforeEach(() => {
  money = makeMoney();
  seed({ students: [makeStudent()] });
  server.use(...moneyHandlers(money));
});
afterEach(cleanup);

const accountSection = async () => {
  renderApp('/students/12');
  return screen.findByRole('region', { name: 'Account' });
};
const ledgerOf = (section: HTMLElement) => within(section).findByRole('table');

describe('the student’s account (docs/screens.md, Student)', () => {
  it('shows the balance owed since the oldest lesson, the upcoming amount and the ledger', async () => {
    const section = await accountSection();
    expect(await within(section).findByText('120.00 zł owed')).toBeInTheDocument();
    expect(section).toHaveTextContent('since Nov 2, 2026');
    expect(section).toHaveTextContent('Upcoming60.00 zł');
    const ledger = await ledgerOf(section);
    expect(ledger).toHaveTextContent('Charge English A2, lesson of Nov 2, 2026');
  });

  it("writes the amounts in the school's currency, as the session answers it", async () => {
    setSession({ ...ADMIN, currency: 'EUR' });
    const section = await accountSection();
    expect(await within(section).findByText('€120.00 owed')).toBeInTheDocument();
  });

  it('shows the payment reference to copy, and says when the school has no bank account', async () => {
    const user = userEvent.setup();
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    });
    const section = await accountSection();
    expect(await within(section).findByText('K7M2QX')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Copy the payment reference' }));
    expect(written).toEqual(['K7M2QX']);
    // the school has an IBAN: no hint
    expect(within(section).queryByRole('note')).not.toBeInTheDocument();
    cleanup();
    money.school = { ...money.school, iban: '' };
    const without = await accountSection();
    const hint = await within(without).findByRole('note');
    expect(hint).toHaveTextContent('shows no bank details or payment QR code');
    expect(within(hint).getByRole('link', { name: 'School details in Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('records a payment pre-filled with what is due, and reads the account again', async () => {
    const user = userEvent.setup();
    const section = await accountSection();
    await user.click(await within(section).findByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment for Olena Koval' });
    const amount = within(dialog).getByLabelText(/Amount/);
    expect(amount).toHaveValue(120);
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, '30');
    await user.selectOptions(within(dialog).getByLabelText(/Method/), 'Transfer');
    await user.type(within(dialog).getByLabelText(/Reference/), 'INV-7');
    const reads = calledUrls().filter((url) => url.pathname === api.studentAccount(12)).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('90.00 zł owed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastBody('POST', api.payments)).toMatchObject({
      student: 12,
      method: 'transfer',
      reference: 'INV-7',
    });
    expect(Number((lastBody('POST', api.payments) as { amount: unknown }).amount)).toBe(30);
    expect(
      calledUrls().filter((url) => url.pathname === api.studentAccount(12)).length,
    ).toBeGreaterThan(reads);
    expect(await ledgerOf(section)).toHaveTextContent('Payment Transfer · INV-7-30.00 zł90.00 zł');
  });

  it('waits with a spinner while the payment is sent, the dialog still open', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(api.payments, async () => {
        await held;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const section = await accountSection();
    await user.click(await within(section).findByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    release();
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a field the server refuses at that field, the values kept', async () => {
    server.use(
      http.post(api.payments, () =>
        HttpResponse.json(
          {
            error: 'validation',
            message: 'Invalid input',
            fields: { reference: 'must be at most 200 characters' },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const section = await accountSection();
    await user.click(await within(section).findByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reference/), 'INV-8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const reference = await within(dialog).findByRole('textbox', { name: /Reference/ });
    await expect.poll(() => reference.getAttribute('aria-invalid')).toBe('true');
    expect(reference).toHaveValue('INV-8');
    expect(reference).toHaveAccessibleDescription(/200/);
  });

  it('voids a payment with a reason: it stays, struck through, and the balance is back', async () => {
    const user = userEvent.setup();
    const section = await accountSection();
    await user.click(await within(section).findByRole('button', { name: 'Record payment' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Settled')).toBeInTheDocument();
    await user.click(await within(section).findByRole('button', { name: /^Void: 120.00 zł/ }));
    const dialog = screen.getByRole('dialog', { name: /Void the payment of 120.00 zł/ });
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    // the reason is required: nothing is sent without it
    expect(lastBody('POST', `${api.payments}/1/void`)).toBeUndefined();
    await user.type(within(dialog).getByLabelText(/Reason/), 'bounced');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(await within(section).findByText('120.00 zł owed')).toBeInTheDocument();
    expect(lastBody('POST', `${api.payments}/1/void`)).toEqual({ reason: 'bounced' });
    const ledger = await ledgerOf(section);
    // the payment's row is struck through and says why in words; the void entry gives it back
    const voided = within(ledger)
      .getByText(/voided: bounced/)
      .closest('tr');
    expect(voided).toHaveClass(own.voided ?? 'voided');
    expect(ledger).toHaveTextContent('Void bounced120.00 zł120.00 zł');
    expect(within(ledger).queryByRole('button', { name: /^Void/ })).not.toBeInTheDocument();
  });

  it('adjusts the account by a signed amount with a reason', async () => {
    const user = userEvent.setup();
    const section = await accountSection();
    await user.click(await within(section).findByRole('button', { name: 'Adjust' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the account of Olena Koval' });
    await user.type(within(dialog).getByLabelText(/Amount/), '-20');
    await user.type(within(dialog).getByLabelText(/Reason/), 'discount');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('100.00 zł owed')).toBeInTheDocument();
    expect(lastBody('POST', api.adjustments)).toMatchObject({ student: 12, reason: 'discount' });
  });

  it('says of each participation paid, part paid with what covers it, or due', async () => {
    const lesson = (id: number, isPaid: boolean, covered: number) => ({
      ...{ student: 12, studentName: 'Olena Koval', lesson: id, lessonCourse: 'English A2' },
      ...{ toPay: 1, attendence: 1, notes: '', homework: '', version: 1, start: '10:00' },
      ...{ id, isPaid, covered, amount: 120, date: `2026-11-0${id}`, end: '11:00' },
    });
    server.use(
      http.get(api.events, () =>
        listAnswer([lesson(3, true, 120), lesson(2, false, 30), lesson(1, false, 0)]),
      ),
    );
    renderApp('/students/12');
    const part = await screen.findByText('part paid 30.00 zł of 120.00 zł');
    const rowsText = within(part.closest('tbody')!)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rowsText[0]).toContain('Paid');
    expect(rowsText[1]).toContain('part paid 30.00 zł of 120.00 zł');
    expect(rowsText[2]).toContain('due');
  });

  it('is not there for a teacher, who reads no money', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/students/12');
    await screen.findByRole('form', { name: 'Student details' });
    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
    expect(calledUrls().some((url) => url.pathname === api.studentAccount(12))).toBe(false);
  });
});
