import type { z } from 'zod';
import type { ImportPreview, ImportProblem } from '@school/contract/imports';

/** A row of a lookup: found in a file by its name, its login (users) or its id. */
export type Named = { id: number; name: string; login?: string };
/** The lookups of a file, by the CSV column that names them. */
export type Lookups = Record<string, Named[]>;

/** A checked row of a file: its line, its fields as the contract parsed them, its empty cells. */
export interface ParsedRow<F> {
  line: number;
  fields: F;
  /** the fields whose cell held a value: an update sets only those (empty or absent: kept) */
  given: string[];
}

export type RowError = ImportPreview['errors'][number];

/** What checking a file's rows needs of a list's import description. */
export interface RowRules<F> {
  /** the headers the import understands ('id' is read by the export only) */
  columns: readonly string[];
  /** the contract field a column fills where the names differ (responsible -> responsibleId) */
  fieldOf?: Readonly<Record<string, string>>;
  /** the columns holding yes/no values (1/0, true/false, yes/no, tak/nie, так/ні) */
  flags?: readonly string[];
  /** the contract's create schema: a row must pass it */
  schema: z.ZodType<F>;
}

/** A lookup cell: empty is none, else an id, a name or a login (any case). */
function resolveLookup(items: Named[], value: string): number | null | 'unknown' {
  if (value === '') return null;
  if (/^\d+$/.test(value) && items.some((i) => i.id === Number(value))) return Number(value);
  const lower = value.toLowerCase();
  const found = items.find(
    (i) => i.name.toLowerCase() === lower || i.login?.toLowerCase() === lower,
  );
  return found ? found.id : 'unknown';
}

const YES = new Set(['1', 'true', 'yes', 'y', 'tak', 'так']);
const NO = new Set(['0', 'false', 'no', 'n', 'nie', 'ні']);

/** A yes/no cell: true, false, or the text itself (the schema refuses it as not a flag). */
function flagOf(value: string): boolean | string {
  const lower = value.toLowerCase();
  if (YES.has(lower)) return true;
  if (NO.has(lower)) return false;
  return value;
}

/** A refused cell as data the web app translates (contract IMPORT_PROBLEM_CODES). */
function problemOf(issue: z.core.$ZodIssue, columnOf: (field: string) => string): ImportProblem {
  const field = columnOf(String(issue.path[0] ?? 'row'));
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? { field, code: 'required', params: {} }
        : { field, code: 'tooSmall', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return {
        field,
        code: issue.origin === 'string' ? 'tooLong' : 'tooBig',
        params: { max: Number(issue.maximum) },
      };
    case 'invalid_type':
      if (issue.expected === 'int') return { field, code: 'notWholeNumber', params: {} };
      return { field, code: issue.expected === 'number' ? 'notNumber' : 'invalid', params: {} };
    case 'invalid_format':
    case 'invalid_union':
    case 'not_multiple_of':
      return { field, code: 'format', params: {} };
    default:
      return { field, code: 'invalid', params: {} };
  }
}

export const rowError = (
  line: number,
  fields: Record<string, string>,
  problems: ImportProblem[],
): RowError => ({
  line,
  message: Object.entries(fields)
    .map(([k, v]) => (k === 'row' ? v : `${k} ${v}`))
    .join('; '),
  fields,
  problems,
});

/** The row check of one list's import: a record of the file in, its fields or its errors out. */
export function rowChecker<F>(spec: RowRules<F>) {
  const fieldOf = (column: string) => spec.fieldOf?.[column] ?? column;
  const columnOf = (field: string) =>
    Object.entries(spec.fieldOf ?? {}).find(([, f]) => f === field)?.[0] ?? field;
  const known = new Set(spec.columns.filter((c) => c !== 'id'));
  const flags = new Set(spec.flags ?? []);

  /** Checks one record of the file against the contract; lookup names become ids. */
  return function checkRow(
    record: Record<string, string>,
    line: number,
    lookups: Lookups,
  ): ParsedRow<F> | RowError {
    const fieldErrors: Record<string, string> = {};
    const problems: ImportProblem[] = [];
    const input: Record<string, unknown> = {};
    const given: string[] = [];
    for (const [column, raw] of Object.entries(record)) {
      if (!known.has(column)) continue;
      // the export's leading ' keeps a formula-like cell text in spreadsheets
      const value = raw.replace(/^'(?=[=+\-@])/, '');
      const field = fieldOf(column);
      const items = lookups[column];
      if (value !== '') given.push(field);
      if (items) {
        const id = resolveLookup(items, value);
        if (id === 'unknown') {
          fieldErrors[column] = `no such ${column}: ${value}`;
          problems.push({ field: column, code: 'unknown', params: { value } });
        } else input[field] = id;
      } else if (flags.has(column)) {
        if (value !== '') input[field] = flagOf(value);
      } else {
        input[field] = value;
      }
    }
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const problem = problemOf(issue, columnOf);
        if (problem.field in fieldErrors) continue;
        fieldErrors[problem.field] = issue.message;
        problems.push(problem);
      }
    }
    if (!parsed.success || problems.length > 0) return rowError(line, fieldErrors, problems);
    return { line, fields: parsed.data, given };
  };
}
