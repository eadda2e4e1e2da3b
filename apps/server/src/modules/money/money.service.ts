import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import {
  type Account,
  type adjustmentInput,
  type LedgerEntry,
  type ledgerQuery,
  MARKED_PAID,
  type paymentInput,
} from '@school/contract/money';
import type { Db, Tx } from '../../db/client.js';
import { recordChange } from '../../db/history.js';
import { adjustments, payments } from '../../db/schema/money.js';
import { events } from '../../db/schema/schedule.js';
import { HttpError, invalidField, notFound } from '../../plugins/errors.js';
import { requireStudent } from '../students/students.shared.js';
import { todayIn } from '../schedule/schedule.shared.js';
import { grosze, participationCharge, zl } from './money.charge.js';
import { schoolZoneOf } from './money.corrections.js';
import {
  accountRead,
  dueUncharged,
  ledgerOf,
  studentNameOf,
  moneyHistoryOf,
  needsSettling,
  owingBefore,
  studentsDue,
  studentsWithoutAccount,
} from './money.queries.js';
import {
  appendEntry,
  insertCharges,
  lockAccount,
  recomputeCoverage,
  voidChange,
} from './money.writes.js';
import { insertCoveringPayment, lockForPayment, type NewPayment } from './money.payment.js';
import { paymentById, toPayment } from './payments.queries.js';

/** The school's time zone the money of lessons is reckoned in (BOT_TIMEZONE, ADR 035). */
export interface Money {
  db: Db;
  zone: string;
}

/**
 * Runs `write` on a student's money with the account locked: first the charges that have
 * fallen due are written, then `write`, then what covers what and the kept figures are
 * recomputed; all in the caller's transaction (ADR 039).
 */
export async function withAccount<R>(
  tx: Tx,
  zone: string,
  student: number,
  write: () => Promise<R>,
): Promise<R> {
  await lockAccount(tx, student);
  await insertCharges(tx, await dueUncharged(tx, zone, student));
  const result = await write();
  await recomputeCoverage(tx, zone, student);
  return result;
}

/** Writes the charges a student's participations have fallen due with, in a transaction. */
const settleOne = ({ db, zone }: Money, student: number) =>
  db.transaction((tx) => withAccount(tx, zone, student, async () => undefined));

/**
 * Falling due at the time of reading (docs/money.md, Falling due): the charges of a student's
 * participations that have ended are written before any of their money is read. Nothing is
 * locked when nothing has fallen due since. Whether it wrote anything.
 */
export async function settle(money: Money, student: number) {
  if (!(await needsSettling(money.db, money.zone, student))) return false;
  await settleOne(money, student);
  return true;
}

/**
 * The same before a read of participations (their derived isPaid, docs/money.md, and what the
 * info panels sum of it): of a student, of lessons' participants or of one participation, in the
 * school's registered zone; without any of them, of everyone.
 */
export async function settleParticipants(
  db: Db,
  of: {
    student?: number | undefined;
    lesson?: number | undefined;
    lessons?: number[] | undefined;
    event?: number | undefined;
  },
) {
  const money = { db, zone: schoolZoneOf(db) };
  if (of.student !== undefined) {
    await settle(money, of.student);
    return;
  }
  let lessons = of.lessons ?? (of.lesson === undefined ? undefined : [of.lesson]);
  if (of.event !== undefined) {
    const [found] = await db
      .select({ lesson: events.lessonId })
      .from(events)
      .where(eq(events.id, of.event));
    lessons = [found?.lesson ?? 0];
  }
  if (lessons?.length === 0) return;
  for (const student of await studentsDue(db, money.zone, lessons)) {
    await settleOne(money, student);
  }
}

/** Per database handle: the students without kept figures are settled once (migration 0026). */
const orphansSettled = new WeakSet<Db>();

/**
 * The same for every student: before a read across students (balances, reports). One scan of the
 * participations not charged, left out when the read knows already that nothing has fallen due
 * (`pending` false); once per process, the students the upgrade left without figures. Whether
 * it wrote anything.
 */
