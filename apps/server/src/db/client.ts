import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as authSchema from './schema/auth.js';
import * as clientsSchema from './schema/clients.js';
import * as lookupsSchema from './schema/lookups.js';
import * as usersSchema from './schema/users.js';

export const schema = { ...authSchema, ...clientsSchema, ...lookupsSchema, ...usersSchema };
export type Db = NodePgDatabase<typeof schema>;
/** The handle a `db.transaction` callback receives: runs statements inside that transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The pool behind a database handle, for the few reads that decode their own rows. */
export const poolOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

export interface Database {
  pool: pg.Pool;
  db: Db;
}

export interface DatabaseLogger {
  warn: (obj: object, msg: string) => void;
}

export interface DatabaseOptions {
  /** server-side limit of every statement (0: none, for migrations); default 15 s */
  statementTimeoutMs?: number;
  /** how long to wait for a connection, new or from the pool; default 5 s */
  connectTimeoutMs?: number;
}

/**
 * One pool per app instance; an unreachable server surfaces as errors the app maps to 503.
 * Nothing waits forever (ADR 011): the server cancels a statement past statement_timeout, and
 * the client gives up a little later still when the network itself is gone.
 */
export function createDatabase(
  connectionString: string,
  log?: DatabaseLogger,
  { statementTimeoutMs = 15_000, connectTimeoutMs = 5_000 }: DatabaseOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 5_000 }
      : {}),
  });
  // A connection lost must not crash the process (docs/quality.md, Reliability: 503, recover).
  // The pool listens on idle clients only; a client checked out (a transaction, the job
  // queue's) emits 'error' with nobody listening, which Node throws as an uncaught exception.
  // Every client gets its own listener: the statement in progress still fails (and answers
  // 503), and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => log?.warn({ err }, 'database connection lost'));
  });
  pool.on('error', () => undefined); // already logged by the client's own listener
  return { pool, db: drizzle(pool, { schema }) };
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  '55000', // object_not_in_prerequisite_state (e.g. a standby not yet accepting writes)
  '57014', // query_canceled: statement_timeout, the server is overloaded
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when an error means the database cannot be reached right now (answer 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && (unavailableCodes.has(e.code) || e.code.startsWith('08'))) {
      return true;
    }
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.cause;
  }
  return false;
}
