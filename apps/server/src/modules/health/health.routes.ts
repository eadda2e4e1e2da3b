import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { healthResponse } from '@school/contract/auth';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.js';

/**
 * The check has its own short limit, below the pool's timeouts: a load balancer asking
 * "is this instance well?" gets an answer within 2 s even when the network to the database
 * swallows packets (ADR 011).
 */
export const HEALTH_TIMEOUT_MS = 1_500;

async function databaseAnswers(pool: pg.Pool): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([pool.query('SELECT 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
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
      try {
        await databaseAnswers(pool);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'health: database down');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const });
      }
    },
  );
};
