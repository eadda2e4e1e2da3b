import { MARKED_PAID, PAYMENT_METHODS } from '@school/contract/money';
import type { AuditEntry } from '@school/contract/audit';
import type { TFunction } from 'i18next';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * The money's entries of the record history in one sentence each (docs/history.md, Where it
 * shows): a payment recorded ("Payment 120.00 zł by transfer recorded for Anna Kowalska"), a
 * payment voided ("Payment voided: bounced"), an adjustment ("Adjustment −20.00 zł for Anna
 * Kowalska: goodwill") and a correcting charge of the ledger. Other changes of them read field
 * by field as any record's.
 */

interface Context {
  t: TFunction;
  locale: string;
}

type Changes = Readonly<Record<string, unknown>>;

const METHODS: ReadonlySet<string> = new Set(PAYMENT_METHODS);
/** The server's own reason of a void made by unticking a lesson's paid (docs/money.md, isPaid). */
const UNMARKED_PAID = 'unmarked paid';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const amountOf = (value: unknown) => {
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) && value !== null && value !== '' ? amount : null;
};
/** The later value of a change [before, after], else the value itself. */
const now = (value: unknown) => (Array.isArray(value) ? value[1] : value);

/** An amount with its sign, as the ledger reads: "+20.00 zł", "−20.00 zł". */
function signed(amount: number, locale: string) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return `${sign}${formatMoney(Math.abs(amount), locale)}`;
}

/** The student an entry is about, by name, else by id. */
function studentOf(changes: Changes, t: TFunction) {
  const name = text(changes.studentName);
  if (name !== '') return name;
  const id = changes.studentId ?? changes.student;
  return t('history.money.student', { id: typeof id === 'number' ? id : '?' });
}

function paymentRecorded(changes: Changes, { t, locale }: Context) {
  const amount = formatMoney(amountOf(changes.amount) ?? 0, locale);
  const student = studentOf(changes, t);
  const reference = text(changes.reference);
  if (reference === MARKED_PAID) return t('history.money.paymentMarked', { amount, student });
  const method = text(changes.method);
  const sentence = t('history.money.paymentRecorded', {
    amount,
    student,
    method: METHODS.has(method) ? t(`history.money.method.${method}` as never) : method,
  });
  const more = [
    reference === '' ? '' : t('history.money.reference', { reference }),
    text(changes.note),
  ].filter((part) => part !== '');
  return [sentence, ...more].join('; ');
}

function paymentVoided(changes: Changes, { t, locale }: Context) {
  const given = text(now(changes.voidReason));
  const reason = given === UNMARKED_PAID ? t('history.money.unmarked') : given;
  const amount = amountOf(changes.amount);
  if (amount === null) return t('history.money.paymentVoidedShort', { reason });
  return t('history.money.paymentVoided', {
    amount: formatMoney(amount, locale),
    student: studentOf(changes, t),
    reason,
  });
}

function correction(changes: Changes, { t, locale }: Context) {
  const course = text(changes.course);
  const date = text(changes.lessonDate);
  const lesson =
    course !== '' && date !== ''
      ? t('history.money.lessonOf', { course, date: formatDate(date, locale) })
      : text(changes.note);
  return t('history.money.correction', {
    amount: signed(amountOf(changes.amount) ?? 0, locale),
    student: studentOf(changes, t),
    lesson,
  });
}

/** An invoice issued, or a correcting invoice of one (docs/money.md, Invoices). */
function invoiceIssued(changes: Changes, { t, locale }: Context) {
  const values = {
    number: text(changes.number),
    student: studentOf(changes, t),
    month: text(changes.month),
    amount: signed(amountOf(changes.total) ?? 0, locale),
  };
  const corrects = text(changes.corrects);
  if (corrects === '') return t('history.money.invoiceIssued', values);
  return t('history.money.invoiceCorrected', { ...values, corrects, reason: text(changes.reason) });
}

/**
 * A bank statement's import, and a transfer of one assigned, dismissed or brought back
 * (docs/money.md, Bank statements).
 */
function bankSentence(entry: AuditEntry, { t, locale }: Context) {
  const { changes } = entry;
  if (entry.action === 'import') {
    const count = (key: string) => (typeof changes[key] === 'number' ? changes[key] : 0);
    return t('history.money.bankImported', {
      file: text(changes.fileName),
      matched: count('matched'),
      unmatched: count('unmatched'),
      duplicates: count('duplicates'),
    });
  }
  const status = now(changes.status);
  const words = {
    amount: formatMoney(amountOf(changes.amount) ?? 0, locale),
    title: text(changes.title),
  };
  if (status === 'assigned') {
    return t('history.money.bankAssigned', { ...words, student: studentOf(changes, t) });
  }
  if (status === 'dismissed') return t('history.money.bankDismissed', words);
  if (status === 'unmatched') return t('history.money.bankRestored', words);
  return null;
}

/** The entry in one sentence, or null where it reads field by field. */
export function moneySentence(entry: AuditEntry, ctx: Context): string | null {
  const { changes, action } = entry;
  switch (entry.entity) {
    case 'payments':
      if (action === 'create') return paymentRecorded(changes, ctx);
      if (action === 'update' && Array.isArray(changes.voided) && now(changes.voided) === true) {
        return paymentVoided(changes, ctx);
      }
      return null;
    case 'adjustments':
      return action === 'create'
        ? ctx.t('history.money.adjustment', {
            amount: signed(amountOf(changes.amount) ?? 0, ctx.locale),
            student: studentOf(changes, ctx.t),
            reason: text(changes.reason),
          })
        : null;
    case 'ledger':
      return action === 'create' && changes.correction === true ? correction(changes, ctx) : null;
    case 'invoices':
      return action === 'create' ? invoiceIssued(changes, ctx) : null;
    case 'bankrows':
      return bankSentence(entry, ctx);
    default:
      return null;
  }
}
