import { z } from 'zod';
import { CURRENCIES, ibanProblem, nipProblem, normalizeIban, normalizeNip } from './bank.js';
import { recordVersion, requiredText, text, updateOf } from './common.js';

export { CURRENCIES, type Currency } from './bank.js';

/** A field checked after it is normalised: '' passes, anything else must pass `problem`. */
const checked = (
  max: number,
  normalize: (v: string) => string,
  problem: (v: string) => string | null,
) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform(normalize)
    .superRefine((value, ctx) => {
      const wrong = value === '' ? null : problem(value);
      if (wrong) ctx.addIssue({ code: 'custom', message: wrong });
    })
    .default('');

/**
 * The school's details (Settings, School details; docs/money.md, How a learner pays): its name
 * and address, its tax id (NIP), the bank account learners pay to, the currency of its accounts
 * and the VAT exemption wording printed on its documents. One record.
 */
export const schoolDetailsInput = z
  .object({
    name: requiredText(200),
    address: text(500),
    /** the Polish NIP: 10 digits with a check digit; dashes, spaces and a PL prefix are dropped */
    taxId: checked(20, normalizeNip, nipProblem),
    /** the IBAN learners pay to: spaces dropped, upper case, 26 digits get PL; '' for none yet */
    iban: checked(50, normalizeIban, ibanProblem),
    currency: z.enum(CURRENCIES, { error: 'must be PLN or EUR' }).default('PLN'),
    /** e.g. "Zwolnienie z VAT na podstawie art. 43 ust. 1 pkt 26 lit. a ustawy o VAT" */
    vatExemption: text(500),
  })
  .meta({ id: 'SchoolDetailsWrite' });

/** PUT /api/settings/school: fields left out keep their values; `version` as ADR 038 says. */
export const schoolDetailsUpdate = updateOf(schoolDetailsInput).meta({
  id: 'SchoolDetailsUpdate',
});
export type SchoolDetailsUpdate = z.input<typeof schoolDetailsUpdate>;

/** GET /api/settings/school. */
export const schoolDetails = z
  .object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    /** normalised: no spaces, upper case; '' while the school has none */
    iban: z.string(),
    currency: z.enum(CURRENCIES),
    vatExemption: z.string(),
    version: recordVersion,
  })
  .meta({ id: 'SchoolDetails' });
export type SchoolDetails = z.infer<typeof schoolDetails>;
