import type { Currency } from '@school/contract/bank';
import type { Db } from '../../db/client.js';
import { readSchoolDetails } from './school.queries.js';

/**
 * The school's currency, which every session answer carries (docs/money.md, Amounts): kept per
 * instance and read again at most once a minute, so a session check answered from the session
 * cache sends no statement (ADR 047). A save of School details keeps its currency at once on
 * the instance that saved it; another instance reads it within the minute.
 */
const MAX_AGE_MS = 60_000;
const kept = new WeakMap<Db, { currency: Currency; at: number }>();

export async function schoolCurrency(db: Db): Promise<Currency> {
  const hit = kept.get(db);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.currency;
  const { currency } = await readSchoolDetails(db);
  kept.set(db, { currency, at: Date.now() });
  return currency;
}

/** The currency just saved: this instance's next session answers carry it. */
export function keepSchoolCurrency(db: Db, currency: Currency): void {
  kept.set(db, { currency, at: Date.now() });
}
