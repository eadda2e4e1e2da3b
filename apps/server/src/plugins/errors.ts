import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { conflictErrorBody, errorBody, errorCodes, type ErrorBody } from '@school/contract/common';
import type { Config } from '../config.js';
import { isDatabaseUnavailable } from '../db/client.js';
import { plainSecurityHeaders } from './security-headers.js';

/** A failure with a status and a code (docs/api.md, Errors), thrown by handlers and hooks. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** more members of the error body (e.g. the clashes of a 409 'clash') */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The failure answers a resource route documents (OpenAPI), all with the JSON error body. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  // a duplicate, a linked delete, or a save made on an older version (ADR 038)
  409: conflictErrorBody,
};

export const notFound = (what = 'Not found') => new HttpError(404, errorCodes.notFound, what);
/** The learner's page API's prefix: every answer under it is the student's own (ADR 030). */
export const LEARNER_API = '/api/public/students/';
/**
 * The one answer of the learner's page API to a hashCode it does not serve (unknown, malformed,
 * renewed, too long or badly encoded): the same body whatever the cause (ADR 030).
 */
export const noSuchLearnerPage = () => notFound('No such page');
/** A file the web app does not have (/robots.txt, /nope.js): never the app page (ADR 015). */
export const noSuchFile = (pathname: string) => notFound(`No file ${pathname}`);
export const unauthorized = (message = 'Not logged in') =>
  new HttpError(401, errorCodes.unauthorized, message);
/** 400 validation naming one field: "Invalid {field}: {message}", fields { [field]: message }. */
export const invalidField = (field: string, message: string) =>
  new HttpError(400, errorCodes.validation, `Invalid ${field}: ${message}`, { [field]: message });

