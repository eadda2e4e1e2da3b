// The money bench's data (docs/quality.md, Bench): each of the 2 000 students has a weekly lesson
// for three years and eight weeks ahead; every participation that has ended is charged, and each
// student has paid all but their latest few charges (one in ten owes their latest 150), with what
// covers what and the kept figures as the app works them out (docs/money.md). Written in SQL.
import type pg from 'pg';

/** The school's zone the app reckons in (BOT_TIMEZONE's default). */
export const BENCH_ZONE = 'Europe/Kyiv';
/** The students whose latest 150 charges are open: every tenth (id % 10 = 0). */
export const OWING = 150;

export async function seedMoney(pool: pg.Pool) {
  await pool.query(
    `insert into lessons (date, start, "end", price, duration, course, comment)
     select current_date - 7 * w - (s.id % 7), make_time(8 + (s.id % 10), 0, 0),
            make_time(9 + (s.id % 10), 0, 0), 50 + (s.id % 50), 60, 'Weekly', s.id::text
     from students s, generate_series(-8, 156) w`,
  );
  // a participation each; the triggers keep when each falls due (ADR 041)
  await pool.query(
    `insert into events (lesson_id, student_id, to_pay)
     select id, comment::int, 1 from lessons where course = 'Weekly'`,
  );
  // the charge of every participation that has ended, as the catch-up writes it (the one
  // charge rule, exact in numeric, half up)
  await pool.query(
    `with due as (
       update participation_dues d set charged = true
       where (d.ends_at at time zone $1) <= now() returning d.event_id
     )
     insert into ledger_entries (student_id, kind, at, date, amount, event_id, lesson_id, note)
     select e.student_id, 'charge', (pd.ends_at at time zone $1), coalesce(e.date, l.date),
            round(l.price * l.duration * 100 / 60)::bigint, e.id, l.id, l.course
     from due join events e on e.id = due.event_id join lessons l on l.id = e.lesson_id
       join participation_dues pd on pd.event_id = e.id
     where e.to_pay in (0, 1) and round(l.price * l.duration * 100 / 60) > 0
     order by 3, e.id`,
    [BENCH_ZONE],
  );
  // each student's charges, newest first: all but the latest few are paid by one payment
  await pool.query(
    `create temporary table bench_charges as
     select student_id, event_id, date, amount, at, id, row_number() over (
         partition by student_id order by at desc, id desc) as newest
     from ledger_entries where kind = 'charge'`,
  );
  await pool.query(
    `update bench_charges set newest = 0
     where newest > case when student_id % 10 = 0 then ${OWING} else student_id % 8 end`,
  );
  await pool.query(
    `with paid as (
       insert into payments (student_id, amount, date, method, reference)
       select student_id, sum(amount), current_date - 7, 'transfer', 'bench'
       from bench_charges where newest = 0 group by student_id
       returning id, student_id, amount, date
     ), entry as (
       insert into ledger_entries (student_id, kind, at, date, amount, payment_id, note)
       select student_id, 'payment', now(), date, -amount, id, 'transfer bench' from paid
     )
     insert into coverage (student_id, event_id, payment_id, amount)
     select c.student_id, c.event_id, paid.id, c.amount
     from bench_charges c join paid on paid.student_id = c.student_id where c.newest = 0`,
  );
  await pool.query(
    `insert into open_charges (student_id, event_id, date, amount, at, entry_id)
     select student_id, event_id, date, amount, at, id from bench_charges where newest > 0`,
  );
  await pool.query(
    `insert into accounts (student_id, due, credit, balance, oldest_due_date)
     select s.id, coalesce(sum(o.amount), 0), 0, coalesce(sum(o.amount), 0), min(o.date)
     from students s left join open_charges o on o.student_id = s.id group by s.id`,
  );
  await pool.query('drop table bench_charges');
  await pool.query(
    'vacuum analyze lessons, events, participation_dues, ledger_entries, payments, coverage, open_charges, accounts',
  );
  const { rows } = await pool.query<{ lessons: number; charges: number }>(
    `select (select count(*) from lessons where course = 'Weekly')::int as lessons,
       (select count(*) from ledger_entries where kind = 'charge')::int as charges`,
  );
  return rows[0] ?? { lessons: 0, charges: 0 };
}

/** The students who owe their latest 150 charges. */
export async function owingStudents(pool: pg.Pool) {
  const { rows } = await pool.query<{ id: number }>(
    'select id from students where id % 10 = 0 order by id',
  );
  return rows.map((r) => r.id);
}
