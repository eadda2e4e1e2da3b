import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '@school/contract/clients';
import { errorBody } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { allow } from '../../plugins/policy.js';
import { dashboardFigures, summaryByStage } from '../clients/clients.shared.js';

/**
 * GET /api/dashboard: what the CRM knows, from aggregate queries (never every client); its
 * figures are all of the clients domain (docs/roles.md).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', allow('clients', 'read'));
  app.get(
    '/dashboard',
    {
      schema: { tags: ['dashboard'], response: { 200: dashboard, 401: errorBody, 403: errorBody } },
    },
    async () => {
      const [figures, byStage] = await Promise.all([dashboardFigures(db), summaryByStage(db)]);
      return { ...figures, byStage };
    },
  );
};
