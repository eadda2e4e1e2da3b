// The payment of a statement's transfer (docs/money.md, Bank statements): made by the one
// payment-creating function, recordPayment (money.service.ts), inside the caller's transaction.
import { paymentInput, type Payment, type PaymentInput } from '@school/contract/money';
import type { Db, Tx } from '../../db/client.js';
import { recordPayment } from './money.service.js';

/**
 * Records a payment as POST /api/payments does, within `tx`: recordPayment is handed the
 * transaction as its database, so its own transaction is a savepoint of `tx` and the payment
 * commits, or rolls back, with the statement row that made it (ADR 045). The input is checked
 * by the same schema as the route's.
 */
export function recordPaymentIn(tx: Tx, zone: string, input: PaymentInput): Promise<Payment> {
  const db: Db = tx;
  return recordPayment({ db, zone }, paymentInput.parse(input));
}
