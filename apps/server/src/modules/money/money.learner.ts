import type { Db } from '../../db/client.js';
import { accountRead, openChargesOf } from './money.queries.js';
import { settle } from './money.service.js';

/**
 * A student's money as their own page shows it (docs/learner-page.md, To pay): the kept
 * figures and what is left of each charge not covered, in grosze; the charges that have fallen
 * due are written first, as for every money read (ADR 039).
 */
export async function learnerMoneyOf(db: Db, zone: string, student: number) {
  await settle({ db, zone }, student);
  const [figures, open] = await Promise.all([
    accountRead(db, zone, student),
    openChargesOf(db, student),
  ]);
  return {
    due: figures?.due ?? 0,
    credit: figures?.credit ?? 0,
    balance: figures?.balance ?? 0,
    oldestDueDate: figures?.oldestDueDate ?? null,
    open,
  };
}
export type LearnerMoney = Awaited<ReturnType<typeof learnerMoneyOf>>;
