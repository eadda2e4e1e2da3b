/**
 * What covers what (docs/money.md, What covers what): a pure, deterministic assignment of a
 * student's credits (payments not voided, negative adjustments) to their debits (due charges,
 * positive adjustments), recomputed under the account's lock on every write (ADR 039).
 *
 * Credits are taken in order (by date, then as recorded); each covers first the participations
 * it names, then the oldest open debits (a tick's payment only what it names). What is left of all credits is the student's credit,
 * which covers each later charge the moment it falls due (the next recomputation).
 */

export interface Debit {
  /** a participation's net due charge; null for a positive adjustment */
  eventId: number | null;
  adjustmentId: number | null;
  /** the lesson's date (an adjustment's date) */
  date: string;
  /** grosze, > 0 */
  amount: number;
  /** its place among the debits: its (latest) charge entry's instant and id (ADR 048) */
  at?: string | null;
  entry?: number | null;
}

export interface Credit {
  paymentId: number | null;
  adjustmentId: number | null;
  /** grosze, > 0 */
  amount: number;
  /** participations it covers first */
  named: number[];
  /** a tick's payment ('marked paid'): it covers only the participations it names */
  reserved?: boolean;
}

export interface Cover {
  eventId: number;
  paymentId: number | null;
  adjustmentId: number | null;
  amount: number;
}

export interface Coverage {
  covers: Cover[];
  /** debits with what is left open of each, oldest first */
  open: (Debit & { amount: number })[];
  /** charges due and not covered */
  due: number;
  /** credit not used */
  credit: number;
  oldestDueDate: string | null;
}

/** Debits must come oldest first, credits in their order. */
export function coverageOf(debits: Debit[], credits: Credit[]): Coverage {
  const left = debits.map((d) => d.amount);
  const byEvent = new Map<number, number>();
  debits.forEach((d, i) => {
    if (d.eventId !== null) byEvent.set(d.eventId, i);
  });
  const covers: Cover[] = [];
  let credit = 0;
  for (const c of credits) {
    let rest = c.amount;
    const take = (i: number) => {
      const debit = debits[i];
      const part = Math.min(rest, left[i] ?? 0);
      if (!debit || part <= 0) return;
      left[i] = (left[i] ?? 0) - part;
      rest -= part;
      if (debit.eventId !== null) {
        covers.push({
          eventId: debit.eventId,
          paymentId: c.paymentId,
          adjustmentId: c.adjustmentId,
          amount: part,
        });
      }
    };
    for (const event of c.named) {
      const i = byEvent.get(event);
      if (i !== undefined) take(i);
    }
    if (!c.reserved) for (let i = 0; i < debits.length && rest > 0; i++) take(i);
    credit += rest;
  }
  const open: Coverage['open'] = [];
  debits.forEach((d, i) => {
    const amount = left[i] ?? 0;
    if (amount > 0) open.push({ ...d, amount });
  });
  const due = open.reduce((sum, d) => sum + d.amount, 0);
  return { covers, open, due, credit, oldestDueDate: open[0]?.date ?? null };
}
