// npm run bench (ADR 007, ADR 016): the app's client routes on 100 000 clients against the
// physical floor, a bare Fastify + pg route reading 50 rows of a stage by index with no count;
// and the schedule's week on three years of lessons against a bare route reading the week's lessons
// with their participants in one query; a client's PUT, which writes its record history entry
// in the same transaction, against a bare route updating one column by id; and a 100 000-row
// import with its history entries and a 100 000-row export, each with its time; and the
// server's peak RSS (VmHWM) in each phase (idle, a login, the routes under load, the export,
// the import) against the memory budget (docs/quality.md). The bench's user is a manager, as the
// staff who use the client list are: the routes run the role's checks, and every write its
// record history (docs/roles.md, docs/history.md).
// The servers run in a child process of their own (serve.mjs: the built server with the
// production memory flags), so autocannon does not share their event loop and the child's RSS
// is the server's as production runs it. Ratios, not timings, are the measure.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { XSRF_COOKIE, XSRF_HEADER } from '@school/contract/common';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { serverFlags } from '../../../scripts/server-flags.mjs';
import { hashPassword } from '../src/modules/auth/password.js';
import { createTestDatabase, startTestCluster } from '../test/databases.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const LESSONS_A_DAY = Number(process.env.BENCH_LESSONS_A_DAY ?? 14);
const ROUNDS = 4;
/** the routes' ratios to their floors are measured at this many connections (docs/quality.md) */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** and the server's memory under load at this many, every route in turn once more */
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
/** How long the idle phase watches the server after its start (ms). */
const IDLE_MS = 3000;
const RSS_BUDGET_MB = 128;

interface Ready {
  appUrl: string;
  bareUrl: string;
  /** process.memoryUsage() of the server once listening */
  memory: string;
}

async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into clients (first_name, last_name, email, tel, price, probability, stage_id, product_id, source_id, hash_code, created_at)
     select 'First' || i, 'Last' || (i % 997), 'c' || i || '@example.com', '+380' || lpad(i::text, 9, '0'),
            (i % 500) + 100, i % 101, (select id from stages order by sort_order offset (i % 6) limit 1),
            1 + (i % 5), 1 + (i % 6), md5(i::text), now() - make_interval(mins => i)
     from generate_series(1, $1::int) i`,
    [CLIENTS],
  );
  await pool.query('vacuum analyze clients'); // the steady state autovacuum keeps
  await pool.query(
    `insert into users (login, password_hash, first_name, last_name, role) values ('bench', $1, 'Bench', 'User', 'manager')`,
    [await hashPassword('bench password 1')],
  );
}

/**
 * Three years of a school's lessons and 8 weeks ahead (docs/quality.md): LESSONS_A_DAY lessons a day
 * among 20 teachers, each with 3 of 2 000 students.
 */
async function seedSchedule(pool: pg.Pool) {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The child's resident set now and its peak, in MB (Linux /proc). */
function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Starts a phase: the child's peak (VmHWM) is reset to its RSS now (Linux clear_refs 5), so
 * the peak read at the phase's end is that phase's own. False where the kernel refuses it;
 * the peak is then the process's since its start.
 */
function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples the child's RSS every 100 ms while `work` runs; answers its result and the max. */
async function sampled<T>(pid: number, work: () => Promise<T>) {
  let max = rssOf(pid).rss;
  const timer = setInterval(() => {
    max = Math.max(max, rssOf(pid).rss);
  }, 100);
  try {
    const result = await work();
    return { result, maxRss: Math.max(max, rssOf(pid).rss) };
  } finally {
    clearInterval(timer);
  }
}

function run(
  url: string,
  headers: Record<string, string>,
  duration = SECONDS,
  requests?: autocannon.Request[],
  connections = CONNECTIONS,
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers, ...(requests ? { requests } : {}) },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

let writes = 0;
/**
 * PUTs that each change a client's position (a new value every time, so every app write leaves
 * a history entry), spread over the clients: /{path}/{id} with {"position": "…"}.
 */
const putsTo = (path: string): autocannon.Request[] => [
  {
    method: 'PUT',
    setupRequest: (request) => {
      writes++;
      const id = 1 + ((writes * 7919) % CLIENTS);
      return {
        ...request,
        path: `${path}/${id}`,
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ position: `Bench ${writes}` }),
      };
    },
  },
];

async function login(appUrl: string) {
  const res = await fetch(`${appUrl}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'bench', password: 'bench password 1' }),
  });
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(XSRF_COOKIE.length + 1);
  return { cookie: pairs.join('; '), xsrf: xsrf ?? '' };
}

