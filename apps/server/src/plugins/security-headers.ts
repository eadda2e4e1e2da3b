import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The admin app's Content-Security-Policy (docs/api.md, Security headers). */
const cspDirectives: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The player's pages and its public API may be framed by any site: that is what embedding a
 * game means (docs/api.md, Security headers; ADR 020). The admin app keeps frame-ancestors 'none'.
 */
export const EMBEDDABLE_PREFIXES = ['/play/', '/api/public/'];
const playerDirectives: Record<string, string[]> = { ...cspDirectives, frameAncestors: ['*'] };

const hstsMaxAge = 31_536_000;

function helmetOptions(config: Config, directives: Record<string, string[]>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    hsts: config.COOKIE_SECURE ? { maxAge: hstsMaxAge, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sends with these options, worked out once: helmet's middleware builds
 * its policies each time it is made, which every request paid for (ADR 033).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** The learner's own page and its data are nobody's to frame (ADR 030). */
const PRIVATE_PAGES = /^\/(play\/me\/?|api\/public\/students\/.*)$/;

const isEmbeddable = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  if (PRIVATE_PAGES.test(pathname)) return false;
  return pathname === '/play' || EMBEDDABLE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
};

/**
 * The headers of every answer: the admin app's, and for the player's pages and public API,
 * which may be framed anywhere and read by other sites, the player's.
 */
export function securityHeaders(config: Config) {
  const player = helmetHeaders(helmetOptions(config, playerDirectives));
  delete player['x-frame-options'];
  player['cross-origin-resource-policy'] = 'cross-origin';
  return { app: plainSecurityHeaders(config), player };
}

/** Sets the security headers on every answer, those of the 404 and error answers included. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const { app: appHeaders, player } = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isEmbeddable(request.url) ? player : appHeaders);
    done();
  });
}

/**
 * The admin app's headers; alone, for the answers written before any hook runs (a URL the
 * router cannot decode, a request line too long for the HTTP parser): they carry the same
 * protection as every other answer.
 */
export function plainSecurityHeaders(config: Config): Record<string, string> {
  return helmetHeaders(helmetOptions(config, cspDirectives));
}
