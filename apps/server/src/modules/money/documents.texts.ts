import {
  DOCUMENT_LOCALES,
  MARKED_PAID,
  type DocumentLocale,
  type PaymentMethod,
} from '@school/contract/money';
import { firstAccepted } from '../../plugins/plural.js';

/**
 * The words of the money's PDF documents, the monthly statement and the invoice, in en, pl and
 * uk (docs/money.md, Statements and Invoices). `{x}` is filled in by `fill`.
 */
const en = {
  statement: 'Statement of account',
  period: 'Period',
  printed: 'Printed',
  student: 'Student',
  reference: 'Payment reference',
  taxId: 'NIP (tax id)',
  iban: 'Bank account (IBAN)',
  openingBalance: 'Opening balance on {date}',
  closingBalance: 'Closing balance on {date}',
  owed: 'owed',
  credit: 'credit',
  settled: 'settled',
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
  noEntries: 'Nothing was charged or paid in this month.',
  lesson: 'Lesson',
  lessonOf: 'Lesson: {course}',
  correctionOf: 'Correction of the lesson {course} of {date}',
  payment: 'Payment ({method})',
  recordedOn: 'recorded on {date}',
  adjustment: 'Adjustment: {reason}',
  voidOf: 'Payment of {date} voided: {reason}',
  totals: 'In this month',
  charges: 'Charges and corrections',
  payments: 'Payments',
  adjustments: 'Adjustments',
  voids: 'Voided payments',
  howToPay: 'How to pay',
  payTo: 'Transfer to',
  transferTitle: 'Transfer title',
  owedNow: 'Owed on {date}',
  nothingOwedNow: 'Nothing is owed on {date}.',
  scan: 'Scan with your banking app to fill in the transfer.',
  page: 'Page {page}',
  invoice: 'Invoice',
  correctingInvoice: 'Correcting invoice',
  number: 'No.',
  issued: 'Date of issue',
  month: 'Services of',
  seller: 'Seller',
  buyer: 'Buyer',
  corrects: 'Corrects invoice {number} of {date}',
  reason: 'Reason for the correction',
  before: 'Before the correction',
  after: 'After the correction',
  difference: 'Difference',
  item: 'Item',
  total: 'Total',
  toPay: 'Total to pay',
  toRefund: 'To refund',
  vat: 'VAT',
  vatExempt: 'exempt',
  paymentBy: 'Payment by bank transfer to {iban}, title: {title}',
  methods: { cash: 'cash', transfer: 'transfer', card: 'card', other: 'other' },
  markedPaid: 'marked paid',
};

type Texts = typeof en;

const pl: Texts = {
  statement: 'Zestawienie rozliczeń',
  period: 'Okres',
  printed: 'Wydrukowano',
  student: 'Uczeń',
  reference: 'Kod płatności',
  taxId: 'NIP',
  iban: 'Numer konta (IBAN)',
  openingBalance: 'Saldo początkowe na {date}',
  closingBalance: 'Saldo końcowe na {date}',
  owed: 'do zapłaty',
  credit: 'nadpłata',
  settled: 'rozliczone',
  date: 'Data',
  description: 'Opis',
  amount: 'Kwota',
  balance: 'Saldo',
  noEntries: 'W tym miesiącu nic nie naliczono ani nie wpłacono.',
  lesson: 'Lekcja',
  lessonOf: 'Lekcja: {course}',
  correctionOf: 'Korekta lekcji {course} z {date}',
  payment: 'Wpłata ({method})',
  recordedOn: 'zapisana {date}',
  adjustment: 'Korekta salda: {reason}',
  voidOf: 'Anulowano wpłatę z {date}: {reason}',
  totals: 'W tym miesiącu',
  charges: 'Opłaty i korekty',
  payments: 'Wpłaty',
  adjustments: 'Korekty salda',
  voids: 'Anulowane wpłaty',
  howToPay: 'Jak zapłacić',
  payTo: 'Odbiorca przelewu',
  transferTitle: 'Tytuł przelewu',
  owedNow: 'Do zapłaty na {date}',
  nothingOwedNow: 'Na {date} nie ma nic do zapłaty.',
  scan: 'Zeskanuj aplikacją banku, aby wypełnić przelew.',
  page: 'Strona {page}',
  invoice: 'Faktura',
  correctingInvoice: 'Faktura korygująca',
  number: 'Nr',
  issued: 'Data wystawienia',
  month: 'Usługi za',
  seller: 'Sprzedawca',
  buyer: 'Nabywca',
  corrects: 'Koryguje fakturę {number} z {date}',
  reason: 'Przyczyna korekty',
  before: 'Przed korektą',
  after: 'Po korekcie',
  difference: 'Różnica',
  item: 'Pozycja',
  total: 'Razem',
  toPay: 'Razem do zapłaty',
  toRefund: 'Do zwrotu',
  vat: 'VAT',
  vatExempt: 'zw.',
  paymentBy: 'Płatność przelewem na konto {iban}, tytuł: {title}',
  methods: { cash: 'gotówka', transfer: 'przelew', card: 'karta', other: 'inna' },
  markedPaid: 'oznaczono jako zapłacone',
};

