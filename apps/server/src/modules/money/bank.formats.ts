// The cells of a bank statement (docs/money.md, Bank statements; ADR 045): amounts, dates, the
// header rows the known banks write, and the labelled details PKO BP spreads over its columns.
// Pure functions: the reading is bank.read.ts, the layout of a file bank.layout.ts.
import { createHash } from 'node:crypto';
import type { Bank, BankMapping } from '@school/contract/bank-import';

/** A header cell as compared: trimmed, mBank's leading `#` and quotes gone, spaces single, lower case. */
export const headerKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^#/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The cells of a row without the empty ones at its end (mBank ends every row with `;`). */
export function trimCells(cells: readonly string[]): string[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] ?? '').trim() === '') end--;
  return cells.slice(0, end);
}

/** Whole units in groups of three: "1.234", "1,234,567" (the point or comma between groups). */
const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/;

/**
 * An amount cell in whole grosze, with its sign: "1 234,56 PLN", "-25,99", "+1800.00",
 * "1.234,56", "1,234.56", "12,5"; null when the cell is not an amount (empty, words, three
 * decimals). A comma or a point followed by one or two digits at the end is the decimal mark;
 * a lone separator followed by three digits ("1.234") says nothing for sure and is refused.
 */
export function parseAmount(cell: string): number | null {
  let text = cell
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^\p{L}+\.?/u, '')
    .replace(/\p{L}+\.?$/u, '');
  let sign = 1;
  if (/^[+-]/.test(text)) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1);
  }
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const mark = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  let whole = text;
  let fraction = '';
  if (mark >= 0) {
    const after = text.slice(mark + 1);
    if (after.length === 1 || after.length === 2) {
      whole = text.slice(0, mark);
      fraction = after;
      // grouping before the decimal mark uses the other mark, in threes
      if (/[.,]/.test(whole) && (whole.includes(text.charAt(mark)) || !GROUPED.test(whole))) {
        return null;
      }
    } else if (after.length !== 3 || !GROUPED.test(text) || !/[.,]\d{3}[.,]/.test(text)) {
      return null;
    } else if (text.includes(',') && text.includes('.')) return null;
  }
  const digits = whole.replace(/[.,]/g, '');
  if (digits.length > 12) return null;
  return sign * (Number(digits) * 100 + Number(fraction.padEnd(2, '0')));
}

/**
 * A date cell as YYYY-MM-DD: ISO (2026-03-14, a time after it is ignored), YYYY.MM.DD, or day
 * first as Polish banks write it (14.03.2026, 14-03-2026, 14/03/2026); null when the cell is
 * not a real date.
 */
export function parseDate(cell: string): string | null {
  const text = cell.trim().replace(/^'/, '');
  let parts = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:$|[T\s])/.exec(text);
  let [year, month, day] = parts ? [parts[1], parts[2], parts[3]] : [];
  if (!parts) {
    parts = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})(?:$|[T\s])/.exec(text);
    if (!parts) return null;
    [day, month, year] = [parts[1], parts[2], parts[3]];
  }
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A counterparty's account as the dedup key reads it: its digits (a Polish NRB, an IBAN's). */
export const accountDigits = (text: string) => text.replace(/\D/g, '');

/** An account or a transaction id as stored: the `'` Excel-minded banks put before it gone. */
export const plainCell = (text: string) =>
  text
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();

