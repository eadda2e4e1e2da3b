import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry, auditQuery } from '@school/contract/audit';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../plugins/errors.js';
import { auditFilters, historyPage } from '../../plugins/history.queries.js';
import { allow } from '../../plugins/policy.js';

/**
 * GET /api/audit (docs/history.md): every entry, newest first, for admins. Dates are days of
 * the school's time zone (`timezone`, BOT_TIMEZONE).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; timezone: string }> = async (
  app,
  { db, timezone },
) => {
  app.get(
    '/audit',
    {
      onRequest: allow('audit', 'read'),
      schema: {
        tags: ['audit'],
        summary: 'The record history: every change, newest first',
        querystring: auditQuery,
        response: { 200: z.array(auditEntry), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { limit, offset, ...filters } = request.query;
      const where = auditFilters(filters, timezone);
      // the whole history is long: counted up to a cap, as the other long lists (docs/history.md)
      const page = await historyPage(db, where, { limit, offset }, { capped: true });
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, '1');
      return page.entries;
    },
  );
};
