// The review of a statement's transfers that matched no reference (docs/money.md, Bank
// statements): assigned to a student (a payment, as a matched one makes), dismissed, or brought
// back from dismissed (the screen's Undo). Each is recorded in the history as `bankrows`.
import type { BankRow } from '@school/contract/bank-import';
import { errorCodes } from '@school/contract/common';
import type { Tx } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import { HttpError, notFound } from '../../plugins/errors.js';
import { paymentNote } from './bank.import.js';
import { recordPaymentIn } from './bank.payment.js';
import { bankRowById, lockBankRow } from './bank.queries.js';
import { resolveBankRow } from './bank.writes.js';
import { zl } from './money.charge.js';
import type { Money } from './money.service.js';

type Locked = NonNullable<Awaited<ReturnType<typeof lockBankRow>>>;

const WHERE_IT_IS: Record<string, string> = {
  matched: 'was paid by its reference',
  assigned: 'is assigned already',
  dismissed: 'is dismissed',
  unmatched: 'is waiting for review',
};

/**
 * Runs `change` on row `id` under its lock, when its status is `from`: 404 for no such row, 409
 * when another user (or another tab) has reviewed it meanwhile. The row as it is afterwards.
 */
async function review(
  money: Money,
  id: number,
  from: 'unmatched' | 'dismissed',
  change: (tx: Tx, row: Locked) => Promise<void>,
): Promise<BankRow> {
  await money.db.transaction(async (tx) => {
    const row = await lockBankRow(tx, id);
    if (!row) throw notFound('No such statement row');
    if (row.status !== from) {
      throw new HttpError(
        409,
        errorCodes.conflict,
        `The transfer ${WHERE_IT_IS[row.status] ?? 'has changed'}; read the list again`,
      );
    }
    await change(tx, row);
  });
  const row = await bankRowById(money.db, id);
  if (!row) throw notFound('No such statement row');
  return row;
}

/** What the history keeps of a transfer beside its change: enough to read on its own. */
const described = (row: Locked) => ({
  amount: zl(row.amount),
  bookedOn: row.booked_on,
  title: row.title,
  counterparty: row.counterparty,
});

/**
 * POST /api/payments/unmatched/{id}/assign: the transfer becomes the student's payment (method
 * transfer, the title its reference, the booking date its date), and leaves the review list.
 */
export function assignBankRow(money: Money, id: number, student: number, userId: number) {
  return review(money, id, 'unmatched', async (tx, row) => {
    const payment = await recordPaymentIn(tx, money.zone, {
      student,
      amount: zl(row.amount),
      date: row.booked_on,
      method: 'transfer',
      reference: row.title.slice(0, 200),
      note: paymentNote(row.bank, row.file_name, true),
    });
    await resolveBankRow(tx, id, { status: 'assigned', student, payment: payment.id, userId });
    await recordChange(tx, {
      action: 'update',
      entity: 'bankrows',
      entityId: id,
      changes: {
        status: ['unmatched', 'assigned'],
        student,
        studentName: payment.studentName,
        payment: payment.id,
        ...described(row),
      },
    });
  });
}

/** POST /api/payments/unmatched/{id}/dismiss: set aside (not a payment of the school's students). */
export function dismissBankRow(money: Money, id: number, userId: number) {
  return review(money, id, 'unmatched', async (tx, row) => {
    await resolveBankRow(tx, id, { status: 'dismissed', userId });
    await recordChange(tx, {
      action: 'update',
      entity: 'bankrows',
      entityId: id,
      changes: { status: ['unmatched', 'dismissed'], ...described(row) },
    });
  });
}

/** POST /api/payments/unmatched/{id}/restore: a dismissed transfer back in the review list. */
export function restoreBankRow(money: Money, id: number, userId: number) {
  return review(money, id, 'dismissed', async (tx, row) => {
    await resolveBankRow(tx, id, { status: 'unmatched', userId });
    await recordChange(tx, {
      action: 'update',
      entity: 'bankrows',
      entityId: id,
      changes: { status: ['dismissed', 'unmatched'], ...described(row) },
    });
  });
}