/** One line of a file split at `delimiter` outside quotes; quotes around a cell are removed. */
export function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (quoted) {
      if (char === '"' && line.charAt(i + 1) === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** A known bank's export: the header cells that identify it and the columns it is read by. */
export interface BankFormat {
  bank: Bank;
  /** header cells (as headerKey compares them) every such file has */
  signature: readonly string[];
  mapping: BankMapping;
  /**
   * Santander's export has no header row: its columns by position, after a first line that
   * sums the account up (a date, the account in quotes, its name, the currency...). The first
   * date is the booking date: a card payment's row carries the day it was booked, then the
   * earlier day it was made.
   */
  positional?: readonly string[];
}

/**
 * The known banks' exports (ADR 045, Formats). mBank: the operations list (`Lista operacji`,
 * windows-1250, `;`, a preamble of the account's details, `#` before each column, amounts with
 * the currency) and the older account history with title and counterparty apart; PKO BP (iPKO,
 * windows-1250, `,`, every cell quoted, signed amounts with a point, the details as labelled
 * cells after `Opis transakcji`); ING (windows-1250, `;`, a preamble, a transaction number);
 * Santander (`,`, no header row, day-first dates). Each is read by its booking date where it
 * has one.
 */
export const BANK_FORMATS: readonly BankFormat[] = [
  {
    bank: 'mbank',
    signature: ['data operacji', 'data księgowania', 'opis operacji', 'tytuł', 'kwota'],
    mapping: {
      date: '#Data księgowania',
      amount: '#Kwota',
      title: '#Tytuł',
      counterparty: '#Nadawca/Odbiorca',
      account: '#Numer konta',
    },
  },
  {
    bank: 'mbank',
    signature: ['data operacji', 'opis operacji', 'rachunek', 'kategoria', 'kwota'],
    mapping: { date: '#Data operacji', amount: '#Kwota', title: '#Opis operacji' },
  },
  {
    bank: 'pko',
    signature: ['data operacji', 'data waluty', 'typ transakcji', 'kwota', 'opis transakcji'],
    mapping: { date: 'Data operacji', amount: 'Kwota', title: 'Opis transakcji' },
  },
  {
    bank: 'ing',
    signature: [
      'data transakcji',
      'data księgowania',
      'dane kontrahenta',
      'tytuł',
      'nr transakcji',
      'kwota transakcji (waluta rachunku)',
    ],
    mapping: {
      date: 'Data księgowania',
      amount: 'Kwota transakcji (waluta rachunku)',
      title: 'Tytuł',
      counterparty: 'Dane kontrahenta',
      account: 'Nr rachunku',
      transactionId: 'Nr transakcji',
    },
  },
  {
    bank: 'santander',
    signature: [],
    positional: [
      'Data księgowania',
      'Data operacji',
      'Tytuł',
      'Nadawca/Odbiorca',
      'Numer rachunku',
      'Kwota',
      'Saldo',
      'Numer operacji',
    ],
    mapping: {
      date: 'Data księgowania',
      amount: 'Kwota',
      title: 'Tytuł',
      counterparty: 'Nadawca/Odbiorca',
      account: 'Numer rachunku',
    },
  },
];

/** The known bank whose header this is, by its cells. */
export function knownHeader(cells: readonly string[]): BankFormat | undefined {
  const keys = new Set(cells.map(headerKey));
  return BANK_FORMATS.find(
    (f) => f.signature.length > 0 && f.signature.every((name) => keys.has(name)),
  );
}

const SANTANDER = BANK_FORMATS.find((f) => f.positional);

/**
 * Santander's first line: a date, another, the account in apostrophes, its name and currency
 * (ADR 045); the transfers follow from the second line, day first.
 */
export function santanderStart(first: readonly string[], second: readonly string[] | undefined) {
  const summary =
    first.length >= 5 && /^'[\d ]{20,}'$/.test(first[2] ?? '') && /^[A-Z]{3}$/.test(first[4] ?? '');
  return summary && second !== undefined && parseDate(second[0] ?? '') !== null
    ? SANTANDER
    : undefined;
}

/** The key a mapping is remembered by: a hash of the header row's cells as compared. */
export function fingerprintOf(columns: readonly string[]): string {
  const text = trimCells(columns).map(headerKey).join('\u0001');
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** The labels of PKO BP's detail cells ("Tytuł: ...", "Nazwa nadawcy: ..."). */
const LABELLED =
  /^(tytuł|nazwa nadawcy|rachunek nadawcy|adres nadawcy|nazwa odbiorcy|rachunek odbiorcy|adres odbiorcy|lokalizacja|numer telefonu|numer karty|numer referencyjny|data i czas operacji|data wykonania operacji|oryginalna kwota operacji|referencje własne zleceniodawcy)\s*:\s*(.*)$/i;

/**
 * A transfer's description cells as title, sender and sender's account: labelled cells (PKO
 * BP's `Tytuł: ...`, `Nazwa nadawcy: ...`, `Rachunek nadawcy: ...`) by their labels, else the
 * cells joined as the title.
 */
export function describe(cells: readonly string[]) {
  const labels = new Map<string, string>();
  const plain: string[] = [];
  for (const cell of cells) {
    const found = LABELLED.exec(cell.trim());
    if (found) labels.set((found[1] ?? '').toLowerCase(), (found[2] ?? '').trim());
    else if (cell.trim() !== '') plain.push(cell.trim());
  }
  const joined = (parts: string[]) => parts.join(' ').replace(/\s+/g, ' ').trim();
  return {
    title: labels.has('tytuł') ? joined([labels.get('tytuł') ?? '', ...plain]) : joined(plain),
    counterparty: labels.get('nazwa nadawcy') ?? '',
    account: labels.get('rachunek nadawcy') ?? '',
  };
}

/**
 * The key a transfer is imported once by (ADR 045, Duplicates): the bank's transaction id, else
 * a hash of its booking date, amount, title and counterparty account with how many equal
 * transfers came before it in its file, so two real equal transfers of one day both count.
 */
export function dedupKeyOf(
  row: { bookedOn: string; amount: number; title: string; account: string; transactionId: string },
  occurrence: (hash: string) => number,
): string {
  if (row.transactionId !== '') return `tx:${row.transactionId}`;
  const title = row.title.replace(/\s+/g, ' ').trim().toLowerCase();
  const text = [row.bookedOn, String(row.amount), title, accountDigits(row.account)].join('|');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 40);
  return `h:${hash}:${occurrence(hash)}`;
}
