import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HASH_CODE_PATTERN, learnerPage } from '@school/contract/learner';
import type { Db } from '../../db/client.js';
import { errorResponses, noSuchLearnerPage } from '../../plugins/errors.js';
import { playerBase } from '../games/games.shared.js';
import { recordPageOpened, studentOfHashCode } from './learner.queries.js';
import { learnerPageOf } from './learner.service.js';

/** The answer's caching: the student's own data, never kept by a browser or a proxy. */
export const LEARNER_CACHE = 'private, no-store';

/**
 * The learner's own page (docs/learner-page.md; ADR 030): no login, the hashCode is the key.
 * An unknown, malformed or renewed hashCode answers the same 404, so the answer never tells
 * whether a student existed. Rate limited per address like the rest of /api/public.
 */
export const learnerRoutes: FastifyPluginAsyncZod<{
  db: Db;
  readsPerMinute: number;
  botUsername?: string;
  gamesBaseUrl?: string;
  schoolZone: string;
}> = async (app, { db, readsPerMinute, botUsername, gamesBaseUrl, schoolZone }) => {
  app.get(
    '/public/students/:hashCode',
    {
      config: { rateLimit: { max: readsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: "The learner's own page: their lessons, amounts due, marks, games and bot runs",
        // any text: a malformed one gets the same 404 as an unknown one, never a 400
        params: z.object({ hashCode: z.string() }),
        response: { 200: learnerPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LEARNER_CACHE);
      const { hashCode } = request.params;
      const student = HASH_CODE_PATTERN.test(hashCode)
        ? await studentOfHashCode(db, hashCode)
        : undefined;
      if (!student) throw noSuchLearnerPage();
      const page = await learnerPageOf(db, student, {
        playerBase: playerBase(gamesBaseUrl, request),
        botUsername,
        schoolZone,
      });
      await recordPageOpened(db, student.id, schoolZone);
      return page;
    },
  );
};
