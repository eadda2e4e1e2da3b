// The bench's server process (clients.bench.ts starts it with the flags of
// `npm start`, scripts/server-flags.mjs): the app as production runs it, startServer of the
// built apps/server/dist/server.js on the bench's database, and nothing else, until told to
// stop. The floors run in a process of their own (floors.mjs), so the resident set measured
// here is the app's alone. Plain JavaScript, so no TypeScript loader sits in the process.
import v8 from 'node:v8';
import pg from 'pg';
import { loadConfig } from '../dist/config.js';
import { startServer } from '../dist/server.js';

// The statements the app sends, counted for the bench's statements per request
// (docs/quality.md, Bench): every statement of every connection of this process, the request
// pool's and the job queue's (the same pool); migrations run before the count is read.
let statements = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  return sendQuery.apply(this, args);
};

/** What the process holds now, in bytes: process.memoryUsage() and V8's heap spaces. */
const memory = () => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]),
  );
  return { rss, heapTotal, heapUsed, external, arrayBuffers, spaces };
};

// it logs as production does (LOG_LEVEL, default info: one line per request), to its standard
// output, which the bench discards; SESSION_CACHE=off measures the app reading every session,
// as before ADR 047; backups go to the bench's folder and only on request
const server = await startServer(
  loadConfig({
    DATABASE_URL: process.env.BENCH_URL ?? '',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    SESSION_CACHE: process.env.SESSION_CACHE,
    BACKUP_DIR: process.env.BENCH_BACKUP_DIR,
    BACKUP_EVERY_HOURS: '0',
  }),
);
const address = server.app.server.address();
process.send?.({
  appUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  memory: memory(),
});
process.on('message', (message) => {
  if (message?.type === 'memory') {
    process.send?.({ memory: memory() });
    return;
  }
  if (message?.type === 'statements') {
    process.send?.({ statements });
    return;
  }
  // BENCH_HEAP: a heap snapshot at the end of each phase, to see what the server holds
  if (message?.type === 'snapshot') {
    process.send?.({ snapshot: v8.writeHeapSnapshot(message.path) });
    return;
  }
  void server.close().then(() => process.exit(0));
});
