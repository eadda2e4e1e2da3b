import { sql } from 'drizzle-orm';
import type { attendanceStatuses, stages } from '../../db/schema/lookups.js';
import type { dictionaryTables } from './lookups.queries.js';

type KeyedTable =
  | typeof stages
  | typeof attendanceStatuses
  | (typeof dictionaryTables)[keyof typeof dictionaryTables];

/**
 * A seeded row renamed by staff loses its translation key: from then on it shows the name they
 * typed in every language (docs/data-model.md, Lookups). Keeping the same name keeps the key.
 * The key's new value for the rename's own UPDATE, so a rename that fails keeps the key.
 */
export const keyAfterRename = (table: KeyedTable, name: string | undefined) =>
  name === undefined ? {} : { key: sql`case when ${table.name} = ${name} then ${table.key} end` };
