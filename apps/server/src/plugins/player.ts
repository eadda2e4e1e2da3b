import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from './errors.js';

export const defaultPlayerDist = fileURLToPath(new URL('../../../player/dist', import.meta.url));

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built player at /play (ADR 020): its files under /play/assets/, and its page for
 * /play and every /play/{page} (grid, quiz, word, matching-gaps, set and any other, which the
 * player answers with its own not-found page).
 */
export async function registerPlayer(app: FastifyInstance, playerDist: string) {
  const indexFile = path.join(playerDist, 'index.html');
  const hasPlayer = existsSync(indexFile);
  const indexHtml = hasPlayer ? readFileSync(indexFile, 'utf8') : '';
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
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!hasPlayer) throw notFound('The player is not built: run npm run build');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };
  app.get('/play', page);
  app.get('/play/:page', page);
}
