import { asc, count } from 'drizzle-orm';
import type { FixedLookup } from '@school/contract/lookups';
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

/** The id + name tables staff edit in /settings (stages has a colour and an order too). */
export const dictionaryTables = { products, sources, categories, levels } as const;

/** The read-only id + name tables behind the lookup URLs. */
const fixed = {
  languages,
  timezones,
  conversationtypes: conversationTypes,
  estimationfunctions: estimationFunctions,
  answertypes: answerTypes,
  clasifications,
  algorithms,
} as const;

export async function listLookup(db: Db, name: FixedLookup) {
  if (name === 'booleans') return db.select().from(booleans).orderBy(asc(booleans.id));
  const table = fixed[name];
  return db
    .select({ id: table.id, name: table.name, key: table.key })
    .from(table)
    .orderBy(asc(table.name), asc(table.id));
}

/** The order a new stage gets when none is given: after the others. */
export async function nextStageOrder(db: Db) {
  const [row] = await db.select({ n: count() }).from(stages);
  return (row?.n ?? 0) + 1;
}
