// The bench's data (docs/quality.md): the clients, the bench's users and three years of lessons.
import type pg from 'pg';
import { hashPassword } from '../src/modules/auth/password.js';
import { CLIENTS, LESSONS_A_DAY } from './settings.js';

/** The bench's users: a manager, as the staff who use the client list are, and an admin (backups). */
export const BENCH_MANAGER = 'bench';
export const BENCH_ADMIN = 'bench-admin';
export const BENCH_PASSWORD = 'bench password 1';

export async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into clients (first_name, last_name, email, tel, price, probability, stage_id, product_id, source_id, hash_code, created_at)
     select 'First' || i, 'Last' || (i % 997), 'c' || i || '@example.com', '+380' || lpad(i::text, 9, '0'),
            (i % 500) + 100, i % 101, (select id from stages order by sort_order offset (i % 6) limit 1),
            1 + (i % 5), 1 + (i % 6), md5(i::text), now() - make_interval(mins => i)
     from generate_series(1, $1::int) i`,
    [CLIENTS],
  );
  await pool.query('vacuum analyze clients'); // the steady state autovacuum keeps
  const hash = await hashPassword(BENCH_PASSWORD);
  await pool.query(
    `insert into users (login, password_hash, first_name, last_name, role)
     values ($1, $3, 'Bench', 'User', 'manager'), ($2, $3, 'Bench', 'Admin', 'admin')`,
    [BENCH_MANAGER, BENCH_ADMIN, hash],
  );
}

/**
 * Three years of a school's lessons and 8 weeks ahead (docs/quality.md): LESSONS_A_DAY lessons a day
 * among 20 teachers, each with 3 of 2 000 students.
 */
export async function seedSchedule(pool: pg.Pool) {
  await pool.query(
    `insert into users (login, password_hash, first_name, last_name)
     select 'teacher' || i, 'x', 'Teacher', 'No' || i from generate_series(1, 20) i`,
  );
  await pool.query(
    `insert into students (name, surname, hash_code)
     select 'Student' || i, 'Bench' || (i % 97), 'bench' || i from generate_series(1, 2000) i`,
  );
  await pool.query(
    `insert into lessons (date, start, "end", price, duration, teacher_id, course)
     select current_date + d, make_time(8 + (n % 12), 0, 0), make_time(9 + (n % 12), 0, 0),
            100 + n, 1, (select min(id) from users where login like 'teacher%') + (n % 20),
            'Course ' || (n % 9)
     from generate_series(-1095, 56) d, generate_series(0, $1::int - 1) n`,
    [LESSONS_A_DAY],
  );
  await pool.query(
    `insert into events (lesson_id, student_id, to_pay)
     select l.id, (select min(id) from students) + ((l.id * 7 + k * 211) % 2000), 1
     from lessons l, generate_series(0, 2) k`,
  );
  await pool.query('vacuum analyze users, students, lessons, events');
}
