// Where a statement's table starts and how its columns are read (docs/money.md, Bank
// statements; ADR 045, Detection): found in the first lines of the file, before it is parsed.
import {
  BANK_MAPPING_FIELDS,
  type Bank,
  type BankMapping,
  type BankMappingField,
} from '@school/contract/bank-import';
import { HttpError } from '../../plugins/errors.js';
import {
  fingerprintOf,
  headerKey,
  knownHeader,
  parseAmount,
  parseDate,
  santanderStart,
  splitLine,
  trimCells,
} from './bank.formats.js';

export type Delimiter = ';' | ',';
const DELIMITERS: readonly Delimiter[] = [';', ','];
/** The header row is looked for in this many first lines (mBank's preamble is about 40). */
const SCAN_LINES = 300;
/** Rows shown as they are for choosing a mapping. */
const RAW_SAMPLE = 5;

/** How a statement's table is read. */
export interface Layout {
  bank: Bank | null;
  delimiter: Delimiter;
  /** the line (from 0) the table starts at: its header row, or its first row without one */
  start: number;
  hasHeader: boolean;
  /** the header's cells, without empty ones at its end; `1`, `2`... without a header */
  columns: string[];
  fingerprint: string;
  mapping: BankMapping | null;
  mappingSource: 'given' | 'remembered' | 'bank' | null;
  /** the first rows after the header, as they are */
  rawSample: string[][];
}

export interface LayoutChoice {
  /** the mapping the call gives */
  given?: BankMapping | undefined;
  /** the mappings remembered, by their header row's fingerprint */
  remembered: ReadonlyMap<string, BankMapping>;
}

/** The column of each mapped field, and the fields whose column the file does not have. */
export function columnIndexes(mapping: BankMapping, columns: readonly string[]) {
  const keys = columns.map(headerKey);
  const indexes: Partial<Record<BankMappingField, number>> = {};
  const missing: BankMappingField[] = [];
  for (const field of BANK_MAPPING_FIELDS) {
    const name = mapping[field];
    if (name === undefined) continue;
    let at = keys.indexOf(headerKey(name));
    // a file without a header row: its columns by position, 1 the first
    if (at < 0 && /^\d{1,3}$/.test(name) && Number(name) >= 1) at = Number(name) - 1;
    if (at < 0) missing.push(field);
    else indexes[field] = at;
  }
  return { indexes, missing };
}

const fits = (mapping: BankMapping, cells: readonly string[]) =>
  columnIndexes(mapping, cells).missing.length === 0;

/** An amount with its decimals, as a transfer's amount cell shows it (not a count, not a year). */
const looksLikeAmount = (cell: string) =>
  /[.,]\d{1,2}(?:\s*\p{L}+\.?)?$/u.test(cell.trim()) && parseAmount(cell) !== null;

/** A row of a transfer: a date and an amount among three or more cells. */
const isTransfer = (cells: readonly string[]) =>
  cells.length >= 3 && cells.some((c) => parseDate(c) !== null) && cells.some(looksLikeAmount);

interface Found {
  line: number;
  delimiter: Delimiter;
  cells: string[];
}

/** The first line whose cells satisfy `test`, split at either delimiter. */
function firstLine(lines: readonly string[], test: (cells: string[]) => boolean): Found | null {
  const end = Math.min(lines.length, SCAN_LINES);
  for (let line = 0; line < end; line++) {
    for (const delimiter of DELIMITERS) {
      const cells = trimCells(splitLine(lines[line] ?? '', delimiter));
      if (cells.length >= 2 && test(cells)) return { line, delimiter, cells };
    }
  }
  return null;
}

/**
 * A file of no known header: its table starts at its first transfer; the line before it is its
 * header when it names as many columns and holds no date or amount itself.
 */
function guessTable(lines: readonly string[]) {
  const first = firstLine(lines, isTransfer);
  if (!first) return null;
  const before = first.line > 0 ? lines[first.line - 1] : undefined;
  const header = before === undefined ? [] : trimCells(splitLine(before, first.delimiter));
  const named =
    header.length >= Math.min(2, first.cells.length) &&
    header.length <= first.cells.length + 1 &&
    !header.some((c) => parseDate(c) !== null || looksLikeAmount(c));
  return named
    ? { line: first.line - 1, delimiter: first.delimiter, hasHeader: true, columns: header }
    : {
        line: first.line,
        delimiter: first.delimiter,
        hasHeader: false,
        columns: first.cells.map((_, i) => String(i + 1)),
      };
}

