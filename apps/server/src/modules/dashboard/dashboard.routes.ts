import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '@school/contract/clients';
import { errorBody } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/access.js';
import { dashboardFigures, summaryByStage } from '../clients/clients.shared.js';

/** GET /api/dashboard: what the CRM knows, from aggregate queries (never every client). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: dashboard, 401: errorBody } } },
    async () => {
      const [figures, byStage] = await Promise.all([dashboardFigures(db), summaryByStage(db)]);
      return { ...figures, byStage };
    },
  );
};
