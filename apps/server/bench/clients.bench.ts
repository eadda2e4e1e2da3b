// npm run bench (ADR 007, ADR 016, ADR 049): the app's client routes on 100 000 clients against
// the physical floor, a bare Fastify + pg route reading 50 rows of a stage by index with no
// count; and the schedule's week on three years of lessons against a bare route reading the
// week's lessons with their participants in one query; a client's PUT, which writes its record
// history entry in the same transaction, against a bare route updating one column by id; a
// 100 000-row import with its history entries, two 70 000-row imports back to back and a
// 100 000-row export, each with its time; the money's routes; a 10 000-row bank statement; a
// backup; a three-year student's statements; and the server's peak RSS (VmHWM) in each phase
// against the memory budget, in one table at the end: the bench fails when a phase is over it
// (docs/quality.md, Memory). The bench's user is a manager, as the staff who use the client
// list are: the routes run the role's checks, and every write its record history
// (docs/roles.md, docs/history.md); the backup is an admin's.
// The server runs in a child process of its own (serve.mjs: the built server started as
// `npm start` starts it, with its flags), the floors in another (floors.mjs),
// so autocannon does not share their event loop and the server's RSS is its own as production
// runs it. Ratios, not timings, are the measure.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import { XSRF_HEADER } from '@school/contract/common';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { serverFlags } from '../../../scripts/server-flags.mjs';
import { createTestDatabase, startTestCluster } from '../test/databases.js';
import {
  cpuOf,
  memoryOf,
  memoryText,
  resetPeak,
  rssOf,
  sampled,
  snapshotOf,
  type ServerMemory,
} from './memory.js';
import {
  backupNow,
  exportRows,
  historyEntries,
  importedClients,
  importRows,
  IMPORT_DOMAIN,
  login,
  paymentsTo,
  putsTo,
  run,
  statementPdf,
  statementsPerRequest,
} from './requests.js';
import { importStatement } from './bank.bench.js';
import { owingStudents, OWING, seedMoney } from './money.seed.js';
import { BENCH_ADMIN, seed, seedSchedule } from './seed.js';
import { seedStatementStudent } from './statement.seed.js';
import {
  BANK_ROWS,
  CLIENTS,
  CONNECTIONS,
  IDLE_MS,
  IMPORT_ROWS,
  LESSONS_A_DAY,
  LOAD_CONNECTIONS,
  PAIR_ROWS,
  PAYMENT_P99_MS,
  ROUNDS,
  RSS_BUDGET_MB,
  SECONDS,
} from './settings.js';

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

const isFloor = ([name, , , floor]: Target) => name === floor;
/** BENCH_ROUTES=list,week: the floors and the routes whose names contain those words */
const only = process.env.BENCH_ROUTES?.split(',');
const chosenOf = (targets: Target[]) =>
  targets.filter((t) => isFloor(t) || !only || only.some((w) => t[0].includes(w)));
/** each app route's turn at LOAD_CONNECTIONS, for the memory under load: at least 2 s */
const LOAD_SECONDS = Math.max(2, SECONDS / ROUNDS);

/**
 * Short rounds, every chosen route in turn: a change of load on a shared machine touches all
 * alike; then every app route (whatever BENCH_ROUTES chose) once more at LOAD_CONNECTIONS for
 * the memory under load, all in one memory phase. Each chosen route's req/s and p99 as ratios
 * to its floor's, a line each.
 */