function sampleOf(lines: readonly string[], from: number, delimiter: Delimiter) {
  return lines
    .slice(from, from + RAW_SAMPLE * 2)
    .map((line) => trimCells(splitLine(line, delimiter)))
    .filter((cells) => cells.length > 0)
    .slice(0, RAW_SAMPLE);
}

const missingColumns = (mapping: BankMapping, columns: readonly string[]) => {
  const { missing } = columnIndexes(mapping, columns);
  const fields = Object.fromEntries(
    missing.map((f) => [`mapping.${f}`, `the file has no column "${mapping[f] ?? ''}"`]),
  );
  const names = columns.map((c) => `"${c}"`).join(', ');
  return new HttpError(
    400,
    'validation',
    `The mapping names columns the file does not have (${missing.join(', ')}); its columns: ${names}`,
    fields,
  );
};

/**
 * How the file's table is read, from its first lines (ADR 045, Detection): a mapping given with
 * the call, where a line holds every column it names; else the first line that is a header row
 * remembered with a mapping or a known bank's; else Santander's header-less layout; else the
 * table found by its first transfer, with the mapping remembered for its header or none (the
 * preview then asks for one). 400 when the given mapping names columns the file lacks, or when
 * no line is a transfer.
 */
export function findLayout(lines: readonly string[], choice: LayoutChoice): Layout {
  const { given, remembered } = choice;
  const positional =
    given !== undefined && Object.values(given).every((name) => /^\d{1,3}$/.test(name ?? ''));
  const layout = (
    at: { line: number; delimiter: Delimiter; hasHeader: boolean; columns: string[] },
    mapping: BankMapping | null,
    source: Layout['mappingSource'],
    bank: Bank | null,
  ): Layout => ({
    bank,
    delimiter: at.delimiter,
    start: at.line,
    hasHeader: at.hasHeader,
    columns: at.columns,
    fingerprint: at.hasHeader ? fingerprintOf(at.columns) : `columns:${at.columns.length}`,
    mapping,
    mappingSource: mapping ? source : null,
    rawSample: sampleOf(lines, at.hasHeader ? at.line + 1 : at.line, at.delimiter),
  });
  const header = (found: Found) => ({ ...found, hasHeader: true, columns: found.cells });

  if (given && !positional) {
    const named = firstLine(lines, (cells) => fits(given, cells));
    if (named) return layout(header(named), given, 'given', knownHeader(named.cells)?.bank ?? null);
  }
  const found = tableOf(lines, remembered);
  if (!found) {
    throw new HttpError(
      400,
      'validation',
      'The file has no table of transfers: no row with a date and an amount was found',
      { csv: 'has no row with a date and an amount' },
    );
  }
  const { table, bank } = found;
  if (given) {
    if (!fits(given, table.columns) && !positional) throw missingColumns(given, table.columns);
    return layout(table, given, 'given', bank);
  }
  return layout(table, found.mapping, found.source, bank);
}

/**
 * The table of a file read without a mapping given: at the first header row remembered or a
 * known bank's, else Santander's, else found by its first transfer; with its mapping, if any.
 */
function tableOf(lines: readonly string[], remembered: ReadonlyMap<string, BankMapping>) {
  const known = firstLine(
    lines,
    (cells) => remembered.has(fingerprintOf(cells)) || knownHeader(cells) !== undefined,
  );
  if (known) {
    const format = knownHeader(known.cells);
    const kept = remembered.get(fingerprintOf(known.cells));
    return {
      table: { ...known, hasHeader: true, columns: known.cells },
      bank: format?.bank ?? null,
      mapping: kept ?? format?.mapping ?? null,
      source: kept ? ('remembered' as const) : ('bank' as const),
    };
  }
  const santander = santanderStart(
    splitLine(lines[0] ?? '', ','),
    lines[1] === undefined ? undefined : splitLine(lines[1], ','),
  );
  if (santander?.positional) {
    return {
      table: {
        line: 1,
        delimiter: ',' as const,
        hasHeader: false,
        columns: [...santander.positional],
      },
      bank: santander.bank,
      mapping: santander.mapping,
      source: 'bank' as const,
    };
  }
  const table = guessTable(lines);
  if (!table) return null;
  return {
    table,
    bank: null,
    mapping: table.hasHeader ? (remembered.get(fingerprintOf(table.columns)) ?? null) : null,
    source: 'remembered' as const,
  };
}
