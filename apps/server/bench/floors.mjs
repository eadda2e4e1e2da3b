// The bench's floors (clients.bench.ts starts them): bare Fastify + pg routes answering each
// need with the cheapest SQL (docs/quality.md, Bench), on the bench's database, in a process of
// their own beside the server's (serve.mjs), whose memory is measured alone, until told to stop.
import Fastify from 'fastify';
import pg from 'pg';
import { createDatabase } from '../dist/db/client.js';
import { clientsPageJson } from '../dist/modules/clients/clients.queries.js';

/** The cheapest SQL that answers the user: 50 rows of a stage by index, no count. */
const FLOOR_SQL = `select c.*, p.name as product_name from clients c
  left join products p on p.id = c.product_id
  where c.stage_id = $1 order by c.last_name, c.id limit 50`;

/**
 * The cheapest SQL that answers the schedule's week as its screen shows it: this week's lessons
 * (Monday to Sunday, UTC) by the date index with the teacher's name, then how many take part in
 * each and pay, by the events' lesson index. (One grouped join of the two costs more.)
 */
const WEEK_LESSONS_SQL = `select l.*, u.first_name, u.last_name
  from lessons l left join users u on u.id = l.teacher_id
  where l.date between date_trunc('week', now() at time zone 'UTC')::date
    and date_trunc('week', now() at time zone 'UTC')::date + 6
  order by l.date, l.start`;
const WEEK_COUNTS_SQL = `select lesson_id, count(*)::int as participants,
    (count(*) filter (where to_pay in (0, 1)))::int as payers
  from events where lesson_id = any($1::int[]) group by lesson_id`;

const url = process.env.BENCH_URL ?? '';
const stageId = Number(process.env.BENCH_STAGE);

// the app's own list SQL, built by its query module (drizzle) once
const database = createDatabase(url);
const barePool = new pg.Pool({ connectionString: url, max: 10 });
const same = clientsPageJson(database.db, { stage: stageId, limit: 50, offset: 0 }).toSQL();
const bare = Fastify();
bare.get('/floor', async () => (await barePool.query(FLOOR_SQL, [stageId])).rows);
bare.get('/floor-week', async () => {
  const lessons = (await barePool.query(WEEK_LESSONS_SQL)).rows;
  const counts = (await barePool.query(WEEK_COUNTS_SQL, [lessons.map((l) => l.id)])).rows;
  return { lessons, counts };
});
// the app's page SQL writes the page as one JSON text (ADR 052): sent as it is, as the app does
bare.get('/same-sql', async (_request, reply) => {
  const { rows } = await barePool.query({ text: same.sql, values: same.params, rowMode: 'array' });
  return reply.type('application/json; charset=utf-8').send(Buffer.from(rows[0][0]));
});
// the cheapest write that answers the user: one column of one client set by id, the row back
bare.put(
  '/floor-write/:id',
  async (request) =>
    (
      await barePool.query('update clients set position = $1 where id = $2 returning *', [
        request.body.position,
        Number(request.params.id),
      ])
    ).rows[0],
);
// The money floors (docs/quality.md, Bench): the cheapest SQL that answers each need. A student's
// account as its screen shows it: the kept figures, the payment reference and the currency, and
// what is upcoming: the sum of the charges of the participations not charged yet (price / 60 x
// duration for a participant who pays, by the partial index of what is not charged).
const ACCOUNT_SQL = `select a.due, a.credit, a.balance, a.oldest_due_date, st.payment_reference,
    (select currency from school_details where id = 1) as currency,
    (select coalesce(sum(round(l.price * l.duration / 60, 2)), 0)
      from participation_dues d join events e on e.id = d.event_id
      join lessons l on l.id = e.lesson_id
      left join attendance_statuses s on s.id = e.attendence
      where d.student_id = st.id and not d.charged and e.to_pay in (0, 1)
        and coalesce(s.charge, true)) as upcoming
  from students st left join accounts a on a.student_id = st.id where st.id = $1`;
bare.get(
  '/floor-account/:id',
  // prepared, as the app's: planning its joins costs more than running them
  async (request) =>
    (
      await barePool.query({
        name: 'floor_account',
        text: ACCOUNT_SQL,
        values: [Number(request.params.id)],
      })
    ).rows[0],
);
// the balances' first page: the kept accounts by due, with the students' names
bare.get(
  '/floor-balances',
  async () =>
    (
      await barePool.query(`select a.*, s.name, s.surname from accounts a
        join students s on s.id = a.student_id order by a.due desc limit 50`)
    ).rows,
);
// a payment: its row and its ledger entry, in one transaction
bare.post('/floor-payment', async (request) => {
  const client = await barePool.connect();
  try {
    await client.query('begin');
    const { student, amount, date } = request.body;
    const [row] = (
      await client.query(
        `insert into payments (student_id, amount, date, method) values ($1, $2, $3, 'cash')
         returning *`,
        [student, Math.round(amount * 100), date],
      )
    ).rows;
    await client.query(
      `insert into ledger_entries (student_id, kind, at, date, amount, payment_id, note)
       values ($1, 'payment', now(), $2, $3, $4, 'cash')`,
      [student, date, -row.amount, row.id],
    );
    await client.query('commit');
    return row;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
});
process.send?.({ bareUrl: await bare.listen({ port: 0, host: '127.0.0.1' }) });
process.on('message', () => {
  void bare
    .close()
    .then(() => Promise.all([barePool.end(), database.pool.end()]))
    .then(() => process.exit(0));
});
