// The bench's server process (clients.bench.ts starts it): the app as production runs it, built
// JavaScript from apps/server/dist with the production memory flags, beside the bare floor
// routes (a stage's clients, a week's lessons, a client's write) on the same database, until told to stop. Plain JavaScript, so no TypeScript loader
// sits in the process whose resident set is measured.
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../dist/app.js';
import { loadConfig } from '../dist/config.js';
import { createDatabase } from '../dist/db/client.js';
import { clientsPageQuery } from '../dist/modules/clients/clients.queries.js';

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

const mb = (n) => `${(n / 1048576).toFixed(0)} MB`;
const memory = () => {
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  return `rss ${mb(rss)}, V8 heap ${mb(heapUsed)} used of ${mb(heapTotal)}, external ${mb(external)}`;
};

const database = createDatabase(url);
// The statements the app's pool sends, counted for the bench's statements per request
// (docs/quality.md, Bench): every connection the pool opens, each statement it is given.
let statements = 0;
const appClients = new WeakSet();
database.pool.on('connect', (client) => appClients.add(client));
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  if (appClients.has(this)) statements++;
  return sendQuery.apply(this, args);
};
// it logs as production does (LOG_LEVEL, default info: one line per request), to its standard
// output, which the bench discards
// SESSION_CACHE=off measures the app reading every session, as before ADR 047
const app = await buildApp({
  config: loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    SESSION_CACHE: process.env.SESSION_CACHE,
  }),
  database,
});
const barePool = new pg.Pool({ connectionString: url, max: 10 });
const same = clientsPageQuery(database.db, { stage: stageId, limit: 50, offset: 0 }).toSQL();
const bare = Fastify();
bare.get('/floor', async () => (await barePool.query(FLOOR_SQL, [stageId])).rows);
bare.get('/floor-week', async () => {
  const lessons = (await barePool.query(WEEK_LESSONS_SQL)).rows;
  const counts = (await barePool.query(WEEK_COUNTS_SQL, [lessons.map((l) => l.id)])).rows;
  return { lessons, counts };
});
bare.get('/same-sql', async () => (await barePool.query(same.sql, same.params)).rows);
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
// account: one indexed select of the kept row.
bare.get(
  '/floor-account/:id',
  async (request) =>
    (
      await barePool.query(
        'select due, credit, balance, oldest_due_date from accounts where student_id = $1',
        [Number(request.params.id)],
      )
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
const ready = {
  appUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
  bareUrl: await bare.listen({ port: 0, host: '127.0.0.1' }),
  memory: memory(),
};
process.send?.(ready);
process.on('message', (message) => {
  if (message?.type === 'memory') {
    process.send?.({ memory: memory() });
    return;
  }
  if (message?.type === 'statements') {
    process.send?.({ statements });
    return;
  }
  process.stderr.write(`server memory at the end: ${memory()}\n`);
  void Promise.all([app.close(), bare.close()])
    .then(() => Promise.all([barePool.end(), database.pool.end()]))
    .then(() => process.exit(0));
});
