import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, errorCodes } from '@school/contract/common';
import type { Role } from '@school/contract/users';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findLiveSession, getOrCreateSecret, touchSession } from './session.queries.js';
import { HttpError } from './errors.js';

export interface CurrentSession {
  id: number;
  userId: number;
  tokenHash: Buffer;
  login: string;
  firstName: string;
  lastName: string;
  timezone: string;
  /** read with the session on every request: a role change applies at the next request */
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
 * once (docs/architecture.md, Scale-out). The XSRF token is an HMAC of the session with a shared secret.
 */
export async function registerSessions(app: FastifyInstance, config: Config, db: Db) {
  const secret = await getOrCreateSecret(db, 'xsrf');
  const xsrfFor = (tokenHash: Buffer) =>
    createHmac('sha256', secret).update(tokenHash).digest('base64url');
  const maxAge = config.SESSION_MAX_DAYS * 24 * 3600;

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
  };
  app.decorate('sessions', tools);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Only the cookie of this connection's kind is read: behind https (COOKIE_SECURE) a plain
    // `sid`, which a sibling subdomain or a plain-http page can plant, is ignored; the
    // __Host- prefix guarantees the cookie was set by this host over https.
    const token = request.cookies[sessionCookieName(isSecure(config, request))];
    if (token && token.length <= 100) {
      const tokenHash = hashToken(token);
      const row = await findLiveSession(db, tokenHash, config.SESSION_IDLE_MINUTES);
      if (row) {
        request.session = { ...row, isAdmin: row.role === 'admin', tokenHash };
        // at most one write a minute per session
        if (row.stale) await touchSession(db, row.id);
      }
    }

    if (!MUTATING.has(request.method)) return;
    // the player's results come from any site that embeds it, and change nothing of a session
    if (request.url.startsWith(PUBLIC_PREFIX)) return;
    if (!sameOrigin(request)) {
      request.log.warn({ event: 'xsrf_refused', ip: request.ip, reason: 'foreign origin' });
      throw new HttpError(403, errorCodes.xsrf, 'Request from a foreign origin refused');
    }
    const path = request.url.split('?')[0] ?? '';
    if (!request.session || XSRF_EXEMPT.has(path)) return;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !safeEqual(header, xsrfFor(request.session.tokenHash))) {
      request.log.warn({
        event: 'xsrf_refused',
        ip: request.ip,
        userId: request.session.userId,
        reason: header ? 'wrong token' : 'missing token',
      });
      throw new HttpError(403, errorCodes.xsrf, 'Missing or wrong X-XSRF-TOKEN header');
    }
  });
}