/** The import's file, made a thousand lines at a time as the upload sends it. */
async function* importFile() {
  const stageNames = ['New lead', 'Contacted', 'Won'];
  yield 'firstName,lastName,email,stage,price\n';
  for (let from = 0; from < IMPORT_ROWS; from += 1000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(IMPORT_ROWS, from + 1000); i++) {
      lines.push(
        `Imported${i},Bench${i % 991},i${i}@import.example.com,${stageNames[i % 3]},${i % 700}\n`,
      );
    }
    yield lines.join('');
  }
}

/** The file streamed as text/csv, as an API client uploads it (docs/clients.md, CSV import and export). */
async function importRows(appUrl: string, auth: { cookie: string; xsrf: string }) {
  const started = Date.now();
  const res = await fetch(`${appUrl}/api/clients/import?fileName=bench.csv`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie: auth.cookie, [XSRF_HEADER]: auth.xsrf },
    body: ReadableStream.from(importFile()),
    duplex: 'half',
  } as RequestInit);
  let body = await res.text();
  // a large file runs as a job (ADR 012): follow it to its end, so the RSS covers all of it
  if (res.status === 202) {
    const { jobId } = JSON.parse(body) as { jobId: string };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const job = await fetch(`${appUrl}/api/clients/import/${jobId}`, {
        headers: { cookie: auth.cookie },
      });
      body = await job.text();
      const { state } = JSON.parse(body) as { state: string };
      if (!job.ok || state !== 'running') break;
    }
  }
  // reported, not fatal: the RSS while it ran is measured either way
  const answer = res.ok ? body.slice(0, 300) : `failed with ${res.status} ${body.slice(0, 200)}`;
  return { seconds: (Date.now() - started) / 1000, body: answer };
}

/** The clients' export, read to its end as a browser downloads it: its rows and time. */
async function exportRows(appUrl: string, auth: { cookie: string }) {
  const started = Date.now();
  const res = await fetch(`${appUrl}/api/clients/export.csv`, {
    headers: { cookie: auth.cookie },
  });
  if (!res.ok || !res.body) throw new Error(`the export answered ${res.status}`);
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { rows: lines - 1, seconds: (Date.now() - started) / 1000 };
}

/** How many clients the import's file has made (its e-mails are of their own domain). */
async function importedClients(pool: pg.Pool) {
  const { rows } = await pool.query<{ n: number }>(
    "select count(*)::int as n from clients where email like '%@import.example.com'",
  );
  return rows[0]?.n ?? 0;
}

/** How many record history entries there are (docs/history.md). */
async function historyEntries(pool: pg.Pool) {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from history');
  return rows[0]?.n ?? 0;
}

let serverProcess: ChildProcess | undefined;

/** The server's process.memoryUsage(), as it reports it (serve.mjs). */
function memoryOf(child: ChildProcess) {
  return new Promise<string>((resolve) => {
    child.once('message', (m) => resolve((m as { memory: string }).memory));
    child.send({ type: 'memory' });
  });
}

