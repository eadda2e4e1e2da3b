import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '@school/contract/clients';
import { errorBody } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { allow } from '../../plugins/policy.js';
import { dashboardOf } from '../clients/clients.shared.js';

/**
 * GET /api/dashboard: what the CRM knows, in one statement over the totals the database keeps
 * (never every client, ADR 016); its figures are all of the clients domain (docs/roles.md).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', allow('clients', 'read'));
  app.get(
    '/dashboard',
    {
      schema: { tags: ['dashboard'], response: { 200: dashboard, 401: errorBody, 403: errorBody } },
    },
    async () => dashboardOf(db),
  );
};
