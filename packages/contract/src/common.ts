import { z } from 'zod';
import { EMAIL_MESSAGE } from './constants.js';

export {
  EMAIL_MESSAGE,
  errorCodes,
  TOTAL_COUNT_CAP,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './constants.js';

/** The JSON body of every failure (docs/api.md, Errors). */
export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof idParam>;

/** Paging for every list; the total count goes in the X-Total-Count header. */
export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

/** docs/interface.md, Validation: forms send '' for an empty field (null and undefined become ''). */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/**
 * Form inputs hold text, so a number may come as a string; only a canonical one ("50",
 * "12.50") is read as a number. Anything else (true, [], "50abc") stays what it is and the
 * number schema refuses it: no coercion at the boundary (ADR 010).
 */
const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
const numberFromText = (pattern: RegExp) => (v: unknown) =>
  typeof v === 'string' && pattern.test(v.trim()) ? Number(v) : v;

/** An integer, or a canonical integer string from a form ("50"). */
export const formInteger = <T extends z.ZodType>(schema: T) =>
  z.preprocess(numberFromText(INTEGER_TEXT), schema);

/** A decimal number, or a canonical decimal string from a form ("12.50"). */
export const formDecimal = <T extends z.ZodType>(schema: T) =>
  z.preprocess(numberFromText(DECIMAL_TEXT), schema);

/** An integer that may be absent: '' and null mean none. */
export const optionalInteger = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === '' ? null : numberFromText(INTEGER_TEXT)(v)),
    schema.int('must be a whole number').nullable(),
  );

/** A reference to another row: an id, or ''/null for none. */
export const optionalId = z.preprocess(
  (v) => numberFromText(INTEGER_TEXT)(blankToNull(v)),
  z.number().int().positive().nullable(),
);

/** A calendar date YYYY-MM-DD, or ''/null for none. */
export const optionalDate = z.preprocess(blankToNull, z.iso.date().nullable());

/** Free text with a length limit; trimmed; '' when absent. */
export const text = (max: number) => z.string().trim().max(max).default('');

/** Text that must be there. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An e-mail address, or '' for none. */
export const optionalEmail = z.union([z.literal(''), z.email(EMAIL_MESSAGE).max(254)]).default('');

/** A decimal amount (zł) with two decimals; forms may send it as a canonical string. */
export const money = z.preprocess(
  (v) => numberFromText(DECIMAL_TEXT)(blankToNull(v)),
  z.number().min(0).max(1_000_000).multipleOf(0.01).nullable(),
);

/** A price (zł) a form sends: 0 or more, at most two decimals; 0 when left out. */
export const formPrice = () =>
  formDecimal(
    z
      .number({ error: 'must be a number' })
      .min(0, 'must not be negative')
      .max(1_000_000)
      .multipleOf(0.01, 'must have at most two decimals'),
  ).default(0);

const QUERY_FLAG_TRUE: readonly string[] = ['true', '1'];

/**
 * A yes/no filter of a list's query string (docs/api.md, Lists): `true` or `1` yes, `false` or
 * `0` no, read as 1 or 0. `alsoNo` names older spellings of no that are still taken (isPaid's
 * `2`). Optional: left out, the list is not filtered by it.
 */
export const queryFlag = (meaning: string, alsoNo: readonly string[] = []) => {
  const accepted = ['true', 'false', '1', '0', ...alsoNo];
  return z
    .enum(accepted as [string, ...string[]], {
      error: `must be ${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1) ?? ''}`,
    })
    .transform((v): 0 | 1 => (QUERY_FLAG_TRUE.includes(v) ? 1 : 0))
    .optional()
    .meta({
      description: `${meaning}. true or 1: yes; false or 0${alsoNo.map((n) => ` or ${n}`).join('')}: no.`,
    });
};

/** The query of every list: paging, the header search and a sort (`name` or `-name`). */
export const listQueryWith = <S extends readonly [string, ...string[]]>(sortable: S) =>
  listQuery.extend({
    search: z.string().trim().max(200).optional(),
    sort: z
      .enum([...sortable, ...sortable.map((s) => `-${s}`)] as [string, ...string[]])
      .optional(),
  });

/**
 * A record's version (docs/api.md, Versions and conflicts; ADR 038): 1 when made, one more on
 * every change. Every item carries it; an update may send the version it was made on.
 */
export const recordVersion = z.number().int().positive();

/** The version an update was made on: a save on an older one answers 409 conflict. */
export const sentVersion = recordVersion.optional().meta({
  description:
    'The version of the record the change was made on; when another change came since, 409 conflict and nothing changes. Left out: no check.',
});

/**
 * 409: `conflict` a duplicate or a save made on an older version; for the latter, `changed`
 * names the fields changed since, `by` who changed them last (null: not a staff member) and
 * `at` when.
 */
export const conflictErrorBody = errorBody
  .extend({
    changed: z.array(z.string()).optional(),
    by: z.string().nullable().optional(),
    at: z.string().nullable().optional(),
  })
  .meta({ id: 'ConflictError' });
export type ConflictErrorBody = z.infer<typeof conflictErrorBody>;

type UpdateShape<S extends z.core.$ZodShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer I> ? I : S[K]>;
} & { version: typeof sentVersion };

/**
 * The update body of a resource from its create body: every field optional and without its
 * default, so a field left out keeps its value and {} changes nothing (ADR 010); and the
 * version the change was made on (ADR 038).
 */
export function updateOf<S extends z.core.$ZodShape>(schema: z.ZodObject<S>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const inner = (field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType;
    shape[name] = inner.optional();
  }
  shape.version = sentVersion;
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<S>>;
}