export async function settleAll(money: Money, pending?: boolean) {
  let wrote = false;
  if (!orphansSettled.has(money.db)) {
    for (const student of await studentsWithoutAccount(money.db)) {
      await settleOne(money, student);
      wrote = true;
    }
    orphansSettled.add(money.db);
  }
  if (pending === false) return wrote;
  for (const student of await studentsDue(money.db, money.zone)) {
    await settleOne(money, student);
    wrote = true;
  }
  return wrote;
}

/**
 * The students owing for lessons dated before `before` (YYYY-MM-DD), with what they owe in
 * grosze (docs/money.md, Payment reminders): every charge that has fallen due is written first
 * (Falling due), so a lesson that ended a minute ago counts and a payment covers what it covers.
 */
export async function owingSince(money: Money, before: string) {
  await settleAll(money);
  return owingBefore(money.db, before);
}

/** 400 unless every one of `ids` is a participation of `student`. */
async function requireOwnEvents(db: Db, student: number, ids: number[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: events.id, student: events.studentId })
    .from(events)
    .where(inArray(events.id, ids));
  const own = new Set(found.filter((e) => e.student === student).map((e) => e.id));
  const other = ids.find((id) => !own.has(id));
  if (other !== undefined) {
    throw invalidField('events', `participation ${other} is not one of this student's`);
  }
}

/** The payment's row and ledger entry, by drizzle (the path that recomputes what covers what). */
async function insertPayment(tx: Tx, p: NewPayment) {
  const [row] = await tx
    .insert(payments)
    .values({
      studentId: p.student,
      amount: p.amount,
      date: p.date,
      method: p.method,
      reference: p.reference,
      note: p.note,
      events: p.events,
    })
    .returning();
  if (!row) throw new Error('payment not made');
  await appendEntry(tx, {
    student: row.studentId,
    kind: 'payment',
    date: row.date,
    amount: -row.amount,
    payment: row.id,
    note: p.entryNote,
  });
  return row;
}

/**
 * POST /api/payments: the payment, its ledger entry and what it covers (docs/money.md). A
 * payment that comes last among the student's credits, with nothing fallen due since, covers
 * incrementally in one statement (ADR 048); any other recomputes what covers what (ADR 039).
 * Either way the same coverage, in one transaction with its history entry.
 */
export async function recordPayment(money: Money, input: z.output<typeof paymentInput>) {
  const { db, zone } = money;
  if (input.events.length > 0) {
    await requireStudent(db, input.student);
    await requireOwnEvents(db, input.student, input.events);
  }
  const p: NewPayment = {
    student: input.student,
    amount: grosze(input.amount),
    date: input.date,
    method: input.method,
    reference: input.reference,
    note: input.note,
    events: [...new Set(input.events)],
    reserved: input.reference === MARKED_PAID,
    entryNote: [input.method, input.reference].filter(Boolean).join(' '),
  };
  const made = await db.transaction(async (tx) => {
    const lock = await lockForPayment(tx, db, zone, p.student, p.date);
    if (!lock) throw notFound('No such student');
    // the payment with its covers and its history entry in one statement (ADR 048, ADR 051)
    if (lock.incremental) {
      const { row, covers } = await insertCoveringPayment(tx, db, zone, p, lock.name);
      return { row, covers, studentName: lock.name };
    }
    const row = await withAccount(tx, zone, p.student, () => insertPayment(tx, p));
    await recordChange(tx, {
      action: 'create',
      entity: 'payments',
      entityId: row.id,
      after: { ...row, amount: zl(row.amount), studentName: lock.name },
    });
    return { row, covers: null, studentName: lock.name };
  });
  // what a recomputation covered is read once it is committed
  return made.covers
    ? toPayment({ p: made.row, studentName: made.studentName }, made.covers)
    : paymentById(db, made.row.id);
}

