// What the bench sends the servers: autocannon's load, the login, the import and the export.
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type pg from 'pg';
import { XSRF_COOKIE, XSRF_HEADER } from '@school/contract/common';
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed.js';
import { CLIENTS, CONNECTIONS, IMPORT_ROWS, SECONDS } from './settings.js';

export function run(
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
export const putsTo = (path: string): autocannon.Request[] => [
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

let payments = 0;
/**
 * POSTs of a 5 zł cash payment, each for the next of `students` in turn (each owes 150 charges,
 * docs/quality.md, Bench): {path} with {student, amount, date, method}.
 */
export const paymentsTo = (path: string, students: number[]): autocannon.Request[] => [
  {
    method: 'POST',
    setupRequest: (request) => {
      payments++;
      const student = students[payments % students.length] ?? 0;
      return {
        ...request,
        path,
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          student,
          amount: 5,
          date: new Date().toISOString().slice(0, 10),
          method: 'cash',
        }),
      };
    },
  },
];

/** A login of one of the bench's users (seed.ts): the session's cookies and XSRF token. */
export async function login(appUrl: string, user = BENCH_MANAGER) {
  const res = await fetch(`${appUrl}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: user, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`the login of ${user} answered ${res.status}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(XSRF_COOKIE.length + 1);
  return { cookie: pairs.join('; '), xsrf: xsrf ?? '' };
}

/** The e-mail domain of the first import's clients; each later import has its own. */
export const IMPORT_DOMAIN = 'import.example.com';

/**
 * An import's file of `rows` new clients whose e-mails are of `domain`, made a thousand lines
 * at a time as the upload sends it.
 */
async function* importFile(rows: number, domain: string) {
  const stageNames = ['New lead', 'Contacted', 'Won'];
  yield 'firstName,lastName,email,stage,price\n';
  for (let from = 0; from < rows; from += 1000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(rows, from + 1000); i++) {
      lines.push(`Imported${i},Bench${i % 991},i${i}@${domain},${stageNames[i % 3]},${i % 700}\n`);
    }
    yield lines.join('');
  }
}

/**
 * The file streamed as text/csv, as an API client uploads it (docs/clients.md, CSV import and
 * export), followed to its end.
 */
export async function importRows(
  appUrl: string,
  auth: { cookie: string; xsrf: string },
  rows = IMPORT_ROWS,
  domain = IMPORT_DOMAIN,
) {
  const started = Date.now();
  const res = await fetch(`${appUrl}/api/clients/import?fileName=bench.csv`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie: auth.cookie, [XSRF_HEADER]: auth.xsrf },
    body: ReadableStream.from(importFile(rows, domain)),
    duplex: 'half',
  } as RequestInit);
  const answer = await followJob(res, `${appUrl}/api/clients/import`, auth.cookie);
  return { seconds: (Date.now() - started) / 1000, body: answer };
}

/**
 * An import's answer: a large file runs as a job (ADR 012), followed at `{path}/{jobId}` to its
 * end, so the RSS covers all of it. Reported, not fatal: the RSS while it ran is measured either
 * way.
 */
export async function followJob(res: Response, path: string, cookie: string) {
  let body = await res.text();
  if (res.status === 202) {
    const { jobId } = JSON.parse(body) as { jobId: string };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const job = await fetch(`${path}/${jobId}`, { headers: { cookie } });
      body = await job.text();
      const { state } = JSON.parse(body) as { state: string };
      if (!job.ok || state !== 'running') break;
    }
  }
  return res.ok ? body.slice(0, 300) : `failed with ${res.status} ${body.slice(0, 200)}`;
}

/** The clients' export, read to its end as a browser downloads it: its rows and time. */
export async function exportRows(appUrl: string, auth: { cookie: string }) {
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

/** How many clients an import's file has made (its e-mails are of their own domain). */
export async function importedClients(pool: pg.Pool, domain = IMPORT_DOMAIN) {
  const { rows } = await pool.query<{ n: number }>(
    'select count(*)::int as n from clients where email like $1',
    [`%@${domain}`],
  );
  return rows[0]?.n ?? 0;
}

/** How many record history entries there are (docs/history.md). */
export async function historyEntries(pool: pg.Pool) {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from history');
  return rows[0]?.n ?? 0;
}

/** How many statements the server's app pool has sent so far (serve.mjs counts them). */
function statementsOf(child: ChildProcess) {
  return new Promise<number>((resolve) => {
    child.once('message', (m) => resolve((m as { statements: number }).statements));
    child.send({ type: 'statements' });
  });
}

/**
 * The statements the app sends per request of `url`: `amount` requests one after another,
 * the statements counted before and after (docs/quality.md, Bench). Unlike req/s, the same on
 * a busy machine as on an idle one.
 */
export async function statementsPerRequest(
  child: ChildProcess,
  url: string,
  headers: Record<string, string>,
  amount = 500,
) {
  const before = await statementsOf(child);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers, amount, connections: 1 }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url} answered non-2xx`);
  return ((await statementsOf(child)) - before) / amount;
}

/**
 * A backup as an admin starts it (POST /api/backups, ADR 028), followed at
 * /api/backups/current to its end: its time and its answer.
 */
export async function backupNow(appUrl: string, admin: { cookie: string; xsrf: string }) {
  const started = Date.now();
  const res = await fetch(`${appUrl}/api/backups`, {
    method: 'POST',
    headers: { cookie: admin.cookie, [XSRF_HEADER]: admin.xsrf },
  });
  if (res.status !== 202) throw new Error(`the backup answered ${res.status} ${await res.text()}`);
  type Job = { state: string; bytes: number; backup: { size: number } | null };
  let job = (await res.json()) as Job;
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await fetch(`${appUrl}/api/backups/current`, {
      headers: { cookie: admin.cookie },
    });
    job = (await current.json()) as Job;
  }
  if (job.state !== 'done') throw new Error(`the backup ended ${JSON.stringify(job)}`);
  return { seconds: (Date.now() - started) / 1000, bytes: job.bytes, size: job.backup?.size ?? 0 };
}

/**
 * A student's statement of `month` (GET /api/students/{id}/statement), read to its end as a
 * browser downloads it: its size, its pages and its time.
 */
export async function statementPdf(
  appUrl: string,
  auth: { cookie: string },
  student: number,
  month: string,
) {
  const started = Date.now();
  const res = await fetch(`${appUrl}/api/students/${student}/statement?month=${month}&lang=pl`, {
    headers: { cookie: auth.cookie },
  });
  if (!res.ok) throw new Error(`the statement answered ${res.status} ${await res.text()}`);
  const pdf = Buffer.from(await res.arrayBuffer());
  const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  return { seconds: (Date.now() - started) / 1000, bytes: pdf.length, pages };
}
