import type { TFunction } from 'i18next';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Dictionary } from '../../i18n/i18n';
import type { Parser } from '../../lib/http';
import type { FieldLabelKey, FieldSpec, FormSchema, FormValues } from '../form/fields';

export interface Row {
  id: number;
}

/** The `{section}.columns.{key}` texts of a screen part: headers of its own lists' columns. */
type ScreenColumnKey = {
  [S in keyof Dictionary & string]: Dictionary[S] extends { columns: infer C }
    ? `${S}.columns.${keyof C & string}`
    : never;
}[keyof Dictionary & string];

/**
 * A column's or a filter's label: a field's (`fields.*`, shared by every screen) or one of a
 * screen part's own columns (the money part's `columns` section), so a screen's words stay in its part.
 */
export type ColumnLabelKey = FieldLabelKey | ScreenColumnKey;

/** A list column: its header, the server's sort field if sortable, and its text. */
export interface Column<R> {
  key: string;
  label: ColumnLabelKey;
  /** The `sort` value the server accepts for it (USER_SORTS...); absent: not sortable. */
  sort?: string;
  /** The text of the cell, also what the CSV export writes. */
  value: (row: R) => string | number | null | undefined;
  /** What the CSV holds when it should differ from the text (a plain number, not '12,50 zł'). */
  csv?: (row: R) => string | number | null | undefined;
  /** A richer cell (a colour swatch); the CSV still uses `value`. */
  render?: (row: R) => ReactNode;
  align?: 'end';
  /**
   * A width in px for a column whose texts are about as long as each other (a price, a phone);
   * without it the column shares what the others leave.
   */
  width?: number;
  /**
   * Kept whole before the other columns are cut (a phone number, a stage, a level, a price:
   * short values read as one), while the others keep MIN_COLUMN_WIDTH (columnWidths.ts).
   */
  whole?: boolean;
}

type CellValue = string | number | null | undefined;
type FieldName = keyof Dictionary['fields'];

/** A column that shows one field of the row as it is, named and sorted by that field. */
export function fieldColumn<R extends Record<K, CellValue>, K extends FieldName & string>(
  key: K,
): Column<R> {
  return { key, label: `fields.${key}`, sort: key, value: (row) => row[key] };
}

/** Where a list lives on the server and how its rows are read and named. */
export interface Resource<R extends Row> {
  /** GET lists it (search, sort, limit, offset); POST creates; PUT/DELETE {path}/{id}. */
  path: string;
  /** GET the list here instead (the records of one parent: /bystudent/{id}); writes use path. */
  listPath?: string;
  /** Parses the list answer (an array of rows). */
  list: Parser<R[]>;
  /** How a row is named in its action buttons ("Edit anna"). */
  rowLabel: (row: R) => string;
  /**
   * How the delete confirmation and the Undo notice name a row, with what it is ("client Olena
   * Koval"); by default its rowLabel.
   */
  recordName?: (row: R, t: TFunction) => string;
}

export interface FormConfig {
  schema: FormSchema;
  fields: readonly FieldSpec[];
  /** Shown under the fields, inside the form (it may read the form's values). */
  note?: ReactNode;
}

/** An extra action of the edit modal, shown in its menu state (docs/interface.md, Edit dialog). */
export interface MenuAction<R> {
  key: string;
  /** Translated; the menu button and the modal title while it is open. */
  label: string;
  available?: (row: R) => boolean;
  render: (row: R, back: () => void) => ReactNode;
}

export interface EditConfig<R> extends FormConfig {
  /** Initial values; by default the row's fields by name (null -> ''). */
  toValues?: (row: R) => FormValues;
  menu?: readonly MenuAction<R>[];
}

/** What a row's copy action copies. */
export type CopyValue = string;

/** The icon actions of each row; a screen picks the ones it has (docs/screens.md). */
export interface RowActionsConfig<R> {
  delete?: boolean;
  /** card/open: where the row's own screen is. */
  open?: (row: R) => string;
  /**
   * copy: the text to copy, or null when the row has nothing to copy: the row then shows no copy
   * button (a control shows only where it does something, docs/interface.md).
   */
  copy?: (row: R) => CopyValue | null;
  /** A screen's own icon actions (void a payment), after the kit's. */
  more?: readonly RowAction<R>[];
}

interface RowActionBase<R> {
  key: string;
  icon: LucideIcon;
  /** The accessible name and tooltip, naming the row ("Void the payment of 30.00 zł"). */
  label: (row: R) => string;
  variant?: 'danger';
  available?: (row: R) => boolean;
}

/**
 * An icon action of a screen's rows, shown on the rows it is `available` for: a button, or a
 * link that downloads a file of the row (an invoice's PDF) with `download`.
 */
export type RowAction<R> = RowActionBase<R> &
  (
    | { onClick: (row: R) => void; download?: never }
    | { download: (row: R) => string; onClick?: never }
  );
