/** What other modules use of money (ADR 022): the one charge function (docs/money.md). */
export { chargeFor, participationCharge, paysFor, zl } from './money.charge.js';
