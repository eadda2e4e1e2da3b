// The statement's student (docs/quality.md, Memory): one student with a weekly lesson for three
// years and eight weeks ahead, and one summer month of an intensive course (two lessons a day,
// each day paid in cash), every ended lesson charged; each month paid by one transfer at its
// end, the intensive month day by day, this month's charges left open. Written in SQL as the
// app works it out (what covers what, the kept figures), so the statement only reads.
import type pg from 'pg';
import { BENCH_ZONE } from './money.seed.js';

export interface StatementStudent {
  id: number;
  /** the last month before this one (YYYY-MM): a month of weekly lessons */
  month: string;
  /** the month with the most entries and its number of entries */
  busiest: string;
  busiestEntries: number;
  entries: number;
}

export async function seedStatementStudent(pool: pg.Pool): Promise<StatementStudent> {
  const { rows: students } = await pool.query<{ id: number }>(
    `insert into students (name, surname, hash_code) values ('Statement', 'Bench', 'bench-statement')
     returning id`,
  );
  const id = students[0]?.id ?? 0;
  // the weekly lessons, and the intensive month: July of last year, two lessons every day
  await pool.query(
    `insert into lessons (date, start, "end", price, duration, course, comment)
     select current_date - 7 * w, time '17:00', time '18:00', 80, 60, 'Weekly', 'statement'
     from generate_series(-8, 156) w
     union all
     select d::date, make_time(9 + 4 * k, 0, 0), make_time(10 + 4 * k, 30, 0), 70, 90,
            'Summer intensive', 'statement'
     from generate_series(make_date(extract(year from current_date)::int - 1, 7, 1),
                          make_date(extract(year from current_date)::int - 1, 7, 31),
                          interval '1 day') d, generate_series(0, 1) k`,
  );
  await pool.query(
    `insert into events (lesson_id, student_id, to_pay)
     select id, $1, 1 from lessons where comment = 'statement'`,
    [id],
  );
  await pool.query(
    `with due as (
       update participation_dues d set charged = true
       from events e
       where e.id = d.event_id and e.student_id = $2 and (d.ends_at at time zone $1) <= now()
       returning d.event_id
     )
     insert into ledger_entries (student_id, kind, at, date, amount, event_id, lesson_id, note)
     select e.student_id, 'charge', (pd.ends_at at time zone $1), l.date,
            round(l.price * l.duration * 100 / 60)::bigint, e.id, l.id, l.course
     from due join events e on e.id = due.event_id join lessons l on l.id = e.lesson_id
       join participation_dues pd on pd.event_id = e.id
     order by 3, e.id`,
    [BENCH_ZONE, id],
  );
  // what pays each charge: the intensive course's by the day's cash payment, the others by
  // their month's transfer on its last day; nothing of this month
  await pool.query(
    `create temporary table bench_statement as
     select le.id as entry_id, le.event_id, le.date, le.amount, le.at,
            case when le.note = 'Summer intensive' then le.date
                 else (date_trunc('month', le.date) + interval '1 month - 1 day')::date end as paid_on,
            case when le.note = 'Summer intensive' then 'cash' else 'transfer' end as method
     from ledger_entries le where le.student_id = $1 and le.kind = 'charge'`,
    [id],
  );
  await pool.query(
    `with paid as (
       insert into payments (student_id, amount, date, method, reference)
       select $1, sum(amount), paid_on, method, 'bench statement ' || paid_on
       from bench_statement where paid_on < date_trunc('month', current_date)
       group by paid_on, method
       returning id, amount, date, method, reference
     ), entry as (
       insert into ledger_entries (student_id, kind, at, date, amount, payment_id, note)
       select $1, 'payment', date + time '12:00', date, -amount, id, method || ' ' || reference
       from paid
     )
     insert into coverage (student_id, event_id, payment_id, amount)
     select $1, c.event_id, paid.id, c.amount
     from bench_statement c join paid on paid.date = c.paid_on and paid.method = c.method`,
    [id],
  );
  await pool.query(
    `insert into open_charges (student_id, event_id, date, amount, at, entry_id)
     select $1, event_id, date, amount, at, entry_id from bench_statement
     where paid_on >= date_trunc('month', current_date)`,
    [id],
  );
  await pool.query(
    `insert into accounts (student_id, due, credit, balance, oldest_due_date)
     select $1, coalesce(sum(amount), 0), 0, coalesce(sum(amount), 0), min(date)
     from open_charges where student_id = $1`,
    [id],
  );
  await pool.query('drop table bench_statement');
  await pool.query('analyze ledger_entries, payments, coverage, open_charges, accounts');
  const { rows } = await pool.query<{ month: string; n: number; total: number }>(
    `select to_char(date, 'YYYY-MM') as month, count(*)::int as n,
       (sum(count(*)) over ())::int as total
     from ledger_entries where student_id = $1 and amount <> 0
     group by 1 order by 2 desc, 1 desc limit 1`,
    [id],
  );
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  return {
    id,
    month: lastMonth.toISOString().slice(0, 7),
    busiest: rows[0]?.month ?? '',
    busiestEntries: rows[0]?.n ?? 0,
    entries: rows[0]?.total ?? 0,
  };
}
