import type { Account, LedgerEntry, Payment } from '@school/contract/money';
import { api } from '@school/contract/paths';
import type { SchoolDetails } from '@school/contract/school';
import { http, HttpResponse } from 'msw';
import { listAnswer } from './server';

/**
 * A student's money as the fake API answers it (docs/api.md, Money): the account, the ledger and
 * the payments, for student 12. A payment, a void or an adjustment changes them as the server
 * would for these figures; a test reads what was sent from the request log.
 */
export interface MoneyState {
  account: Account;
  ledger: LedgerEntry[];
  payments: Payment[];
  /** the school's details: its IBAN says whether the learner's page can say how to pay */
  school: SchoolDetails;
}

export const CHARGE: LedgerEntry = {
  id: 1,
  at: '2026-11-02T11:00:00.000Z',
  date: '2026-11-02',
  kind: 'charge',
  amount: 120,
  balance: 120,
  correction: false,
  event: 21,
  lesson: 5,
  payment: null,
  adjustment: null,
  note: 'English A2',
};

export function makeMoney(): MoneyState {
  return {
    account: {
      balance: 120,
      due: 120,
      credit: 0,
      upcoming: 60,
      oldestDueDate: '2026-11-02',
      currency: 'PLN',
      reference: 'K7M2QX',
    },
    ledger: [CHARGE],
    payments: [],
    school: {
      name: 'Szkoła Języków',
      address: '',
      taxId: '',
      iban: 'PL61109010140000071219812874',
      currency: 'PLN',
      vatExemption: '',
      version: 1,
    },
  };
}

const entry = (state: MoneyState, fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind'>) => {
  const last = state.ledger.at(-1);
  const amount = fields.amount ?? 0;
  const balance = Math.round(((last?.balance ?? 0) + amount) * 100) / 100;
  state.ledger.push({
    ...CHARGE,
    event: null,
    lesson: null,
    note: '',
    ...fields,
    id: state.ledger.length + 1,
    amount,
    balance,
  });
  state.account = {
    ...state.account,
    balance,
    due: Math.max(balance, 0),
    credit: Math.max(-balance, 0),
    oldestDueDate: balance > 0 ? state.account.oldestDueDate : null,
  };
};

/** The money calls of student 12 over `state`. */
export function moneyHandlers(state: MoneyState) {
  return [
    // the page's timeline is none of the account's: empty
    http.get(api.studentTimeline(12), () => listAnswer([])),
    http.get(api.studentAccount(12), () => HttpResponse.json(state.account)),
    http.get(api.schoolDetails, () => HttpResponse.json(state.school)),
    http.get(api.ledger, () => HttpResponse.json(state.ledger)),
    http.get(api.payments, () => listAnswer(state.payments)),
    http.post(api.payments, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const paid: Payment = {
        id: state.payments.length + 1,
        student: 12,
        studentName: 'Olena Koval',
        amount: Number(body.amount),
        date: String(body.date),
        method: body.method as Payment['method'],
        reference: String(body.reference ?? ''),
        note: '',
        events: [],
        voided: false,
        voidReason: '',
        createdAt: '2026-11-28T10:00:00.000Z',
        covers: [],
      };
      state.payments.push(paid);
      entry(state, { kind: 'payment', amount: -paid.amount, date: paid.date, payment: paid.id });
      return HttpResponse.json(paid, { status: 201 });
    }),
    http.post(`${api.payments}/:id/void`, async ({ request, params }) => {
      const { reason } = (await request.json()) as { reason: string };
      const paid = state.payments.find((p) => p.id === Number(params.id));
      if (!paid) return HttpResponse.json({ error: 'not_found' }, { status: 404 });
      Object.assign(paid, { voided: true, voidReason: reason });
      entry(state, { kind: 'void', amount: paid.amount, payment: paid.id, note: reason });
      return HttpResponse.json(paid);
    }),
    http.post(api.adjustments, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      entry(state, { kind: 'adjustment', amount: Number(body.amount), note: String(body.reason) });
      return HttpResponse.json({ id: 1, student: 12, ...body }, { status: 201 });
    }),
  ];
}
