import type { ErrorBody } from '@school/contract/common';
import { XSRF_COOKIE, XSRF_HEADER } from '@school/contract/constants';
import { takeFirstRead } from './firstReads';
import { requestTimeoutMs } from './requestTimeout';

/**
 * The server answered with a status outside 2xx; `body` is its {error, message, fields?}, and
 * `raw` the answer's JSON as sent, for errors that carry more (a 409 clash lists its clashes).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly raw: unknown;

  constructor(status: number, body: ErrorBody | null, raw: unknown = body) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.raw = raw;
  }
}

/** No answer at all (server down, offline, DNS, CORS): the login form shows these differently (docs/api.md, Error catalogue). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('No response from the server', { cause });
    this.name = 'NetworkError';
  }
}

/** The server did not answer within the time limit (the "timeout" status: docs/interface.md, Form status). */
export class TimeoutError extends Error {
  constructor() {
    super('The server did not answer in time');
    this.name = 'TimeoutError';
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * A parser, or a function that imports one: `() => import('@school/contract/auth').then((m) =>
 * m.sessionUser)`. Code that runs before the first render passes the import, so zod and the
 * contract's schemas download beside the first request instead of before the first screen
 * (docs/quality.md).
 */
export type ParserSource<T> = Parser<T> | (() => Promise<Parser<T>>);

export function loadParser<T>(source: ParserSource<T>): Promise<Parser<T>> {
  const loading = typeof source === 'function' ? source() : Promise.resolve(source);
  // Started beside the request; a failed import is reported when the answer needs it.
  loading.catch(() => undefined);
  return loading;
}

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * false for calls where 401 is an expected answer (the login itself, the start-up session
   * check); every other 401 means the session is gone (docs/api.md, Error catalogue).
   */
  authRedirect?: boolean;
  /** The request finishes even if the page is closed meanwhile (a change sent on leaving). */
  keepalive?: boolean;
}

/** Statuses a proxy in front of the API (vite dev server, load balancer) gives when it is down. */
const GATEWAY_FAILURES: ReadonlySet<number> = new Set([502, 503, 504]);
const MUTATING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let onUnauthorized: (() => void) | null = null;

/** Registers what a 401 does (mark logged out); returns a function that unregisters it. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function buildHeaders(method: Method, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (MUTATING.has(method)) {
    // Read at send time: the server rotates the token at login and on /api/islogin.
    const token = readCookie(XSRF_COOKIE);
    if (token !== null) headers.set(XSRF_HEADER, token);
  }
  return headers;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The shape of the contract's `errorBody` ({error, message, fields?}), checked by hand: this
 * module runs before the first render, without zod (docs/quality.md).
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { error, message, fields } = value as Record<string, unknown>;
  if (!isText(error) || !isText(message)) return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    !Array.isArray(fields) &&
    Object.values(fields).every(isText)
  );
}

/** The answer's {error, message, fields?} (or null: another shape or none), and its JSON. */
async function readError(response: Response): Promise<[ErrorBody | null, unknown]> {
  try {
    const raw: unknown = await response.json();
    if (!isErrorBody(raw)) return [null, raw];
    // Only the known fields, like the schema's parse.
    const { error, message, fields } = raw;
    return [fields === undefined ? { error, message } : { error, message, fields }, raw];
  } catch {
    return [null, null];
  }
}

/** The answer's {error, message, fields?}, or null when it has another shape or none. */
export async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  return (await readError(response))[0];
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  // a file goes as a form, as it is (a bank statement's bytes): the browser sets its type
  const form = options.body instanceof FormData ? options.body : null;
  const hasBody = options.body !== undefined && form === null;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? requestTimeoutMs());
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // the first screen's reads may have been sent already, before the app's code was in
  const early = takeFirstRead(method, path);
  try {
    return (
      (await early) ??
      (await fetch(path, {
        method,
        credentials: 'include',
        headers: buildHeaders(method, hasBody),
        body: form ?? (hasBody ? JSON.stringify(options.body) : null),
        signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      }))
    );
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError();
    // The caller cancelled (e.g. react-query on unmount): not a connection problem.
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

/** Sends the request and reads its JSON; a status outside 2xx throws (HttpError...). */
export async function call(path: string, options: RequestOptions): Promise<[unknown, Response]> {
  const response = await send(path, options);
  if (!response.ok) {
    const [body, raw] = await readError(response);
    // Without the API's JSON error body, the answer came from a gateway, not from our server.
    if (body === null && GATEWAY_FAILURES.has(response.status)) {
      throw new NetworkError(new Error(`Gateway answered ${response.status}`));
    }
    if (response.status === 401 && options.authRedirect !== false) onUnauthorized?.();
    throw new HttpError(response.status, body, raw);
  }
  const text = response.status === 204 ? '' : await response.text();
  return [text === '' ? undefined : JSON.parse(text), response];
}

export function request<T>(
  path: string,
  options: RequestOptions & { schema: ParserSource<T> },
): Promise<T>;
export function request(path: string, options?: RequestOptions): Promise<unknown>;
export async function request<T>(
  path: string,
  options: RequestOptions & { schema?: ParserSource<T> } = {},
): Promise<unknown> {
  const parser = options.schema && loadParser(options.schema);
  const [data] = await call(path, options);
  return parser ? (await parser).parse(data) : data;
}
