import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { healthResponse } from '@school/contract/auth';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.js';
import { SERVER_VERSION } from '../../plugins/version.js';
import { databaseAnswers } from './health.queries.js';

/**
 * GET /api/health: 200 when the database answers, 503 (within 2 s) when it does not; both
 * with the version, this instance's uptime and the last backup's time (docs/api.md, Operations).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  pool: pg.Pool;
  /** the newest finished backup's time (ADR 028) */
  lastBackupAt: () => Promise<string | null>;
}> = async (app, { pool, lastBackupAt }) => {
  const startedAt = Date.now();
  const about = () => ({
    version: SERVER_VERSION,
    uptimeS: Math.floor((Date.now() - startedAt) / 1000),
  });
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Health: the database, the version and the uptime',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      const backup = { lastBackupAt: await lastBackupAt().catch(() => null) };
      try {
        await databaseAnswers(pool);
        return { status: 'ok' as const, db: 'up' as const, ...about(), ...backup };
      } catch (err) {
        request.log.warn({ err }, 'health: database down');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply
          .status(503)
          .send({ status: 'degraded' as const, db: 'down' as const, ...about(), ...backup });
      }
    },
  );
};