/** POST /api/payments/{id}/void: it stays, voided; what it covered is open again. */
export async function voidPayment(money: Money, id: number, reason: string) {
  const { db, zone } = money;
  const [found] = await db.select().from(payments).where(eq(payments.id, id));
  if (!found) throw notFound('No such payment');
  await db.transaction((tx) =>
    withAccount(tx, zone, found.studentId, async () => {
      const [row] = await tx
        .update(payments)
        .set({ voided: true, voidReason: reason, voidedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.voided, false)))
        .returning();
      if (!row) throw new HttpError(409, errorCodes.conflict, 'The payment is voided already');
      await appendEntry(tx, {
        student: row.studentId,
        kind: 'void',
        date: todayIn(zone),
        amount: row.amount,
        payment: row.id,
        note: reason,
      });
      await recordChange(tx, voidChange(row, await studentNameOf(tx, row.studentId)));
    }),
  );
  return paymentById(db, id);
}

/** POST /api/adjustments: + the student owes more, - a credit. */
export async function recordAdjustment(money: Money, input: z.output<typeof adjustmentInput>) {
  const { db, zone } = money;
  await requireStudent(db, input.student);
  return db.transaction((tx) =>
    withAccount(tx, zone, input.student, async () => {
      const [row] = await tx
        .insert(adjustments)
        .values({
          studentId: input.student,
          amount: grosze(input.amount),
          date: input.date,
          reason: input.reason,
        })
        .returning();
      if (!row) throw new Error('adjustment not made');
      await appendEntry(tx, {
        student: row.studentId,
        kind: 'adjustment',
        date: row.date,
        amount: row.amount,
        adjustment: row.id,
        note: row.reason,
      });
      const item = {
        id: row.id,
        student: row.studentId,
        amount: zl(row.amount),
        date: row.date,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      };
      await recordChange(tx, {
        action: 'create',
        entity: 'adjustments',
        entityId: row.id,
        after: { ...item, studentName: await studentNameOf(tx, row.studentId) },
      });
      return item;
    }),
  );
}

/**
 * GET /api/students/{id}/account: one statement when nothing has fallen due since the last read
 * (ADR 041); else the charges due are written and it is read again.
 */
export async function accountFor(money: Money, student: number): Promise<Account> {
  let kept = await accountRead(money.db, money.zone, student);
  if (kept?.unsettled) {
    await settleOne(money, student);
    kept = await accountRead(money.db, money.zone, student);
  }
  if (!kept) throw notFound('No such student');
  const upcoming = kept.pending
    .filter((p) => !p.due)
    .reduce((sum, p) => sum + participationCharge(p), 0);
  return {
    balance: zl(kept.balance),
    due: zl(kept.due),
    credit: zl(kept.credit),
    upcoming: zl(upcoming),
    oldestDueDate: kept.oldestDueDate,
    currency: kept.currency,
    reference: kept.reference,
  };
}

/** GET /api/ledger: due entries oldest first, with the running balance after each. */
export async function ledgerFor(
  money: Money,
  query: z.output<typeof ledgerQuery>,
): Promise<LedgerEntry[]> {
  await requireStudent(money.db, query.student);
  await settle(money, query.student);
  let running = 0;
  const out: LedgerEntry[] = [];
  for (const r of await ledgerOf(money.db, query.student)) {
    const amount = Number(r.amount);
    running += amount;
    if (amount === 0) continue;
    if (query.kind && r.kind !== query.kind) continue;
    if (query.dateFrom && r.date < query.dateFrom) continue;
    if (query.dateTo && r.date > query.dateTo) continue;
    out.push({
      ...r,
      at: new Date(r.at).toISOString(),
      amount: zl(amount),
      balance: zl(running),
    });
  }
  return out;
}

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Before a student is deleted (docs/money.md, The ledger): one with money history answers 409
 * linked naming it, since the ledger is kept for good; the kept figures of one without go with
 * them.
 */
export async function refuseDeleteWithMoney(db: Db, student: number) {
  const { payments: paid, adjustments: adjusted, entries } = await moneyHistoryOf(db, student);
  const parts = [
    paid > 0 ? counted(paid, 'payment') : '',
    adjusted > 0 ? counted(adjusted, 'adjustment') : '',
    entries > 0 ? counted(entries, 'ledger entry', 'ledger entries') : '',
  ].filter(Boolean);
  if (parts.length === 0) return;
  const named =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  throw new HttpError(
    409,
    errorCodes.linked,
    `${named} belong to this student: the ledger is kept for good, so a student with money history is not deleted (a payment recorded by mistake is voided instead)`,
  );
}
