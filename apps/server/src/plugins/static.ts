import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '@school/contract/common';
import { sendError } from './errors.js';

export const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app; any other GET that is not under /api gets index.html, so a
 * reload of /clients/5 opens the app there (history fallback).
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
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/');
    if (isPage && hasWeb) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    if (isPage) {
      return sendError(reply, 404, {
        error: errorCodes.notFound,
        message: 'The web app is not built: run npm run build',
      });
    }
    return sendError(reply, 404, {
      error: errorCodes.notFound,
      message: `No route ${request.method} ${pathname}`,
    });
  });
}
