import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { stages } from '../../db/schema/lookups.js';
import type { dictionaryTables } from './lookups.queries.js';

type KeyedTable = typeof stages | (typeof dictionaryTables)[keyof typeof dictionaryTables];

/**
 * A seeded row renamed by staff loses its translation key: from then on it shows the name they
 * typed in every language (docs/data-model.md, Lookups). Keeping the same name keeps the key.
 */
export async function clearKeyOnRename(db: Db, table: KeyedTable, id: number, name: string) {
  await db.execute(
    sql`update ${table} set ${sql.identifier(table.key.name)} = null
      where ${table.id} = ${id} and ${table.name} <> ${name}`,
  );
}
