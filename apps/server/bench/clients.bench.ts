// npm run bench: GET /api/clients?stage=S&limit=50 on 100 000 clients, beside a bare Fastify +
// pg route running the same SQL on the same data (the physical floor). DESIGN.md §4 asks for
// at least 50% of the floor's throughput and p99 under 20 ms at 10 connections.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { clientsPageQuery } from '../src/modules/clients/clients.queries.js';
import { createTestDatabase, startTestCluster } from '../test/databases.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into clients (first_name, last_name, email, tel, price, probability, stage_id, product_id, source_id, hash_code)
     select 'First' || i, 'Last' || (i % 997), 'c' || i || '@example.com', '+380' || lpad(i::text, 9, '0'),
            (i % 500) + 100, i % 101, (select id from stages order by sort_order offset (i % 6) limit 1),
            1 + (i % 5), 1 + (i % 6), md5(i::text)
     from generate_series(1, $1::int) i`,
    [CLIENTS],
  );
  await pool.query('vacuum analyze clients'); // the steady state autovacuum keeps: index-only counts
  await pool.query(
    `insert into users (login, password_hash, first_name, last_name) values ('bench', $1, 'Bench', 'User')`,
    [await hashPassword('bench password 1')],
  );
}

function run(url: string, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function main() {
  const cluster = await startTestCluster('bench');
  const testDb = await createTestDatabase(cluster.adminUrl, cluster.template);
  const database = createDatabase(testDb.url);
  process.stdout.write(`seeding ${CLIENTS} clients ...\n`);
  await seed(database.pool);
  const stage = (
    await database.pool.query('select id from stages order by sort_order limit 1 offset 2')
  ).rows[0] as { id: number };

  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: testDb.url }),
    database,
    logger: false,
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${appUrl}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'bench', password: 'bench password 1' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  // the floor: the same SQL, on its own pool, through a bare route
  const query = clientsPageQuery(database.db, { stage: stage.id, limit: 50, offset: 0 }).toSQL();
  if (process.env.BENCH_EXPLAIN) {
    const plan = await database.pool.query(`explain analyze ${query.sql}`, query.params);
    process.stdout.write(
      `${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`,
    );
  }
  const barePool = new pg.Pool({ connectionString: testDb.url, max: 10 });
  const bare = Fastify();
  bare.get('/clients', async () => (await barePool.query(query.sql, query.params)).rows);
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const path = `/clients?stage=${stage.id}&limit=50`;
  await run(`${bareUrl}${path}`, {}); // warm both up
  await run(`${appUrl}/api${path}`, { cookie });
  const floor = await run(`${bareUrl}${path}`, {});
  const ours = await run(`${appUrl}/api${path}`, { cookie });
  if (ours.non2xx > 0) throw new Error(`the app answered ${ours.non2xx} non-2xx responses`);

  const ratio = ours.requests.average / floor.requests.average;
  const line = (name: string, r: autocannon.Result) =>
    `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`;
  process.stdout.write(
    [
      `GET /api/clients?stage=S&limit=50, ${CLIENTS} clients, ${CONNECTIONS} connections, ${SECONDS} s`,
      line('bare Fastify + pg (floor)', floor),
      line('app', ours),
      `ratio ${(ratio * 100).toFixed(0)}% of the floor (budget >= 50%), p99 ${ours.latency.p99} ms (budget < 20 ms)`,
      '',
    ].join('\n'),
  );

  await app.close();
  await bare.close();
  await barePool.end();
  await database.pool.end();
  await testDb.drop();
  await cluster.stop();
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${String(err)}\n`);
  process.exit(1);
});
