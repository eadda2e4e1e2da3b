import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, errorCodes } from '@school/contract/common';
import type { Role } from '@school/contract/users';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { findLiveSession, getOrCreateSecret, touchSession } from './session.queries.js';
import { HttpError } from './errors.js';
import { SessionCache } from './session-cache.js';
import { SessionListener } from './session-listener.js';

export interface CurrentSession {
  id: number;
  userId: number;
  tokenHash: Buffer;
  login: string;
  firstName: string;
  lastName: string;
  timezone: string;
  /**
   * read with the session, or dropped from the cache with it: a role change applies at the
   * next request (ADR 047)
   */
  role: Role;
  /** role admin */
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: CurrentSession | null;
  }
  interface FastifyInstance {
    sessions: SessionTools;
  }
}

export interface SessionTools {
  /** Starts a session: a new random token in the cookie, its hash in the database. */
  issue: (reply: FastifyReply, request: FastifyRequest) => { token: string; tokenHash: Buffer };
  setCookies: (
    reply: FastifyReply,
    request: FastifyRequest,
    token: string,
    tokenHash: Buffer,
  ) => void;
  setXsrfCookie: (reply: FastifyReply, request: FastifyRequest, tokenHash: Buffer) => void;
  clearCookies: (reply: FastifyReply, request: FastifyRequest) => void;
  /**
   * After a write that ends a session or changes a user (committed): waits until every
   * instance's session cache has dropped what it changed, so the next request anywhere sees it
   * (ADR 047). Never throws.
   */
  settle: () => Promise<void>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Login creates the session the token is bound to, so it cannot carry one yet. */
const XSRF_EXEMPT = new Set(['/api/authentication']);
/** The player's public API (ADR 020): no session is read or needed there. */
const PUBLIC_PREFIX = '/api/public/';

export const hashToken = (token: string) => createHash('sha256').update(token).digest();

function isSecure(config: Config, request: FastifyRequest) {
  return config.COOKIE_SECURE || request.protocol === 'https';
}
const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients and same-origin GET-initiated forms omit it
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Sessions live in PostgreSQL, so every app instance sees a login, a logout and a revoke at
 * once (docs/architecture.md, Scale-out); each instance keeps those it has read in a cache
 * that the database's notifications keep right (ADR 047). The XSRF token is an HMAC of the
 * session with a shared secret.
 */
export async function registerSessions(app: FastifyInstance, config: Config, database: Database) {
  const { db } = database;
  const secret = await getOrCreateSecret(db, 'xsrf');
  const xsrfFor = (tokenHash: Buffer) =>
    createHmac('sha256', secret).update(tokenHash).digest('base64url');
  const maxAge = config.SESSION_MAX_DAYS * 24 * 3600;
  const find = sessionFinder(app, config, database);

  const tools: SessionTools = {
    issue(reply, request) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      tools.setCookies(reply, request, token, tokenHash);
      return { token, tokenHash };
    },
    setCookies(reply, request, token, tokenHash) {
      const secure = isSecure(config, request);
      reply.setCookie(sessionCookieName(secure), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge,
      });
      tools.setXsrfCookie(reply, request, tokenHash);
    },
    setXsrfCookie(reply, request, tokenHash) {
      reply.setCookie(XSRF_COOKIE, xsrfFor(tokenHash), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: isSecure(config, request),
        maxAge,
      });
    },
    clearCookies(reply, request) {
      const secure = isSecure(config, request);
      reply.clearCookie(sessionCookieName(secure), { path: '/', secure });
      reply.clearCookie(XSRF_COOKIE, { path: '/', secure });
    },
    settle: find.settle,
  };
  app.decorate('sessions', tools);
  app.decorateRequest('session', null);

  /** The XSRF check of a request whose session is known; an error refuses it. */
  const xsrfProblem = (request: FastifyRequest): HttpError | undefined => {
    if (!MUTATING.has(request.method)) return undefined;
    // the player's results come from any site that embeds it, and change nothing of a session
    if (request.url.startsWith(PUBLIC_PREFIX)) return undefined;
    if (!sameOrigin(request)) {
      request.log.warn({ event: 'xsrf_refused', ip: request.ip, reason: 'foreign origin' });
      return new HttpError(403, errorCodes.xsrf, 'Request from a foreign origin refused');
    }
    const path = request.url.split('?')[0] ?? '';
    if (!request.session || XSRF_EXEMPT.has(path)) return undefined;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !safeEqual(header, xsrfFor(request.session.tokenHash))) {
      request.log.warn({
        event: 'xsrf_refused',
        ip: request.ip,
        userId: request.session.userId,
        reason: header ? 'wrong token' : 'missing token',
      });
      return new HttpError(403, errorCodes.xsrf, 'Missing or wrong X-XSRF-TOKEN header');
    }
    return undefined;
  };

  // a callback hook (docs/quality.md, Performance): a session kept in the cache costs no promise
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    // Only the cookie of this connection's kind is read: behind https (COOKIE_SECURE) a plain
    // `sid`, which a sibling subdomain or a plain-http page can plant, is ignored; the
    // __Host- prefix guarantees the cookie was set by this host over https.
    const token = request.cookies[sessionCookieName(isSecure(config, request))];
    const found = token && token.length <= 100 ? find(hashToken(token)) : null;
    if (found instanceof Promise) {
      found.then((session) => {
        request.session = session;
        done(xsrfProblem(request));
      }, done);
      return;
    }
    request.session = found;
    done(xsrfProblem(request));
  });
}

