import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BALANCE_CSV_COLUMNS,
  type BalanceRow,
  type balancesQuery,
  type MoneyReportMonth,
} from '@school/contract/money';
import type { Db } from '../../db/client.js';
import { csvStream } from '../../plugins/csv-export.js';
import { plainZl, zl } from './money.charge.js';
import { agesOf, fallenDue, schoolToday } from './money.queries.js';

const SORTS: Record<string, SQL> = {
  due: sql`a.due`,
  balance: sql`a.balance`,
  // the oldest uncovered charge first is the largest age
  age: sql`(current_date - coalesce(a.oldest_due_date, current_date))`,
  // the date itself: ascending, the oldest first; those with nothing due last either way
  since: sql`a.oldest_due_date`,
  name: sql`lower(s.name || ' ' || s.surname)`,
};

interface Row {
  student: number;
  name: string;
  due: string;
  credit: string;
  balance: string;
  oldest: string | null;
  d0_30: string;
  d31_60: string;
  d61_90: string;
  d90plus: string;
  total: number;
  pending: boolean;
  /** its ages were worked out on another day than today: read from its open charges */
  stale: boolean;
}

type BalancesQuery = Omit<z.output<typeof balancesQuery>, 'limit' | 'offset'>;

/**
 * The kept figures of the students with money the query selects, in its order, a page
 * (docs/money.md, Balances). One statement (ADR 041, ADR 048): the page by the index of its
 * order, the total by a count of the accounts alone (their students' names only when searched),
 * the ages as kept when they were worked out today, else summed from the open charges of that
 * student against the school's today, and `pending`, whether a participation has fallen due and
 * is not charged (the caller then settles and reads again).
 */
