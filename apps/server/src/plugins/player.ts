import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LEARNER_PAGE } from '@school/contract/game-rules';
import { notFound } from './errors.js';

export const defaultPlayerDist = fileURLToPath(new URL('../../../player/dist', import.meta.url));

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built page with the server's first language (DEFAULT_LOCALE) as its <html lang>. */
function readPage(file: string, locale: string) {
  return existsSync(file)
    ? readFileSync(file, 'utf8').replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    : '';
}

/**
 * Serves the built player at /play (ADR 020): its files under /play/assets/, the learner's page
 * at /play/me (ADR 030), and the games' page for /play and every other /play/{page} (grid, quiz,
 * word, matching-gaps, set and any other, which the player answers with its own not-found page).
 * Each page starts in `defaultLocale` unless the visitor's choice or browser says otherwise.
 */
export async function registerPlayer(
  app: FastifyInstance,
  playerDist: string,
  defaultLocale = 'en',
) {
  const indexFile = path.join(playerDist, 'index.html');
  const hasPlayer = existsSync(indexFile);
  const indexHtml = readPage(indexFile, defaultLocale);
  const meHtml = readPage(path.join(playerDist, 'me.html'), defaultLocale);
  if (hasPlayer) {
    await app.register(fastifyStatic, {
      root: playerDist,
      prefix: '/play/',
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', IMMUTABLE);
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  const send = (reply: FastifyReply, html: string) => {
    if (!hasPlayer || !html) throw notFound('The player is not built: run npm run build');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get('/play', (_request, reply) => send(reply, indexHtml));
  app.get<{ Params: { page: string } }>('/play/:page', (request, reply) =>
    send(reply, request.params.page === LEARNER_PAGE ? meHtml : indexHtml),
  );
}
