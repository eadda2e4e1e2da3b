/** What other modules use of money (ADR 022): the one charge function (docs/money.md). */
export { chargeFor, participationCharge, paysFor, zl } from './money.charge.js';
/** Whole hundredths and rounding half up: teachers' pay is reckoned the same way (ADR 042). */
export { divideHalfUp, hundredths } from './money.charge.js';
/** The schedule's writes of participations and lessons go through it once a charge is due. */
export { withEventCorrections, withLessonCorrections } from './money.corrections.js';
/** isPaid, derived from what covers a charge, and its PUT (docs/money.md, isPaid). */
export { isPaidSql, setPaid } from './money.paid.js';
/** Charges what has fallen due before participations are read (their isPaid). */
export { refuseDeleteWithMoney, settleParticipants } from './money.service.js';
/** Who owes since when, everyone's charges brought up to date first (payment reminders). */
export { owingSince } from './money.service.js';
/** A student's figures and open charges, for their own page (docs/learner-page.md). */
export { learnerMoneyOf, type LearnerMoney } from './money.learner.js';
/** The payment QR code of the learner's page (ADR 040) and amounts as two-decimal text. */
export { amountText, paymentQrPayload, paymentQrSvg } from './money.qr.js';
/** The money's PDF documents: how they are drawn and sent, the statement (docs/money.md). */
export { pdfResponse, sendPdf } from './statement.routes.js';
export { statementDocument } from './documents.child.js';
export { statementMonthsOf } from './statement.queries.js';
export { documentLocale } from './documents.texts.js';
