import { asc, count, eq } from 'drizzle-orm';
import type { EditableDictionary, FixedLookup, DictionaryInput } from '@school/contract/lookups';
import type { Db } from '../../db/client.js';
import {
  algorithms,
  answerTypes,
  booleans,
  categories,
  clasifications,
  conversationTypes,
  estimationFunctions,
  languages,
  levels,
  products,
  sources,
  stages,
  timezones,
} from '../../db/schema/lookups.js';

/** The plain id + name tables behind the lookup URLs (stages has its own queries). */
const plain = {
  products,
  sources,
  categories,
  levels,
  languages,
  timezones,
  conversationtypes: conversationTypes,
  estimationfunctions: estimationFunctions,
  answertypes: answerTypes,
  clasifications,
  algorithms,
} as const;

export type PlainLookup = Exclude<EditableDictionary | FixedLookup, 'stages' | 'booleans'>;

export async function listLookup(db: Db, name: PlainLookup | 'booleans') {
  if (name === 'booleans') return db.select().from(booleans).orderBy(asc(booleans.id));
  const table = plain[name];
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(table.name), asc(table.id));
}

export async function listStages(db: Db) {
  return db.select().from(stages).orderBy(asc(stages.order), asc(stages.id));
}

export async function createDictionaryItem(
  db: Db,
  name: EditableDictionary,
  input: DictionaryInput,
) {
  if (name === 'stages') {
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(stages);
    const [row] = await db
      .insert(stages)
      .values({ name: input.name, color: input.color ?? '#94a3b8', order: input.order ?? n + 1 })
      .returning();
    return row;
  }
  const table = plain[name];
  const [row] = await db.insert(table).values({ name: input.name }).returning();
  return row;
}

export async function updateDictionaryItem(
  db: Db,
  name: EditableDictionary,
  id: number,
  input: DictionaryInput,
) {
  if (name === 'stages') {
    const [row] = await db
      .update(stages)
      .set({ name: input.name, color: input.color, order: input.order })
      .where(eq(stages.id, id))
      .returning();
    return row;
  }
  const table = plain[name];
  const [row] = await db
    .update(table)
    .set({ name: input.name })
    .where(eq(table.id, id))
    .returning();
  return row;
}

export async function deleteDictionaryItem(db: Db, name: EditableDictionary, id: number) {
  const table = name === 'stages' ? stages : plain[name];
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}
