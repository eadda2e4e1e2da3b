// The reads of bank statement import (docs/money.md, Bank statements; ADR 045).
import { sql, type SQL } from 'drizzle-orm';
import {
  BANKS,
  bankMapping,
  type Bank,
  type BankMapping,
  type BankRow,
  type BankRowsQuery,
  type BankRowStatus,
} from '@school/contract/bank-import';
import type { Db } from '../../db/client.js';
import { zl } from './money.charge.js';
import { FOLD_FROM, FOLD_TO, type Candidate } from './bank.match.js';
import type { Executor } from './money.queries.js';

/** `values` as one SQL array parameter of `type`. */
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The mappings remembered, by their header row's fingerprint (ADR 045, Mappings). */
export async function rememberedMappings(db: Executor): Promise<Map<string, BankMapping>> {
  const { rows } = await db.execute<{ key: string; mapping: unknown }>(
    sql`select key, mapping from bank_mappings`,
  );
  const out = new Map<string, BankMapping>();
  for (const row of rows) {
    const parsed = bankMapping.safeParse(row.mapping);
    if (parsed.success) out.set(row.key, parsed.data);
  }
  return out;
}

/** Which of `keys` are imported already. */
export async function knownKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.execute<{ key: string }>(
    sql`select dedup_key as key from bank_rows where dedup_key = any(${array(keys, 'text')})`,
  );
  return new Set(rows.map((r) => r.key));
}

export interface StudentRef {
  id: number;
  name: string;
  reference: string;
}

const studentName = sql`trim(s.name || ' ' || s.surname)`;

/** The students whose payment reference is one of `references`, by it. */
export async function studentsByReference(db: Executor, references: string[]) {
  const out = new Map<string, StudentRef>();
  if (references.length === 0) return out;
  const { rows } = await db.execute<StudentRef & Record<string, unknown>>(sql`
    select s.id, ${studentName} as name, s.payment_reference as reference from students s
    where s.payment_reference = any(${array(references, 'text')})`);
  for (const row of rows) out.set(row.reference, row);
  return out;
}

/**
 * The students with a word of their surname, folded as bank.match.ts folds words, among `words`
 * (ADR 045, Suggestions), with what each owes.
 */
export async function studentsBySurname(db: Executor, words: string[]): Promise<Candidate[]> {
  if (words.length === 0) return [];
  const { rows } = await db.execute<{
    id: number;
    name: string;
    surname: string;
    reference: string;
    due: string;
  }>(sql`
    select s.id, s.name, s.surname, s.payment_reference as reference,
      coalesce(a.due, 0)::text as due
    from students s left join accounts a on a.student_id = s.id
    where regexp_split_to_array(translate(lower(s.surname), ${FOLD_FROM}, ${FOLD_TO}),
      '[^[:alnum:]]+') && ${array(words, 'text')}`);
  return rows.map((r) => ({ ...r, due: Number(r.due) }));
}

const isBank = (value: string | null): value is Bank =>
  value !== null && (BANKS as readonly string[]).includes(value);

interface RowRead {
  id: number;
  booked_on: string;
  amount: string;
  title: string;
  counterparty: string;
  account: string;
  transaction_id: string;
  bank: string | null;
  file_name: string;
  created_at: Date | string;
  status: string;
  student_id: number | null;
  student_name: string | null;
  payment_id: number | null;
  suggested_id: number | null;
  suggested_name: string | null;
  suggested_reference: string | null;
  suggested_due: string | null;
  total: number;
}

const toBankRow = (r: RowRead): BankRow => ({
  id: r.id,
  bookedOn: r.booked_on,
  amount: zl(Number(r.amount)),
  title: r.title,
  counterparty: r.counterparty,
  account: r.account,
  transactionId: r.transaction_id,
  bank: isBank(r.bank) ? r.bank : null,
  fileName: r.file_name,
  importedAt: new Date(r.created_at).toISOString(),
  status: r.status as BankRowStatus,
  student: r.student_id,
  studentName: r.student_name,
  payment: r.payment_id,
  suggestion:
    r.suggested_id === null
      ? null
      : {
          id: r.suggested_id,
          name: r.suggested_name ?? '',
          reference: r.suggested_reference ?? '',
          due: zl(Number(r.suggested_due ?? 0)),
        },
});

function selectRows(where: SQL, paging = sql``) {
  return sql`
    select b.id, b.booked_on::text as booked_on, b.amount::text as amount, b.title,
      b.counterparty, b.account, b.transaction_id, b.bank, b.file_name, b.created_at, b.status,
      b.student_id, trim(paid.name || ' ' || paid.surname) as student_name, b.payment_id,
      sug.id as suggested_id, trim(sug.name || ' ' || sug.surname) as suggested_name,
      sug.payment_reference as suggested_reference,
      coalesce(acc.due, 0)::text as suggested_due, (count(*) over ())::int as total
    from bank_rows b
      left join students paid on paid.id = b.student_id
      left join students sug on sug.id = b.suggested_student_id
      left join accounts acc on acc.student_id = b.suggested_student_id
    where ${where}
    order by b.booked_on desc, b.id desc ${paging}`;
}

/**
 * GET /api/payments/unmatched: the transfers waiting for review (or those dismissed), newest
 * booking first, searched in the title, the sender and the account; with the count of all.
 */
export async function listBankRows(db: Db, q: BankRowsQuery) {
  const where: SQL[] = [sql`b.status = ${q.status ?? 'unmatched'}`];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(b.title ilike ${like} or b.counterparty ilike ${like} or b.account ilike ${like})`,
    );
  }
  const { rows } = await db.execute<RowRead & Record<string, unknown>>(
    selectRows(sql.join(where, sql` and `), sql`limit ${q.limit} offset ${q.offset}`),
  );
  // a page past the end has no rows to carry the count: counted apart
  const total =
    rows[0]?.total ??
    (q.offset > 0
      ? Number(
          (
            await db.execute<{ n: number }>(
              sql`select count(*)::int as n from bank_rows b where ${sql.join(where, sql` and `)}`,
            )
          ).rows[0]?.n ?? 0,
        )
      : 0);
  return { rows: rows.map(toBankRow), total };
}

/** One row as the API answers it. */
export async function bankRowById(db: Executor, id: number): Promise<BankRow | undefined> {
  const { rows } = await db.execute<RowRead & Record<string, unknown>>(
    selectRows(sql`b.id = ${id}`),
  );
  return rows[0] && toBankRow(rows[0]);
}

/** A row locked for its review (assign, dismiss, restore): its status and what it holds. */
export async function lockBankRow(db: Executor, id: number) {
  const { rows } = await db.execute<{
    id: number;
    status: string;
    bank: string | null;
    booked_on: string;
    amount: string;
    title: string;
    counterparty: string;
    file_name: string;
  }>(sql`
    select id, status, bank, booked_on::text as booked_on, amount::text as amount, title,
      counterparty, file_name
    from bank_rows where id = ${id} for update`);
  const row = rows[0];
  return row && { ...row, amount: Number(row.amount), bank: isBank(row.bank) ? row.bank : null };
}