async function measure(targets: Target[], phase: Phase, phaseName: string) {
  const chosen = chosenOf(targets);
  const measured = new Map<string, autocannon.Result[]>();
  await phase(phaseName, async () => {
    for (const [, url, headers, , requests] of chosen) await run(url, headers, 2, requests); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, headers, , requests] of chosen) {
        const result = checked(name, await run(url, headers, SECONDS / ROUNDS, requests));
        measured.set(name, [...(measured.get(name) ?? []), result]);
      }
    }
    for (const [name, url, headers, , requests] of targets.filter((t) => !isFloor(t))) {
      checked(name, await run(url, headers, LOAD_SECONDS, requests, LOAD_CONNECTIONS));
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

const say = (text: string) => process.stdout.write(`${text}\n`);
const MB = (n: number) => `${n.toFixed(0)} MB`;

/** One memory phase's outcome: its peak (MB) and the server's account of its memory after it. */
interface PhaseMemory {
  name: string;
  peak: number;
  after: ServerMemory;
  /** the highest peak of a process the server started in the phase (a backup's, a PDF's), MB */
  childPeak: number;
  /** of the RSS after it, what is of files (Node's binary) and what anonymous, MB */
  files: number;
  anon: number;
  /** the server's CPU time in the phase, s: unlike the wall clock, a busy machine hardly moves it */
  cpu: number;
}

/** "RSS 121 MB (files 41, anonymous 80), V8 heap ...": what the server holds after a phase. */
const afterText = (p: PhaseMemory) =>
  `RSS ${MB(p.after.rss / 1048576)} (files ${p.files.toFixed(0)}, anonymous ${p.anon.toFixed(0)}), ${memoryText(p.after)}`;

/** Every phase in one table, against the budget; true when all are within it. */
function budgetTable(phases: PhaseMemory[], perPhase: boolean) {
  const width = Math.max(...phases.map((p) => p.name.length), 5);
  const over = phases.filter((p) => p.peak > RSS_BUDGET_MB);
  say(
    `server peak RSS (VmHWM${perPhase ? ' of each phase' : ' since start: clear_refs refused'}, the embedded PostgreSQL excluded) against the ${RSS_BUDGET_MB} MB budget:`,
  );
  say(`  ${'phase'.padEnd(width)}   peak  margin     CPU  after it`);
  for (const p of phases) {
    const margin = RSS_BUDGET_MB - p.peak;
    const verdict = margin >= 0 ? `${MB(margin).padStart(6)}` : '  OVER';
    const child =
      p.childPeak > 0
        ? `; the process it started (a backup's, a document's) peaked at ${MB(p.childPeak)}`
        : '';
    const cpu = `${p.cpu.toFixed(1)} s`.padStart(7);
    say(
      `  ${p.name.padEnd(width)} ${MB(p.peak).padStart(6)} ${verdict} ${cpu}  ${afterText(p)}${child}`,
    );
  }
  say(
    over.length === 0
      ? `memory: every phase within ${RSS_BUDGET_MB} MB, the highest ${MB(Math.max(...phases.map((p) => p.peak)))}`
      : `memory: OVER the ${RSS_BUDGET_MB} MB budget in ${over.map((p) => `${p.name} (${MB(p.peak)})`).join(', ')}`,
  );
  return over.length === 0;
}

let serverProcess: ChildProcess | undefined;
let floorsProcess: ChildProcess | undefined;

/** A child process of the bench and its first message. */
function started<T>(file: string, options: Parameters<typeof fork>[2]) {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], options);
  const ready = new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return { child, ready };
}

async function stop(child: ChildProcess) {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
}

