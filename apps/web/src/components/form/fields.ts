import { z } from 'zod';
import type { Dictionary } from '../../i18n/i18n';

export type FieldLabelKey = `fields.${keyof Dictionary['fields']}`;

/**
 * Field types (docs/interface.md, Validation); `decimal` is a number with step 0.01 (price,
 * duration), `signedDecimal` one that may be negative (an adjustment of an account).
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'newPassword'
  | 'number'
  | 'decimal'
  | 'signedDecimal'
  | 'date'
  | 'time'
  | 'textarea'
  | 'checkbox'
  | 'color'
  | 'select';

/** One form field, declared by a screen; the kit renders the control, label and messages. */
export interface FieldSpec {
  /** The wire name (docs/data-model.md), also the key in the schema. */
  name: string;
  label: FieldLabelKey;
  kind?: FieldKind;
  /** select: the lookup to GET (docs/api.md, Lookups). */
  lookup?: string;
  /** select: fixed options instead of a lookup (already translated). */
  options?: readonly { value: string; label: string }[];
  /** select: a new record starts at the list's first item (a client's stage: the pipeline's first). */
  firstByDefault?: boolean;
  /** select: what the field holds, the item's id (default) or its name (users' language). */
  optionValue?: 'id' | 'name';
  /** Overrides what the schema says (an empty value refused = required). */
  required?: boolean;
  /** Takes the whole row of the form grid (long text). */
  wide?: boolean;
}

export type FormValues = Record<string, unknown>;
export type FormSchema = z.ZodObject;

function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  // NonOptional: a create schema made from an update one by .required() (clientCreate).
  while (
    current instanceof z.ZodDefault ||
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNonOptional
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/**
 * Required fields are marked, optional ones may stay empty (docs/interface.md, Validation). The contract decides:
 * a field whose schema refuses an empty value is required.
 */
export function isRequired(schema: FormSchema, field: FieldSpec): boolean {
  if (field.required !== undefined) return field.required;
  if (field.kind === 'checkbox') return false;
  const fieldSchema = schema.shape[field.name] as z.ZodType | undefined;
  return fieldSchema !== undefined && !fieldSchema.safeParse('').success;
}

/** The schema's length limit, so the browser stops typing where the server would refuse. */
export function maxLengthOf(schema: FormSchema, name: string): number | undefined {
  const fieldSchema = schema.shape[name] as z.ZodType | undefined;
  if (!fieldSchema) return undefined;
  const inner = unwrap(fieldSchema);
  return inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
}

/** docs/interface.md, Validation: null or undefined become '' (form inputs hold text). */
export function toFormValues(fields: readonly FieldSpec[], source: object = {}): FormValues {
  // Rows and defaults are plain JSON objects; only the declared fields are read.
  const record = source as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of fields) {
    const value = record[field.name];
    values[field.name] = field.kind === 'checkbox' ? value === true : (value ?? '');
  }
  return values;
}

/** docs/interface.md, Validation: the body holds the form fields by name, null and undefined sent as ''. */
export function toBody(values: FormValues): FormValues {
  const body: FormValues = {};
  for (const [name, value] of Object.entries(values)) body[name] = value ?? '';
  return body;
}
