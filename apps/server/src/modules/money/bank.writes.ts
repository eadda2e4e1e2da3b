// The writes of bank statement import (docs/money.md, Bank statements; ADR 045).
import { sql } from 'drizzle-orm';
import type { Bank, BankMapping } from '@school/contract/bank-import';
import type { Tx } from '../../db/client.js';
import type { StatementRow } from './bank.read.js';

/** `values` as one SQL array parameter of `type` (unnest: one statement for many rows). */
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

export interface NewBankRow extends StatementRow {
  status: 'matched' | 'unmatched';
  student: number | null;
  suggestion: number | null;
}

/**
 * Stores a batch of a statement's incoming transfers, each once: one whose key is stored
 * already (an earlier import, or another import now, which this one waits for) is left as it
 * is, by the unique index (ADR 045, Duplicates). Answers the ids of the rows it stored, by key.
 * The rows go in key order, so two imports of overlapping batches take the keys in one order.
 */
export async function insertBankRows(
  tx: Tx,
  rows: NewBankRow[],
  meta: { bank: Bank | null; fileName: string; userId: number },
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const column = <T>(pick: (r: NewBankRow) => T, type: string) => array(sorted.map(pick), type);
  const { rows: made } = await tx.execute<{ id: number; key: string }>(sql`
    insert into bank_rows (dedup_key, bank, booked_on, amount, title, counterparty, account,
      transaction_id, status, student_id, suggested_student_id, file_name, line, imported_by)
    select k, ${meta.bank}, d, a, t, c, acc, tid, st, s, sug, ${meta.fileName}, l, ${meta.userId}
    from unnest(${column((r) => r.key, 'text')}, ${column((r) => r.bookedOn, 'date')},
      ${column((r) => r.amount, 'bigint')}, ${column((r) => r.title, 'text')},
      ${column((r) => r.counterparty, 'text')}, ${column((r) => r.account, 'text')},
      ${column((r) => r.transactionId, 'text')}, ${column((r) => r.status, 'text')},
      ${column((r) => r.student, 'int')}, ${column((r) => r.suggestion, 'int')},
      ${column((r) => r.line, 'int')})
      as r(k, d, a, t, c, acc, tid, st, s, sug, l)
    on conflict (dedup_key) do nothing
    returning id, dedup_key as key`);
  return new Map(made.map((r) => [r.key, r.id]));
}

/** The payment a matched row became. */
export async function linkPayment(tx: Tx, id: number, payment: number) {
  await tx.execute(sql`update bank_rows set payment_id = ${payment} where id = ${id}`);
}

/** A row reviewed: assigned (to a student, with its payment), dismissed, or back to review. */
export async function resolveBankRow(
  tx: Tx,
  id: number,
  change: {
    status: 'assigned' | 'dismissed' | 'unmatched';
    student?: number;
    payment?: number;
    userId: number;
  },
) {
  const done = change.status !== 'unmatched';
  await tx.execute(sql`
    update bank_rows set status = ${change.status},
      student_id = ${change.student ?? null}, payment_id = ${change.payment ?? null},
      resolved_by = ${done ? change.userId : null}, resolved_at = ${done ? sql`now()` : null}
    where id = ${id}`);
}

/** A mapping remembered for its header row (ADR 045, Mappings): the latest given wins. */
export async function rememberMapping(
  tx: Tx,
  key: string,
  columns: string[],
  mapping: BankMapping,
  userId: number,
) {
  await tx.execute(sql`
    insert into bank_mappings (key, columns, mapping, updated_by)
    values (${key}, ${array(columns, 'text')}, ${JSON.stringify(mapping)}::jsonb, ${userId})
    on conflict (key) do update set columns = excluded.columns, mapping = excluded.mapping,
      updated_by = excluded.updated_by, updated_at = now()`);
}