async function main() {
  const startedAt = Date.now();
  // what `npm start` builds: the server serves the web app and the player as in production
  buildIfStale(['contract', 'server', 'web', 'player']);
  const cluster = await startTestCluster('bench');
  const testDb = await createTestDatabase(cluster.adminUrl, cluster.template);
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-backups-'));
  const pool = new pg.Pool({ connectionString: testDb.url, max: 2 });
  say(`seeding ${CLIENTS} clients ...`);
  await seed(pool);
  say(`seeding three years of lessons, ${LESSONS_A_DAY} a day ...`);
  await seedSchedule(pool);
  const stage = (await pool.query('select id from stages order by sort_order limit 1 offset 2'))
    .rows[0] as { id: number };
  const oneClient = Math.ceil(CLIENTS / 2);

  const floors = started<{ bareUrl: string }>('floors.mjs', {
    env: { ...process.env, BENCH_URL: testDb.url, BENCH_STAGE: String(stage.id) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [],
  });
  floorsProcess = floors.child;
  // the built server, with the flags `npm start` gives it (SERVER_NODE_FLAGS changes both)
  const flags = serverFlags();
  const server = started<{ appUrl: string; memory: ServerMemory }>('serve.mjs', {
    env: { ...process.env, BENCH_URL: testDb.url, BENCH_BACKUP_DIR: backupDir },
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
  serverProcess = server.child;
  const child = server.child;
  const [{ bareUrl }, { appUrl, memory }] = await Promise.all([floors.ready, server.ready]);
  const pid = child.pid ?? 0;
  const startPeak = rssOf(pid).peak;
  say(
    `server: built, node ${flags.join(' ') || '(no flags)'}; listening at RSS ${MB(memory.rss / 1048576)}, ${memoryText(memory)}; start-up peak ${MB(startPeak)} (VmHWM)`,
  );
  const phases: PhaseMemory[] = [];
  const perPhase = resetPeak(pid);
  // BENCH_HEAP=dir: a heap snapshot of the server after each phase (it costs the server some
  // 150 MB of RSS while written: the phases after it measure that too)
  const heapDir = process.env.BENCH_HEAP;
  const phase = async <T>(name: string, work: () => Promise<T>) => {
    resetPeak(pid);
    const cpuBefore = cpuOf(pid);
    const { result, maxRss, childPeak } = await sampled(pid, work);
    const cpu = cpuOf(pid) - cpuBefore;
    const peak = Math.max(maxRss, rssOf(pid).peak);
    const after = await memoryOf(child);
    const { file, anon } = rssOf(pid);
    const done = { name, peak, after, childPeak, files: file, anon, cpu };
    phases.push(done);
    say(`  ${name}: peak ${MB(peak)}${peak > RSS_BUDGET_MB ? ' OVER' : ''}; ${afterText(done)}`);
    if (heapDir) {
      const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      say(
        `    ${await snapshotOf(child, path.join(heapDir, `${phases.length}-${slug}.heapsnapshot`))}`,
      );
    }
    return result;
  };
  // idle: listening, nothing asked; then one login (the password hash's memory, ADR 049)
  await phase('idle', () => new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const auth = await phase('login', () => login(appUrl));
  const admin = await login(appUrl, BENCH_ADMIN); // for the backup, outside any phase

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
  const rows = await measure(
    targets,
    phase,
    `load, ${CONNECTIONS} then ${LOAD_CONNECTIONS} connections`,
  );
  say(
    [
      `${CLIENTS} clients, ${LESSONS_A_DAY * 1152} lessons, ${CONNECTIONS} connections, ${SECONDS} s per route in ${ROUNDS} rounds; req/s and p99 (median of the rounds) as ratios to the floor above them`,
      ...rows,
    ].join('\n'),
  );
  // the statements each app route sends per request, counted in the server (ADR 047)
  const counted: string[] = [];
  for (const [name, url, headers, floor, requests] of chosenOf(targets)) {
    if (name === floor || requests || !url.startsWith(appUrl)) continue;
    const perRequest = await statementsPerRequest(child, url, headers);
    counted.push(`${name} ${perRequest.toFixed(2)}`);
  }
  say(`statements per request: ${counted.join(', ')}`);

  // the export before the imports: the clients as seeded, BENCH_CLIENTS rows
  const exported = await phase('export', () => exportRows(appUrl, auth));
  say(
    `export: ${exported.rows} rows through GET /api/clients/export.csv in ${exported.seconds.toFixed(1)} s`,
  );
  /** An import followed to its end; the bench fails unless it created every row. */
  const imported = async (rowCount: number, domain: string) => {
    const entriesBefore = await historyEntries(pool);
    const result = await importRows(appUrl, auth, rowCount, domain);
    const written = (await historyEntries(pool)) - entriesBefore;
    // the whole import of more than 65 535 rows is proven here, not in the tests (docs/quality.md)
    const created = await importedClients(pool, domain);
    say(
      `import of ${rowCount} rows with history (${written} entries written) in ${result.seconds.toFixed(1)} s: ${created === rowCount ? 'created' : 'FAILED: created'} ${created} of ${rowCount} clients; ${result.body}`,
    );
    if (created !== rowCount) process.exitCode = 1;
  };
  if (IMPORT_ROWS > 0) {
    say(`importing ${IMPORT_ROWS} rows through POST /api/clients/import ...`);
    await phase('import', () => imported(IMPORT_ROWS, IMPORT_DOMAIN));
  }
  if (PAIR_ROWS > 0) {
    // two more, the second sent as soon as the first has ended: what the first leaves behind
    // (ADR 049)
    say(`importing ${PAIR_ROWS} rows twice, back to back ...`);
    await phase(`two imports of ${PAIR_ROWS}`, async () => {
      await imported(PAIR_ROWS, 'pair-1.example.com');
      await imported(PAIR_ROWS, 'pair-2.example.com');
    });
  }

  // money (docs/quality.md, Bench): seeded in SQL after the routes above, so their week is as before
  say('seeding the money: a weekly lesson a student for three years, charged and paid ...');
  const seeded = await seedMoney(pool);
  const owing = await owingStudents(pool);
  const oneOwing = owing[Math.floor(owing.length / 2)] ?? 0;
  const ACCOUNT_FLOOR = 'floor: account, upcoming';
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
    moneyTargets,
    phase,
    `money, ${CONNECTIONS} then ${LOAD_CONNECTIONS} connections`,
  );
  say(
    [
      `money: ${seeded.lessons} weekly lessons of 2000 students, ${seeded.charges} charges; account and payments of students owing ${OWING} charges; the payment's p99 budget ${PAYMENT_P99_MS} ms`,
      ...moneyRows,
    ].join('\n'),
  );

  if (BANK_ROWS > 0) {
    // a bank statement into the ledger above (docs/money.md, Bank statements), streamed
    const bank = await phase('bank import', () => importStatement(appUrl, auth, pool));
    say(
      `bank import: ${BANK_ROWS} rows of an mBank statement through POST /api/payments/import in ${bank.seconds.toFixed(1)} s: ${bank.body}`,
    );
  }

  // a backup as an admin starts it, written by a process of the server's own (ADR 028)
  const backup = await phase('backup', () => backupNow(appUrl, admin));
  say(
    `backup: ${(backup.bytes / 1048576).toFixed(0)} MB of table data into a ${(backup.size / 1048576).toFixed(0)} MB file through POST /api/backups in ${backup.seconds.toFixed(1)} s`,
  );

  // a student's statements (docs/money.md, Statements): the first PDF drawn loads pdfkit
  const student = await seedStatementStudent(pool);
  say(
    `statements of a student with ${student.entries} ledger entries over three years; the busiest month ${student.busiest} has ${student.busiestEntries}`,
  );
  for (const [name, month] of [
    [`statement of ${student.month}`, student.month],
    [`statement of ${student.busiest} (busiest)`, student.busiest],
  ] as const) {
    const pdf = await phase(name, () => statementPdf(appUrl, auth, student.id, month));
    say(
      `${name}: ${pdf.pages} pages, ${(pdf.bytes / 1024).toFixed(0)} kB through GET /api/students/{id}/statement in ${pdf.seconds.toFixed(1)} s`,
    );
  }

  if (!budgetTable(phases, perPhase)) process.exitCode = 1;
  say(`bench ran ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);

  await stop(child);
  await stop(floors.child);
  await pool.end();
  await testDb.drop();
  await cluster.stop();
  rmSync(backupDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  serverProcess?.kill();
  floorsProcess?.kill();
  process.exit(1);
});
