import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { version } from './columns.js';

/**
 * The school's details (docs/money.md, How a learner pays; ADR 040): one row, id 1, made by
 * migration 0027; admins change it in Settings, and the learner's page shows how to pay from it.
 */
export const schoolDetails = pgTable(
  'school_details',
  {
    id: integer('id').primaryKey().default(1),
    version: version(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    /** the Polish NIP, its 10 digits */
    taxId: text('tax_id').notNull().default(''),
    /** normalised: no spaces, upper case; '' while the school has none */
    iban: text('iban').notNull().default(''),
    currency: text('currency').notNull().default('PLN'),
    vatExemption: text('vat_exemption').notNull().default(''),
  },
  (t) => [
    check('school_details_one_row', sql`${t.id} = 1`),
    check('school_details_currency', sql`${t.currency} in ('PLN', 'EUR')`),
  ],
);
