import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { noSuchFile, notFound } from './errors.js';

export const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The last segment names a file (/robots.txt, /app.js.map): no app route looks like that. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app; any other GET that is not under /api and does not name a file
 * gets index.html, so a reload of /clients/5 opens the app there (history fallback). Built
 * files have .br and .gz siblings written at build time (ADR 015), chosen by Accept-Encoding.
 */
export async function registerStatic(app: FastifyInstance, webDist: string, defaultLocale: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  // the page carries DEFAULT_LOCALE, so the language is a setting of the server, not the build
  const indexHtml = hasWeb
    ? readFileSync(indexFile, 'utf8').replace(
        /<html lang="[^"]*">/,
        `<html lang="${defaultLocale}" data-default-locale="${defaultLocale}">`,
      )
    : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', IMMUTABLE);
        } else if (/\.html(\.br|\.gz)?$/.test(filePath)) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && FILE_PATH.test(pathname)) throw noSuchFile(pathname);
    const isPage =
      isRead &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/');
    if (isPage && hasWeb) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    if (isPage) throw notFound('The web app is not built: run npm run build');
    throw notFound(`No route ${request.method} ${pathname}`);
  });
}
