import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { healthResponse } from '@school/contract/auth';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.js';
import { databaseAnswers } from './health.queries.js';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{
  pool: pg.Pool;
  /** the newest finished backup's time (ADR 028) */
  lastBackupAt: () => Promise<string | null>;
}> = async (app, { pool, lastBackupAt }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Health',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      const backup = { lastBackupAt: await lastBackupAt().catch(() => null) };
      try {
        await databaseAnswers(pool);
        return { status: 'ok' as const, database: 'up' as const, ...backup };
      } catch (err) {
        request.log.warn({ err }, 'health: database down');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply
          .status(503)
          .send({ status: 'degraded' as const, database: 'down' as const, ...backup });
      }
    },
  );
};