async function main() {
  const started = Date.now();
  buildIfStale(['contract', 'server']);
  const cluster = await startTestCluster('bench');
  const testDb = await createTestDatabase(cluster.adminUrl, cluster.template);
  const pool = new pg.Pool({ connectionString: testDb.url, max: 2 });
  process.stdout.write(`seeding ${CLIENTS} clients ...\n`);
  await seed(pool);
  process.stdout.write(`seeding three years of lessons, ${LESSONS_A_DAY} a day ...\n`);
  await seedSchedule(pool);
  const stage = (await pool.query('select id from stages order by sort_order limit 1 offset 2'))
    .rows[0] as { id: number };
  const oneClient = Math.ceil(CLIENTS / 2);

  // the built server, with the flags `npm start` gives it (SERVER_NODE_FLAGS changes both)
  const flags = serverFlags();
  const child: ChildProcess = fork(fileURLToPath(new URL('serve.mjs', import.meta.url)), [], {
    env: { ...process.env, BENCH_URL: testDb.url, BENCH_STAGE: String(stage.id) },
    // its log lines (one per request, as production writes them) go nowhere
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // BENCH_PROFILE=dir writes a CPU profile of the server process there
    execArgv: [
      ...flags,
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
    ],
  });
  serverProcess = child;
  const { appUrl, bareUrl, memory } = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
  const pid = child.pid ?? 0;
  const startPeak = rssOf(pid).peak;
  process.stdout.write(
    `server: built, node ${flags.join(' ') || '(no flags)'}; listening at ${memory}, start-up peak ${startPeak.toFixed(0)} MB (VmHWM)\n`,
  );
  /** The peak of each phase (VmHWM), in MB, and the server's own account of its memory after it. */
  const peaks: [string, number][] = [];
  const perPhase = resetPeak(pid);
  const phase = async <T>(name: string, work: () => Promise<T>) => {
    resetPeak(pid);
    const { result, maxRss } = await sampled(pid, work);
    const peak = Math.max(maxRss, rssOf(pid).peak);
    peaks.push([name, peak]);
    process.stdout.write(`  ${name}: peak ${peak.toFixed(0)} MB; ${await memoryOf(child)}\n`);
    return result;
  };
  // idle: listening, nothing asked; then one login (the password hash's memory, ADR 016)
  await phase('idle', () => new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const auth = await phase('login', () => login(appUrl));

  const FLOOR = 'floor: 50 rows, no count';
  const WEEK_FLOOR = 'floor: a week of lessons';
  const WRITE_FLOOR = 'floor: write one client';
  const writeAuth = { cookie: auth.cookie, [XSRF_HEADER]: auth.xsrf };
  /** name, url, headers, the floor its ratios are to, and the requests when not a GET */
  const targets: [string, string, Record<string, string>, string, autocannon.Request[]?][] = [
    [FLOOR, `${bareUrl}/floor`, {}, FLOOR],
    ['bare route, app SQL', `${bareUrl}/same-sql`, {}, FLOOR],
    ['app: stage list', `${appUrl}/api/clients?stage=${stage.id}&limit=50`, auth, FLOOR],
    ['app: bystage', `${appUrl}/api/clients/bystage`, auth, FLOOR],
    ['app: one client', `${appUrl}/api/clients/${oneClient}`, auth, FLOOR],
    ['app: dashboard', `${appUrl}/api/dashboard`, auth, FLOOR],
    [WEEK_FLOOR, `${bareUrl}/floor-week`, {}, WEEK_FLOOR],
    ['app: schedule week', `${appUrl}/api/schedule?bias=0&tz=UTC`, auth, WEEK_FLOOR],
    [WRITE_FLOOR, bareUrl, {}, WRITE_FLOOR, putsTo('/floor-write')],
    // the app's PUT with its history entry in the same transaction (docs/history.md)
    ['app: write, with history', appUrl, writeAuth, WRITE_FLOOR, putsTo('/api/clients')],
  ];
  // BENCH_ROUTES=list,week runs the floors and the routes whose names contain those words
  const only = process.env.BENCH_ROUTES?.split(',');
  const chosen = targets.filter(
    ([name, , , floor]) => name === floor || !only || only.some((w) => name.includes(w)),
  );
  // short rounds, every route in turn: a change of load on a shared machine touches all alike
  const measured = new Map<string, autocannon.Result[]>();
  const checked = (name: string, result: autocannon.Result) => {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${name} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
    }
    return result;
  };
  await phase(`load, ${CONNECTIONS} then ${LOAD_CONNECTIONS} connections`, async () => {
    for (const [, url, headers, , requests] of chosen) await run(url, headers, 2, requests); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, headers, , requests] of chosen) {
        const result = checked(name, await run(url, headers, SECONDS / ROUNDS, requests));
        measured.set(name, [...(measured.get(name) ?? []), result]);
      }
    }
    // the memory under a heavier load: every route once more at LOAD_CONNECTIONS
    for (const [name, url, headers, , requests] of chosen) {
      checked(name, await run(url, headers, SECONDS / ROUNDS, requests, LOAD_CONNECTIONS));
    }
  });
  const summary = (runs: autocannon.Result[]) => ({
    perSecond:
      runs.reduce((n, r) => n + r.requests.total, 0) / runs.reduce((n, r) => n + r.duration, 0),
    p99: median(runs.map((r) => r.latency.p99)),
  });
  const floorOf = new Map(chosen.map(([name, , , floor]) => [name, floor]));

  const rows = [...measured].map(([name, runs]) => {
    const r = summary(runs);
    const floor = summary(measured.get(floorOf.get(name) ?? '') ?? []);
    const ratio = (r.perSecond / floor.perSecond) * 100;
    return `${name.padEnd(26)} ${r.perSecond.toFixed(0).padStart(6)} req/s ${ratio.toFixed(0).padStart(4)}%   p99 ${String(r.p99).padStart(4)} ms ${(r.p99 / floor.p99).toFixed(2)}x`;
  });
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  process.stdout.write(
    `${[
      `${CLIENTS} clients, ${LESSONS_A_DAY * 1152} lessons, ${CONNECTIONS} connections, ${SECONDS} s per route in ${ROUNDS} rounds; req/s and p99 (median of the rounds) as ratios to the floor above them`,
      ...rows,
    ].join('\n')}\n`,
  );

  // the export before the import: the clients as seeded, BENCH_CLIENTS rows
  const exported = await phase('export', () => exportRows(appUrl, auth));
  process.stdout.write(
    `export: ${exported.rows} rows through GET /api/clients/export.csv in ${exported.seconds.toFixed(1)} s\n`,
  );
  if (IMPORT_ROWS > 0) {
    process.stdout.write(`importing ${IMPORT_ROWS} rows through POST /api/clients/import ...\n`);
    const entriesBefore = await historyEntries(pool);
    const result = await phase('import', () => importRows(appUrl, auth));
    const written = (await historyEntries(pool)) - entriesBefore;
    process.stdout.write(
      `import with history (${written} entries written): ${result.body} in ${result.seconds.toFixed(1)} s\n`,
    );
    // the whole import of more than 65 535 rows is proven here, not in the tests (docs/quality.md)
    const created = await importedClients(pool);
    process.stdout.write(
      `import ${created === IMPORT_ROWS ? 'created' : 'FAILED: created'} ${created} of ${IMPORT_ROWS} clients\n`,
    );
    if (created !== IMPORT_ROWS) process.exitCode = 1;
  }
  const within = (n: number) => (n <= RSS_BUDGET_MB ? 'within' : 'OVER');
  const budget = peaks.map(([name, peak]) => `${name} ${mb(peak)} ${within(peak)}`);
  process.stdout.write(
    `server peak RSS (VmHWM${perPhase ? ' of each phase' : ' since start: clear_refs refused'}) against the ${RSS_BUDGET_MB} MB budget (PostgreSQL excluded): ${budget.join(', ')}\n`,
  );
  process.stdout.write(`bench ran ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
  await pool.end();
  await testDb.drop();
  await cluster.stop();
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${String(err)}\n`);
  serverProcess?.kill();
  process.exit(1);
});
