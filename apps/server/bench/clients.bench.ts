// npm run bench (ADR 007, ADR 016): the app's client routes on 100 000 clients against the
// physical floor, a bare Fastify + pg route reading 50 rows of a stage by index with no count;
// and the schedule's week on three years of lessons against a bare route reading the week's lessons
// with their participants in one query; a client's PUT, which writes its record history entry
// in the same transaction, against a bare route updating one column by id; and a 100 000-row
// import with its history entries and a 100 000-row export, each with its time; and the
// server's peak RSS (VmHWM) in each phase (idle, a login, the routes under load, the export,
// the import, a 10 000-row bank statement) against the memory budget (docs/quality.md). The
// bench's user is a manager, as the staff who use the client list are: the routes run the
// role's checks, and every write its record history (docs/roles.md, docs/history.md).
// The servers run in a child process of their own (serve.mjs: the built server with the
// production memory flags), so autocannon does not share their event loop and the child's RSS
// is the server's as production runs it. Ratios, not timings, are the measure.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import { XSRF_HEADER } from '@school/contract/common';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { serverFlags } from '../../../scripts/server-flags.mjs';
import { createTestDatabase, startTestCluster } from '../test/databases.js';
import { memoryOf, resetPeak, rssOf, sampled } from './memory.js';
import {
  exportRows,
  historyEntries,
  importedClients,
  importRows,
  login,
  paymentsTo,
  putsTo,
  run,
  statementsPerRequest,
} from './requests.js';
import { importStatement } from './bank.bench.js';
import { owingStudents, OWING, seedMoney } from './money.seed.js';
import { seed, seedSchedule } from './seed.js';
import {
  BANK_ROWS,
  CLIENTS,
  CONNECTIONS,
  IDLE_MS,
  IMPORT_ROWS,
  LESSONS_A_DAY,
  LOAD_CONNECTIONS,
  PAYMENT_P99_MS,
  ROUNDS,
  RSS_BUDGET_MB,
  SECONDS,
} from './settings.js';

interface Ready {
  appUrl: string;
  bareUrl: string;
  /** process.memoryUsage() of the server once listening */
  memory: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

type Target = [string, string, Record<string, string>, string, autocannon.Request[]?];
type Phase = <T>(name: string, work: () => Promise<T>) => Promise<T>;

const checked = (name: string, result: autocannon.Result) => {
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return result;
};

const summary = (runs: autocannon.Result[]) => ({
  perSecond:
    runs.reduce((n, r) => n + r.requests.total, 0) / runs.reduce((n, r) => n + r.duration, 0),
  p99: median(runs.map((r) => r.latency.p99)),
});

/**
 * Short rounds, every route in turn: a change of load on a shared machine touches all alike;
 * then every route once more at LOAD_CONNECTIONS for the memory under load, all in one memory
 * phase. Each route's req/s and p99 as ratios to its floor's, a line each.
 */
async function measure(chosen: Target[], phase: Phase, phaseName: string) {
  const measured = new Map<string, autocannon.Result[]>();
  await phase(phaseName, async () => {
    for (const [, url, headers, , requests] of chosen) await run(url, headers, 2, requests); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, headers, , requests] of chosen) {
        const result = checked(name, await run(url, headers, SECONDS / ROUNDS, requests));
        measured.set(name, [...(measured.get(name) ?? []), result]);
      }
    }
    for (const [name, url, headers, , requests] of chosen) {
      checked(name, await run(url, headers, SECONDS / ROUNDS, requests, LOAD_CONNECTIONS));
    }
  });
  const floorOf = new Map(chosen.map(([name, , , floor]) => [name, floor]));
  return [...measured].map(([name, runs]) => {
    const r = summary(runs);
    const floor = summary(measured.get(floorOf.get(name) ?? '') ?? []);
    const ratio = (r.perSecond / floor.perSecond) * 100;
    return `${name.padEnd(26)} ${r.perSecond.toFixed(0).padStart(6)} req/s ${ratio.toFixed(0).padStart(4)}%   p99 ${String(r.p99).padStart(4)} ms ${(r.p99 / floor.p99).toFixed(2)}x`;
  });
}

let serverProcess: ChildProcess | undefined;

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
  const targets: Target[] = [
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
  const rows = await measure(
    chosen,
    phase,
    `load, ${CONNECTIONS} then ${LOAD_CONNECTIONS} connections`,
  );
  process.stdout.write(
    `${[
      `${CLIENTS} clients, ${LESSONS_A_DAY * 1152} lessons, ${CONNECTIONS} connections, ${SECONDS} s per route in ${ROUNDS} rounds; req/s and p99 (median of the rounds) as ratios to the floor above them`,
      ...rows,
    ].join('\n')}\n`,
  );
  // the statements each app route sends per request, counted in the server (ADR 047)
  const counted: string[] = [];
  for (const [name, url, headers, floor, requests] of chosen) {
    if (name === floor || requests) continue;
    const perRequest = await statementsPerRequest(child, url, headers);
    counted.push(`${name} ${perRequest.toFixed(2)}`);
  }
  process.stdout.write(`statements per request: ${counted.join(', ')}\n`);
  const mb = (n: number) => `${n.toFixed(0)} MB`;

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
  // money (docs/quality.md, Bench): seeded in SQL after the routes above, so their week is as before
  process.stdout.write(
    'seeding the money: a weekly lesson a student for three years, charged and paid ...\n',
  );
  const seeded = await seedMoney(pool);
  const owing = await owingStudents(pool);
  const oneOwing = owing[Math.floor(owing.length / 2)] ?? 0;
  const ACCOUNT_FLOOR = 'floor: one account row';
  const BALANCES_FLOOR = 'floor: 50 accounts by due';
  const PAYMENT_FLOOR = 'floor: payment + entry';
  const moneyTargets: Target[] = [
    [ACCOUNT_FLOOR, `${bareUrl}/floor-account/${oneOwing}`, {}, ACCOUNT_FLOOR],
    ['app: account', `${appUrl}/api/students/${oneOwing}/account`, auth, ACCOUNT_FLOOR],
    [BALANCES_FLOOR, `${bareUrl}/floor-balances`, {}, BALANCES_FLOOR],
    ['app: balances', `${appUrl}/api/balances?limit=50`, auth, BALANCES_FLOOR],
    [PAYMENT_FLOOR, bareUrl, {}, PAYMENT_FLOOR, paymentsTo('/floor-payment', owing)],
    ['app: payment', appUrl, writeAuth, PAYMENT_FLOOR, paymentsTo('/api/payments', owing)],
  ];
  const moneyRows = await measure(
    moneyTargets.filter(
      ([name, , , floor]) => name === floor || !only || only.some((w) => name.includes(w)),
    ),
    phase,
    `money, ${CONNECTIONS} then ${LOAD_CONNECTIONS} connections`,
  );
  process.stdout.write(
    `${[
      `money: ${seeded.lessons} weekly lessons of 2000 students, ${seeded.charges} charges; account and payments of students owing ${OWING} charges; the payment's p99 budget ${PAYMENT_P99_MS} ms`,
      ...moneyRows,
    ].join('\n')}\n`,
  );

  if (BANK_ROWS > 0) {
    // a bank statement into the ledger above (docs/money.md, Bank statements), streamed
    const bank = await phase('bank import', () => importStatement(appUrl, auth, pool));
    process.stdout.write(
      `bank import: ${BANK_ROWS} rows of an mBank statement through POST /api/payments/import in ${bank.seconds.toFixed(1)} s: ${bank.body}\n`,
    );
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
