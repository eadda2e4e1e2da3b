import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolDetails, schoolDetailsUpdate } from '@school/contract/school';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../plugins/errors.js';
import { registerHistoryRoute } from '../../plugins/history.js';
import { allow } from '../../plugins/policy.js';
import { guardVersion } from '../../plugins/versions.js';
import { keepSchoolCurrency } from './school.currency.js';
import {
  readSchoolDetails,
  SCHOOL_ENTITY,
  SCHOOL_ID,
  updateSchoolDetails,
} from './school.queries.js';

/**
 * The school's details in Settings (docs/api.md, School details; ADR 040): an admin changes
 * them, a manager reads them, a teacher neither (docs/roles.md). One record: its version and
 * history as any record staff edit through a form (ADR 038, ADR 027).
 */
export const schoolRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['school'];

  app.get(
    '/settings/school',
    {
      onRequest: allow('school', 'read'),
      schema: {
        tags,
        summary: "The school's name, address, tax id, bank account, currency and VAT wording",
        response: { 200: schoolDetails, ...errorResponses },
      },
    },
    async () => readSchoolDetails(db),
  );

  app.put(
    '/settings/school',
    {
      onRequest: allow('school', 'update'),
      schema: {
        tags,
        summary: "Change the school's details; fields left out keep their values",
        body: schoolDetailsUpdate,
        response: { 200: schoolDetails, ...errorResponses },
      },
    },
    async (request) => {
      const current = await readSchoolDetails(db);
      return guardVersion(
        db,
        { entity: SCHOOL_ENTITY, id: SCHOOL_ID, current },
        request.body.version,
        async () => {
          const saved = await updateSchoolDetails(db, request.body);
          keepSchoolCurrency(db, saved.currency);
          return saved;
        },
      );
    },
  );

  registerHistoryRoute(app, db, {
    path: 'settings/school',
    entity: SCHOOL_ENTITY,
    tags,
    access: allow('school', 'read'),
    exists: async (id) => id === SCHOOL_ID,
  });
};