async function balanceRows(
  db: Db,
  zone: string,
  q: BalancesQuery,
  limit: number,
  offset: number,
): Promise<Row[]> {
  const today = schoolToday(zone);
  const where: SQL[] = [sql`true`];
  if (q.owing) where.push(sql`a.balance > 0`);
  if (q.olderThan !== undefined) {
    where.push(sql`a.oldest_due_date <= ${today} - ${q.olderThan}::int`);
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(s.name || ' ' || s.surname) ilike ${like}`);
  }
  const filter = sql.join(where, sql` and `);
  const counted = q.search
    ? sql`from accounts a join students s on s.id = a.student_id where ${filter}`
    : sql`from accounts a where ${filter}`;
  const sort = q.sort ?? '-due';
  const column = SORTS[sort.replace(/^-/, '')] ?? sql`a.due`;
  const direction = sort.startsWith('-') ? sql`desc` : sql`asc`;
  const kept = (age: string) =>
    sql.raw(`(case when p.stale then g.${age} else p.${age} end)::text as ${age}`);
  const res = await db.execute<Row & Record<string, unknown>>(sql`
    select p.student, p.name, p.due, p.credit, p.balance, p.oldest, p.stale,
      ${kept('d0_30')}, ${kept('d31_60')}, ${kept('d61_90')}, ${kept('d90plus')},
      (select count(*) ${counted})::int as total,
      exists (select 1 from participation_dues d where ${fallenDue(zone)}) as pending
    from (
      select a.student_id as student, trim(s.name || ' ' || s.surname) as name,
        a.due::text as due, a.credit::text as credit, a.balance::text as balance,
        a.oldest_due_date::text as oldest, ${column} as sorted,
        a.aged_on is distinct from ${today} as stale, a.d0_30, a.d31_60, a.d61_90, a.d90plus
      from accounts a join students s on s.id = a.student_id where ${filter}
      order by ${column} ${direction} nulls last, a.student_id
      limit ${limit} offset ${offset}
    ) p
    left join lateral (
      select ${agesOf(sql`o.amount`, sql`o.date`, today)}
      from open_charges o where p.stale and o.student_id = p.student
    ) g on true
    order by p.sorted ${direction} nulls last, p.student`);
  return res.rows;
}

/**
 * The ages of every account worked out on another day, as of the school's today (ADR 048): once
 * a day, after the first read of the balances that found such. An account a write holds is left
 * to that write, which works its ages out itself.
 */
async function refreshAges(db: Db, zone: string) {
  const today = schoolToday(zone);
  await db.execute(sql`
    update accounts a set aged_on = ${today},
      (d0_30, d31_60, d61_90, d90plus) = (select ${agesOf(sql`o.amount`, sql`o.date`, today)}
        from open_charges o where o.student_id = a.student_id)
    where a.aged_on is distinct from ${today} and a.student_id in (
      select student_id from accounts where aged_on is distinct from ${today}
      for update skip locked)`);
}

/** GET /api/balances: every student with money (docs/money.md, Balances), paged. */
export async function listBalances(db: Db, zone: string, q: z.output<typeof balancesQuery>) {
  const found = await balanceRows(db, zone, q, q.limit, q.offset);
  if (found.some((r) => r.stale)) await refreshAges(db, zone);
  const rows: BalanceRow[] = found.map((r) => ({
    student: r.student,
    name: r.name,
    due: zl(r.due),
    credit: zl(r.credit),
    balance: zl(r.balance),
    oldestDueDate: r.oldest,
    aging: {
      d0_30: zl(r.d0_30),
      d31_60: zl(r.d31_60),
      d61_90: zl(r.d61_90),
      d90plus: zl(r.d90plus),
    },
  }));
  return { rows, total: found[0]?.total ?? 0, pending: found[0]?.pending };
}

/** Balances per query of the export: it never holds more than one page of rows. */
const EXPORT_PAGE_ROWS = 1000;

/** The balances in the list's order, a page at a time. */
async function* balancePages(db: Db, zone: string, q: BalancesQuery, first: Row[]) {
  let page = first;
  let offset = 0;
  for (;;) {
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_ROWS) return;
    offset += page.length;
    page = await balanceRows(db, zone, q, EXPORT_PAGE_ROWS, offset);
  }
}

/**
 * GET /api/balances/export.csv: the balances the list's filters and search select, every one,
 * in the list's order (largest due first unless sorted), with plain amounts.
 */
export async function exportBalancesCsv(db: Db, zone: string, q: BalancesQuery): Promise<Readable> {
  const first = await balanceRows(db, zone, q, EXPORT_PAGE_ROWS, 0);
  const recordOf = (r: Row) => [
    String(r.student),
    r.name,
    plainZl(r.d0_30),
    plainZl(r.d31_60),
    plainZl(r.d61_90),
    plainZl(r.d90plus),
    plainZl(r.due),
    plainZl(r.credit),
    plainZl(r.balance),
    r.oldest ?? '',
  ];
  return csvStream(BALANCE_CSV_COLUMNS, balancePages(db, zone, q, first), recordOf);
}

/**
 * GET /api/reports/money: per month, charges by the lesson's date (corrections by the day they
 * were made), payments received by their date less those voided, and what was outstanding at
 * the month's end (docs/money.md, The monthly report). One statement whatever the range: the
 * ledger and the payments are read once and summed per month, and each month's outstanding is
 * what came before the range plus a running sum over its months (never each month's own pass
 * over all that came before it, which cost a year's report seconds on three years of lessons).
 */
export async function moneyReport(db: Db, from: string, to: string): Promise<MoneyReportMonth[]> {
  const res = await db.execute<{
    month: string;
    charged: string;
    received: string;
    outstanding: string;
  }>(sql`
    with months as (
      select m::date as first
      from generate_series(date_trunc('month', ${from}::date::timestamp),
        date_trunc('month', ${to}::date::timestamp), interval '1 month') m
    ),
    moves as (
      select date, case when kind = 'charge' then amount else 0 end as charged,
        0::bigint as received, amount as owed
      from ledger_entries where kind in ('charge', 'adjustment')
      union all
      select date, 0, amount, -amount from payments where not voided
    ),
    by_month as (
      select date_trunc('month', date::timestamp)::date as first, sum(charged) as charged,
        sum(received) as received, sum(owed) as owed
      from moves
      where date < date_trunc('month', ${to}::date::timestamp) + interval '1 month'
      group by 1
    )
    select to_char(m.first, 'YYYY-MM') as month,
      coalesce(b.charged, 0)::text as charged,
      coalesce(b.received, 0)::text as received,
      ((select coalesce(sum(owed), 0) from by_month
        where first < date_trunc('month', ${from}::date::timestamp))
        + sum(coalesce(b.owed, 0)) over (order by m.first))::text as outstanding
    from months m left join by_month b on b.first = m.first
    order by m.first`);
  return res.rows.map((r) => ({
    month: r.month,
    charged: zl(r.charged),
    received: zl(r.received),
    outstanding: zl(r.outstanding),
  }));
}
