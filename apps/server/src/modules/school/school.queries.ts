import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SchoolDetails, schoolDetailsUpdate } from '@school/contract/school';
import type { Db, Tx } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import { schoolDetails } from '../../db/schema/school.js';
import { checkVersion } from '../../db/versions.js';

/** The SQL of the school's details (ADR 040): its one row, id 1, made by migration 0027. */

/** The entity and id its history entries are recorded under (docs/history.md). */
export const SCHOOL_ENTITY = 'school';
export const SCHOOL_ID = 1;

type Row = typeof schoolDetails.$inferSelect;

const toDetails = (row: Row): SchoolDetails => ({
  name: row.name,
  address: row.address,
  taxId: row.taxId,
  iban: row.iban,
  currency: row.currency === 'EUR' ? 'EUR' : 'PLN',
  vatExemption: row.vatExemption,
  version: row.version,
});

/** The school's details as they are. */
export async function readSchoolDetails(db: Db | Tx): Promise<SchoolDetails> {
  const [row] = await db.select().from(schoolDetails).where(eq(schoolDetails.id, SCHOOL_ID));
  if (!row) throw new Error('the school details row is missing (migration 0027 makes it)');
  return toDetails(row);
}

/**
 * PUT /api/settings/school: the fields sent, on the row locked, checked against the version
 * sent (ADR 038), recorded in the history in the same transaction.
 */
export async function updateSchoolDetails(
  db: Db,
  input: z.output<typeof schoolDetailsUpdate>,
): Promise<SchoolDetails> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(schoolDetails)
      .where(eq(schoolDetails.id, SCHOOL_ID))
      .for('update');
    if (!before) throw new Error('the school details row is missing (migration 0027 makes it)');
    checkVersion(before, input.version);
    const { version: _version, ...fields } = input;
    const [after] = await tx
      .update(schoolDetails)
      .set(fields)
      .where(eq(schoolDetails.id, SCHOOL_ID))
      .returning();
    if (!after) throw new Error('the school details were not saved');
    await recordChange(tx, {
      action: 'update',
      entity: SCHOOL_ENTITY,
      entityId: SCHOOL_ID,
      before,
      after,
    });
    return toDetails(after);
  });
}
