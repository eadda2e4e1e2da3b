import { z } from 'zod';
import { formInteger, recordVersion, requiredText, updateOf } from './common.js';
import { EDITABLE_DICTIONARIES, FIXED_LOOKUPS } from './paths.js';

/**
 * Every lookup answers items with at least id and name (docs/api.md, Lookups); a seeded row also
 * with its translation `key` (the web shows `lookups.<key>`), null for names staff typed
 * (docs/data-model.md, Lookups).
 */
export const lookupItem = z
  .object({
    id: z.number().int(),
    name: z.string(),
    key: z.string().nullable().default(null),
    /** the row's version (ADR 038): a dictionary's edit dialog sends it with its save */
    version: recordVersion.optional(),
  })
  .meta({ id: 'LookupItem' });
export type LookupItem = z.infer<typeof lookupItem>;

export const stage = lookupItem
  .extend({ color: z.string(), order: z.number().int() })
  .meta({ id: 'Stage' });
export type Stage = z.infer<typeof stage>;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const dictionaryInput = z
  .object({
    name: requiredText(100),
    color: z.string().regex(HEX_COLOR, 'must be a colour like #3b82f6').optional(),
    // a form's empty order means "keep it" (update) or "put it last" (create)
    order: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      formInteger(z.number().int().min(0).max(10_000).optional()),
    ),
  })
  .meta({ id: 'DictionaryItemWrite' });
export type DictionaryInput = z.infer<typeof dictionaryInput>;

/** Fields left out keep their values (ADR 010). */
export const dictionaryUpdate = updateOf(dictionaryInput).meta({ id: 'DictionaryItemUpdate' });
export type DictionaryUpdate = z.infer<typeof dictionaryUpdate>;

export { EDITABLE_DICTIONARIES, FIXED_LOOKUPS } from './paths.js';
export type EditableDictionary = (typeof EDITABLE_DICTIONARIES)[number];

export type FixedLookup = (typeof FIXED_LOOKUPS)[number];

/** Boolean option (docs/data-model.md): ids 1 yes, 2 no. */
export const BOOLEAN_YES = 1;
export const BOOLEAN_NO = 2;