export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const byStatus: Partial<Record<number, readonly [string, string]>> = {
  400: [errorCodes.validation, 'The request is not valid'],
  401: [errorCodes.unauthorized, 'Not logged in'],
  403: [errorCodes.forbidden, 'Forbidden'],
  404: [errorCodes.notFound, 'Not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  406: ['not_acceptable', 'Not acceptable'],
  408: ['timeout', 'The request took too long to arrive'],
  413: [errorCodes.tooLarge, 'The request body is too large'],
  414: ['uri_too_long', 'The address (URL) is too long'],
  415: ['unsupported_media_type', 'Send JSON (Content-Type: application/json)'],
  429: [errorCodes.tooManyAttempts, 'Too many requests, try again later'],
  431: ['headers_too_large', 'The request headers are too large'],
};

/** Errors of the router itself, answered before any route or hook runs. */
const byFrameworkCode: Partial<Record<string, readonly [number, string, string]>> = {
  FST_ERR_BAD_URL: [400, 'bad_url', 'The address (URL) is not valid: bad percent-encoding'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'The address (URL) is too long'],
};

/** How long a client should wait before trying again when the database is away. */
export const RETRY_AFTER_SECONDS = 5;

function fieldName(path: string, context: string | undefined): string {
  const name = path.replace(/^\//, '').replaceAll('/', '.');
  return name || context || 'body';
}

/**
 * The database refusing a value is bad input, not a server fault: data exceptions (class 22,
 * e.g. a NUL byte in text) are 400; a row still referenced (23503) is 409 linked; a duplicate
 * (23505) is 409 conflict.
 */
/** drizzle wraps the driver's error; the SQLSTATE is on the cause. */
export function sqlStateOf(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/**
 * A write naming a row that does not exist (foreign key, "Key (stage_id)=(9) is not present")
 * is bad input on that field: the API name of the column, as the request spelt it.
 */
function missingReference(err: unknown, body: unknown): string | undefined {
  let current: unknown = err;
  let detail = '';
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { detail?: unknown; cause?: unknown };
    if (typeof e.detail === 'string') detail = e.detail;
    current = e.cause;
  }
  const match = /Key \((\w+)\)=\((.*)\) is not present in table/.exec(detail);
  if (!match?.[1]) return undefined;
  const base = match[1].replace(/_id$/, '').replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
  const sent: Record<string, unknown> = body && typeof body === 'object' ? { ...body } : {};
  const byName = [base, `${base}Id`].find((name) => name in sent);
  if (byName) return byName;
  // an API name unlike the column's (a student's `groupe` in group_id): the field sent that value
  const byValue = Object.keys(sent).filter((name) => String(sent[name]) === match[2]);
  return byValue.length === 1 ? byValue[0] : base;
}

function fromSqlState(state: string): [number, ErrorBody] {
  if (state === '23503') {
    return [
      409,
      { error: errorCodes.linked, message: 'Other records are linked to it; unlink them first' },
    ];
  }
  if (state === '23505') {
    return [409, { error: errorCodes.conflict, message: 'Such a record exists already' }];
  }
  return [400, { error: errorCodes.validation, message: 'A value is not valid' }];
}

/** Every failure answers the JSON error body; never a stack trace, never a 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}

function answerError(
  error: FastifyError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  {
    if (error instanceof HttpError) {
      const body: ErrorBody = { ...error.extra, error: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return sendError(reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? 'is not valid';
      }
      const names = Object.keys(fields).join(', ');
      return sendError(reply, 400, {
        error: errorCodes.validation,
        message: `Invalid ${names}`,
        fields,
      });
    }
    const sqlState = sqlStateOf(error);
    const missing = sqlState === '23503' ? missingReference(error, request.body) : undefined;
    if (missing) {
      return sendError(reply, 400, {
        error: errorCodes.validation,
        message: `Invalid ${missing}: it does not exist`,
        fields: { [missing]: 'does not exist' },
      });
    }
    if (sqlState && /^2[23][0-9A-Z]{3}$/.test(sqlState)) {
      return sendError(reply, ...fromSqlState(sqlState));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 503, {
        error: errorCodes.unavailable,
        message: 'The database is not reachable right now, try again shortly',
      });
    }
    const framework = byFrameworkCode[(error as FastifyError).code];
    if (framework) {
      const [status, code, message] = framework;
      return sendError(reply, status, { error: code, message });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const [code, fallback] = byStatus[status] ?? (['bad_request', 'Bad request'] as const);
      const message =
        status === 400 && error.message ? error.message.replace(/^FST_\w+: /, '') : fallback;
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return sendError(reply, status, { error: code, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { error: errorCodes.internal, message: 'Something went wrong' });
  }
}

/**
 * Fastify's `frameworkErrors`: the router could not take the URL (bad percent-encoding, a
 * parameter too long). No hook has run, so the security headers are set here; the answer
 * itself is the one error handler's.
 */
export function frameworkErrorHandler(config: Config) {
  const headers = plainSecurityHeaders(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers).header('x-request-id', request.id).header('cache-control', 'no-store');
    // an address too long or badly encoded for the learner's page API is a hashCode it does not
    // serve: the same 404 as any other (ADR 030)
    if (request.url.startsWith(LEARNER_API)) {
      reply.header('cache-control', 'private, no-store');
      void answerError(noSuchLearnerPage(), request, reply);
      return;
    }
    void answerError(error, request, reply);
  };
}

const answeredSockets = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler`: the HTTP parser refused the request (a request line or
 * headers too long, broken HTTP) or it did not arrive in time. The answer is the same JSON
 * error body with the same security headers, and the connection is closed gracefully: what
 * the client still sends is read and dropped, so it is never reset before it has read the
 * answer.
 */
export function clientErrorHandler(config: Config) {
  const headers = plainSecurityHeaders(config);
  return (err: ConnectionError, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    if (answeredSockets.has(socket)) return;
    answeredSockets.add(socket);
    let status = 400;
    let body: ErrorBody = { error: 'bad_request', message: 'The request is not valid HTTP' };
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      body = { error: 'timeout', message: 'The request took too long to arrive' };
    } else if (err.code === 'HPE_HEADER_OVERFLOW' || err.code === 'HPE_URI_OVERFLOW') {
      // a chunk with no line end, or a first line past 8 kB, is the request line: the URL
      const raw: unknown = err.rawPacket;
      const lineEnd = Buffer.isBuffer(raw) ? raw.indexOf('\r\n') : -1;
      if (lineEnd === -1 || lineEnd > 8192) {
        status = 414;
        body = { error: 'uri_too_long', message: 'The address (URL) is too long' };
      } else {
        status = 431;
        body = { error: 'headers_too_large', message: 'The request headers are too large' };
      }
    }
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const json = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(json)}`,
      'cache-control: no-store',
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${json}`);
    socket.resume();
    const stop = setTimeout(() => socket.destroy(), 10_000);
    stop.unref();
    socket.once('close', () => clearTimeout(stop));
  };
}