const uk: Texts = {
  statement: 'Виписка з рахунку',
  period: 'Період',
  printed: 'Надруковано',
  student: 'Учень',
  reference: 'Код платежу',
  taxId: 'NIP (податковий номер)',
  iban: 'Рахунок (IBAN)',
  openingBalance: 'Початковий баланс на {date}',
  closingBalance: 'Кінцевий баланс на {date}',
  owed: 'до сплати',
  credit: 'переплата',
  settled: 'розраховано',
  date: 'Дата',
  description: 'Опис',
  amount: 'Сума',
  balance: 'Баланс',
  noEntries: 'У цьому місяці нічого не нараховано й не сплачено.',
  lesson: 'Урок',
  lessonOf: 'Урок: {course}',
  correctionOf: 'Коригування уроку {course} від {date}',
  payment: 'Оплата ({method})',
  recordedOn: 'записано {date}',
  adjustment: 'Коригування балансу: {reason}',
  voidOf: 'Скасовано оплату від {date}: {reason}',
  totals: 'У цьому місяці',
  charges: 'Нарахування й коригування',
  payments: 'Оплати',
  adjustments: 'Коригування балансу',
  voids: 'Скасовані оплати',
  howToPay: 'Як оплатити',
  payTo: 'Отримувач переказу',
  transferTitle: 'Призначення платежу',
  owedNow: 'До сплати на {date}',
  nothingOwedNow: 'На {date} нічого сплачувати.',
  scan: 'Відскануйте банківським застосунком, щоб заповнити переказ.',
  page: 'Сторінка {page}',
  invoice: 'Рахунок-фактура',
  correctingInvoice: 'Коригувальний рахунок-фактура',
  number: '№',
  issued: 'Дата виставлення',
  month: 'Послуги за',
  seller: 'Продавець',
  buyer: 'Покупець',
  corrects: 'Коригує рахунок-фактуру {number} від {date}',
  reason: 'Причина коригування',
  before: 'До коригування',
  after: 'Після коригування',
  difference: 'Різниця',
  item: 'Позиція',
  total: 'Разом',
  toPay: 'Разом до сплати',
  toRefund: 'До повернення',
  vat: 'ПДВ',
  vatExempt: 'звільнено',
  paymentBy: 'Оплата переказом на рахунок {iban}, призначення: {title}',
  methods: { cash: 'готівка', transfer: 'переказ', card: 'картка', other: 'інше' },
  markedPaid: 'позначено оплаченим',
};

const TEXTS: Record<DocumentLocale, Texts> = { en, pl, uk };

export type DocumentTexts = Texts;
export type TextKey = { [K in keyof Texts]: Texts[K] extends string ? K : never }[keyof Texts];

/** The words of `locale`. */
export const textsOf = (locale: DocumentLocale): Texts => TEXTS[locale];

/** A text with its `{name}` places filled in. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A payment's method and reference as a document words them ("marked paid" translated). */
export function paymentWords(texts: Texts, method: string, reference: string) {
  const how = texts.methods[method as PaymentMethod] ?? method;
  const ref = reference === MARKED_PAID ? texts.markedPaid : reference;
  return [fill(texts.payment, { method: how }), ref].filter(Boolean).join(' ');
}

/**
 * The language of a document: the one asked for (`lang`), else the first of en, pl and uk in
 * the request's Accept-Language, else `fallback`.
 */
export const documentLocale = (
  lang: DocumentLocale | undefined,
  acceptLanguage: string | undefined,
  fallback: DocumentLocale,
): DocumentLocale => lang ?? firstAccepted(acceptLanguage, DOCUMENT_LOCALES) ?? fallback;