type Finder = ((tokenHash: Buffer) => CurrentSession | null | Promise<CurrentSession | null>) & {
  settle: () => Promise<void>;
};

/**
 * The live session of a token hash (ADR 003): from this instance's cache while its listening
 * connection is up, else read from PostgreSQL (and kept, while it listens). With
 * SESSION_CACHE=off every request reads it. Its activity is written at most once a minute.
 */
function sessionFinder(app: FastifyInstance, config: Config, database: Database): Finder {
  const { db, pool } = database;
  const idleMinutes = config.SESSION_IDLE_MINUTES;
  const { metrics } = app;
  const lookups = {
    hit: metrics.sessionCacheLookups.labels('hit'),
    miss: metrics.sessionCacheLookups.labels('miss'),
    read: metrics.sessionCacheLookups.labels('read'),
  };
  const cache = config.SESSION_CACHE
    ? new SessionCache<CurrentSession>({
        maxEntries: config.SESSION_CACHE_SIZE,
        maxAgeMs: config.SESSION_CACHE_MAX_AGE_SECONDS * 1000,
        idleMs: idleMinutes * 60_000,
      })
    : undefined;
  const listener = cache
    ? new SessionListener({
        connectionString: pool.options.connectionString ?? '',
        connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
        pool,
        log: app.log,
        onChange: (payload) => cache.drop(payload),
        onReset: (listening) => {
          cache.clear();
          metrics.sessionCacheResets.inc();
          metrics.sessionCacheListening.set(listening ? 1 : 0);
        },
      })
    : undefined;
  if (cache && listener) {
    metrics.watchSessionCache(() => cache.size);
    app.addHook('onReady', async () => listener.start());
    app.addHook('onClose', async () => listener.close());
  }

  const read = async (tokenHash: Buffer, key: string | undefined) => {
    const generation = cache?.generation ?? 0;
    const readAt = performance.now();
    const row = await findLiveSession(db, tokenHash, idleMinutes);
    (key === undefined ? lookups.read : lookups.miss).inc();
    if (!row) return null;
    // at most one write a minute per session (ADR 003)
    if (row.stale) await touchSession(db, row.id);
    const session: CurrentSession = Object.freeze({
      id: row.id,
      userId: row.userId,
      tokenHash,
      login: row.login,
      firstName: row.firstName,
      lastName: row.lastName,
      timezone: row.timezone,
      role: row.role,
      isAdmin: row.role === 'admin',
    });
    if (cache && key !== undefined && listener?.up) {
      const times = { ...row, activityAgeMs: row.stale ? 0 : row.activityAgeMs };
      cache.set(key, session, times, readAt, generation);
    }
    return session;
  };

  const touch = async (kept: NonNullable<ReturnType<SessionCache<CurrentSession>['get']>>) => {
    const at = performance.now();
    await touchSession(db, kept.sessionId);
    cache?.touched(kept, at);
    return kept.value;
  };

  const find = (tokenHash: Buffer) => {
    if (!cache || !listener?.up) return read(tokenHash, undefined);
    const key = tokenHash.toString('hex');
    const at = performance.now();
    const kept = cache.get(key, at);
    if (!kept) return read(tokenHash, key);
    lookups.hit.inc();
    return at >= kept.touchDue ? touch(kept) : kept.value;
  };
  return Object.assign(find, {
    settle: () => (listener ? listener.round() : Promise.resolve()),
  });
}
