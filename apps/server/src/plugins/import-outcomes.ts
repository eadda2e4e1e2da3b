// What an import ends in (ADR 012): its failure's status and body, the error a route throws
// for it, and the job as the API answers it.
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportResult } from '@school/contract/imports';
import { errorCodes, type ErrorBody } from '@school/contract/common';
import { isDatabaseUnavailable } from '../db/client.js';
import { HttpError, sqlStateOf } from './errors.js';
import type { ImportJobRow, JobResult } from './import-jobs.queries.js';

export const busy = () =>
  new HttpError(
    429,
    errorCodes.importRunning,
    'Another import is running; try again when it has finished',
  );

/** The server is stopping (docs/operations.md, Stopping): 503, try again after the restart. */
export const stoppingError = (message = 'The server is stopping; import the file again shortly') =>
  new HttpError(503, errorCodes.unavailable, message);

/** The innermost cause of a failure: the driver's own error, without the SQL drizzle adds. */
function rootOf(err: unknown): unknown {
  let current = err;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  return current;
}

/**
 * The status and JSON error body of a failed import: the HttpError's own, else a server fault,
 * logged by its SQLSTATE and the driver's message only (never the statement with its rows).
 */
export function failureOf(err: unknown, log: FastifyBaseLogger): [number, ErrorBody] {
  if (err instanceof HttpError) {
    const body = { error: err.code, message: err.message };
    return [err.statusCode, err.fields ? { ...body, fields: err.fields } : body];
  }
  const sqlState = sqlStateOf(err);
  if (sqlState?.startsWith('22')) {
    // the database refused a value of the file (a NUL byte in text...): bad input
    const message = 'A value in the file is not valid; nothing was imported';
    return [400, { error: errorCodes.validation, message }];
  }
  const root = rootOf(err);
  const reason = root instanceof Error ? root.message : String(root);
  log.error({ sqlState, reason }, 'import failed; nothing was imported');
  if (isDatabaseUnavailable(err)) {
    return [
      503,
      { error: errorCodes.unavailable, message: 'The database is not reachable right now' },
    ];
  }
  return [
    500,
    { error: errorCodes.internal, message: 'Something went wrong; nothing was imported' },
  ];
}

export interface Outcome {
  result?: JobResult;
  status?: number;
  error?: ErrorBody;
}

/** A job's failure as thrown by a route: the error handler answers its body. */
export function failureError({ status, error }: Outcome): HttpError {
  const body = error ?? { error: errorCodes.internal, message: 'Something went wrong' };
  return new HttpError(status ?? 500, body.error, body.message, body.fields);
}

export function viewOf(row: ImportJobRow): ImportJob {
  const state = row.state === 'done' || row.state === 'failed' ? row.state : 'running';
  return {
    jobId: row.id,
    state,
    processed: row.processed,
    total: row.total,
    ...(row.result ? { result: row.result as ImportResult } : {}),
    ...(row.error ? { error: row.error as ErrorBody } : {}),
  };
}
