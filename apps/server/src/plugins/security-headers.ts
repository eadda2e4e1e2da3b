import type { FastifyHelmetOptions } from '@fastify/helmet';
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

export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    hsts: config.COOKIE_SECURE ? { maxAge: hstsMaxAge, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const cspOf = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';');

/** The learner's own page and its data are nobody's to frame (ADR 030). */
const PRIVATE_PAGES = /^\/(play\/me\/?|api\/public\/students\/.*)$/;

const isEmbeddable = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  if (PRIVATE_PAGES.test(pathname)) return false;
  return pathname === '/play' || EMBEDDABLE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
};

/** After helmet: the player's answers may be framed anywhere, and read by other sites. */
export function registerFramingPolicy(app: FastifyInstance) {
  const playerCsp = cspOf(playerDirectives);
  app.addHook('onRequest', async (request, reply) => {
    if (!isEmbeddable(request.url)) return;
    reply.header('content-security-policy', playerCsp);
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.removeHeader('x-frame-options');
  });
}

/**
 * The headers helmet sends with the options above, for the answers written before any hook
 * runs (a URL the router cannot decode, a request line too long for the HTTP parser): they
 * carry the same protection as every other answer.
 */
export function plainSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': cspOf(cspDirectives),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    ...(config.COOKIE_SECURE
      ? { 'strict-transport-security': `max-age=${hstsMaxAge}; includeSubDomains` }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}
