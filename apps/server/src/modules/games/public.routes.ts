import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { playResultInput, publicGame, publicSet } from '@school/contract/games';
import type { Db } from '../../db/client.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import {
  playedCardIds,
  publicGameOf,
  publicSetOf,
  recordResult,
  studentByHashCode,
  toPlayedCards,
} from './play.queries.js';

/** The player may be served from another site (GAMES_BASE_URL): reads and results cross it. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, if-none-match',
  'access-control-max-age': '600',
};

/** A short cache: a staff edit shows in the player within a minute, then by ETag revalidation. */
const CACHE = 'public, max-age=60, must-revalidate';

/** The content with its ETag, or 304 when the player already has this version. */
function answerCached<T>(request: FastifyRequest, reply: FastifyReply, content: T) {
  // weak: the same content may go gzip, brotli or plain (@fastify/compress)
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  const tag = `W/"${hash.slice(0, 27)}"`;
  reply.headers({ ...CORS, etag: tag, 'cache-control': CACHE, vary: 'accept-encoding' });
  const sent = request.headers['if-none-match'];
  const matches =
    typeof sent === 'string' &&
    sent.split(',').some((t) => t.trim().replace(/^W\//, '') === tag.slice(2));
  if (matches) return reply.status(304).send();
  return content;
}

/**
 * The player's public, read-only API (docs/games.md; ADR 020): no login, a game's content and
 * nothing else (no other ids, no staff names, no times), cacheable, rate limited. Results are
 * recorded only for a student's hashCode and answer nothing but a status.
 */
export const publicGamesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  readsPerMinute: number;
  resultsPerMinute: number;
}> = async (app, { db, readsPerMinute, resultsPerMinute }) => {
  const reads = { rateLimit: { max: readsPerMinute, timeWindow: '1 minute' } };

  app.get(
    '/public/games/:id',
    {
      config: reads,
      schema: {
        tags: ['public'],
        summary: "A game set's content for the player",
        params: idParam,
        response: { 200: publicGame, 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const game = await publicGameOf(db, request.params.id);
      if (!game) throw notFound('No such game');
      return answerCached(request, reply, game);
    },
  );

  app.get(
    '/public/sets/:id',
    {
      config: reads,
      schema: {
        tags: ['public'],
        summary: "A set's playable games in order, for the player",
        params: idParam,
        response: { 200: publicSet, 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const set = await publicSetOf(db, request.params.id);
      if (!set) throw notFound('No such set');
      return answerCached(request, reply, set);
    },
  );

  app.options('/public/results', { config: reads }, async (_request, reply) =>
    reply.headers(CORS).status(204).send(),
  );

  app.post(
    '/public/results',
    {
      config: { rateLimit: { max: resultsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: "One play's result; recorded once per playId, only with a student's hashCode",
        body: playResultInput,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.headers(CORS);
      const result = request.body;
      const ids = await playedCardIds(db, result);
      if (!ids) throw notFound(result.grid === undefined ? 'No such set' : 'No such game');
      // an anonymous play, or a hashCode that is no student's: nothing is kept, the same answer
      const student = result.hashCode ? await studentByHashCode(db, result.hashCode) : undefined;
      if (student) {
        await recordResult(db, {
          gridId: result.grid ?? null,
          setId: result.set ?? null,
          studentId: student.id,
          score: result.score,
          max: result.max,
          durationMs: result.durationMs,
          cards: toPlayedCards(ids, result.cards),
          playId: result.playId,
        });
      }
      return reply.status(204).send(null);
    },
  );
};
