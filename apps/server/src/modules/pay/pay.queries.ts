import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lessonInstant } from '../schedule/schedule.shared.js';
import type { PaidLesson, Rate } from './pay.compute.js';

/** What a pay statement runs on: the pool or a transaction. */
export type Executor = Db | Tx;

/** A teacher's rates, oldest first. */
export async function ratesOf(db: Executor, teacher: number): Promise<Rate[]> {
  const res = await db.execute<Rate & Record<string, unknown>>(sql`
    select id, kind, value, "from"::text as "from" from pay_rates
    where teacher_id = ${teacher} order by "from", id`);
  return res.rows;
}

/**
 * A teacher's lessons that have ended (date and end time passed in the school's zone), each
 * with its participants' toPay and statuses: those of a month, or those of `ids`.
 */
export async function endedLessons(
  db: Executor,
  zone: string,
  teacher: number,
  which: { month: string } | { ids: number[]; months: string[] },
): Promise<PaidLesson[]> {
  let where: SQL;
  if ('month' in which) {
    where = sql`to_char(l.date, 'YYYY-MM') = ${which.month}`;
  } else {
    if (which.ids.length === 0 && which.months.length === 0) return [];
    const ids = which.ids.length
      ? sql.join(
          which.ids.map((i) => sql`${i}`),
          sql`, `,
        )
      : sql`null`;
    const months = which.months.length
      ? sql.join(
          which.months.map((m) => sql`${m}`),
          sql`, `,
        )
      : sql`null`;
    where = sql`(l.id in (${ids}) or to_char(l.date, 'YYYY-MM') in (${months}))`;
  }
  const res = await db.execute<PaidLesson & Record<string, unknown>>(sql`
    select l.id as "lesson", l.date::text as "date", to_char(l.start, 'HH24:MI') as "start",
      to_char(l."end", 'HH24:MI') as "end", coalesce(nullif(l.course, ''), g.name, '') as "name",
      l.price::text as "price", l.duration::text as "duration",
      coalesce(json_agg(json_build_object(
        'toPay', e.to_pay,
        'charges', coalesce(s.charge, true),
        'payTeacher', coalesce(s.pay_teacher, true)
      ) order by e.id) filter (where e.id is not null), '[]') as "participants"
    from lessons l
    left join groups g on g.id = l.group_id
    left join events e on e.lesson_id = l.id
    left join attendance_statuses s on s.id = e.attendence
    where l.teacher_id = ${teacher} and ${where}
      and ${lessonInstant(sql`l.date`, sql`l."end"`, zone)} <= now()
    group by l.id, g.name
    order by l.date, l.start, l.id`);
  return res.rows;
}

export interface RunRow {
  id: number;
  teacher: number;
  month: string;
  state: 'approved' | 'paid';
  lessons: number;
  hours: string;
  amount: number;
  approvedAt: string;
  paidOn: string | null;
}

const RUN_COLUMNS = sql`id, teacher_id as "teacher", month, state, lessons, hours::text as "hours",
  amount::int8 as "amount", approved_at as "approvedAt", paid_on::text as "paidOn"`;

/** Runs of a month (of everyone, or of one teacher). */
export async function runsOfMonth(db: Executor, month: string, teacher?: number) {
  const res = await db.execute<RunRow & Record<string, unknown>>(sql`
    select ${RUN_COLUMNS} from pay_runs where month = ${month}
    ${teacher === undefined ? sql`` : sql`and teacher_id = ${teacher}`}`);
  return res.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The months a teacher has approved (or paid). */
export async function approvedMonths(db: Executor, teacher: number): Promise<Set<string>> {
  const res = await db.execute<{ month: string }>(
    sql`select month from pay_runs where teacher_id = ${teacher}`,
  );
  return new Set(res.rows.map((r) => r.month));
}

export interface FrozenLine {
  lesson: number;
  date: string;
  start: string;
  end: string;
  name: string;
  hours: string;
  kind: Rate['kind'] | null;
  rateId: number | null;
  rate: number | null;
  amount: number;
  correction: boolean;
  correctsMonth: string | null;
}

/** The frozen lines of a run, in their order. */
export async function linesOfRun(db: Executor, run: number): Promise<FrozenLine[]> {
  const res = await db.execute<FrozenLine & Record<string, unknown>>(sql`
    select lesson_id as "lesson", date::text as "date", to_char(start, 'HH24:MI') as "start",
      to_char("end", 'HH24:MI') as "end", name, hours::text as "hours", kind,
      rate_id as "rateId", rate, amount::int8 as "amount", correction,
      corrects_month as "correctsMonth"
    from pay_lines where run_id = ${run} order by id`);
  return res.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Per lesson: what a teacher's approved runs paid for it in all, and the latest such month. */
export async function frozenByLesson(db: Executor, teacher: number) {
  const res = await db.execute<{
    lesson: number;
    amount: string;
    month: string;
    date: string;
    start: string;
    end: string;
    name: string;
  }>(sql`
    select pl.lesson_id as "lesson", sum(pl.amount)::text as "amount", max(r.month) as "month",
      (array_agg(pl.date::text order by pl.id))[1] as "date",
      (array_agg(to_char(pl.start, 'HH24:MI') order by pl.id))[1] as "start",
      (array_agg(to_char(pl."end", 'HH24:MI') order by pl.id))[1] as "end",
      (array_agg(pl.name order by pl.id))[1] as "name"
    from pay_lines pl join pay_runs r on r.id = pl.run_id
    where r.teacher_id = ${teacher}
    group by pl.lesson_id`);
  return res.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/**
 * The users whose pay a month may show: the teachers of its lessons, those with a run in it, and
 * those with an approved earlier month (a correction may come to this one).
 */
export async function teachersOfMonth(db: Executor, month: string): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    select distinct l.teacher_id as "id" from lessons l
      where l.teacher_id is not null and to_char(l.date, 'YYYY-MM') = ${month}
    union
    select teacher_id from pay_runs where month <= ${month}`);
  return res.rows.map((r) => r.id);
}

/** Users' names as the lists show them, by id. */
export async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<{ id: number; name: string }>(sql`
    select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), login) as "name"
    from users
    where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`);
  return new Map(res.rows.map((r) => [r.id, r.name]));
}
