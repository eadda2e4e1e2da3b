import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, TOTAL_COUNT_HEADER } from '@school/contract/common';
import {
  dictionaryInput,
  EDITABLE_DICTIONARIES,
  FIXED_LOOKUPS,
  lookupItem,
  stage,
} from '@school/contract/lookups';
import type { Db } from '../../db/client.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import {
  createDictionaryItem,
  deleteDictionaryItem,
  listLookup,
  listStages,
  updateDictionaryItem,
} from './lookups.queries.js';

/**
 * GET /api/{lookup} for every lookup of SPEC.md §7, and create/update/delete for the
 * dictionaries staff edit in /settings (DESIGN.md §3).
 */
export const lookupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.sessions.require);

  app.get(
    '/stages',
    { schema: { tags: ['lookups'], response: { 200: z.array(stage), 401: errorBody } } },
    async (_request, reply) => {
      const rows = await listStages(db);
      reply.header(TOTAL_COUNT_HEADER, String(rows.length));
      return rows;
    },
  );

  for (const name of [...EDITABLE_DICTIONARIES.filter((d) => d !== 'stages'), ...FIXED_LOOKUPS]) {
    app.get(
      `/${name}`,
      { schema: { tags: ['lookups'], response: { 200: z.array(lookupItem), 401: errorBody } } },
      async (_request, reply) => {
        const rows = await listLookup(db, name);
        reply.header(TOTAL_COUNT_HEADER, String(rows.length));
        return rows;
      },
    );
  }

  for (const name of EDITABLE_DICTIONARIES) {
    const item = name === 'stages' ? stage : lookupItem;
    app.post(
      `/${name}`,
      {
        schema: {
          tags: ['lookups'],
          body: dictionaryInput,
          response: { 201: item, ...errorResponses },
        },
      },
      async (request, reply) => {
        const row = await createDictionaryItem(db, name, request.body);
        if (!row) throw new Error(`${name} item not created`);
        return reply.status(201).send(row);
      },
    );
    app.put(
      `/${name}/:id`,
      {
        schema: {
          tags: ['lookups'],
          params: idParam,
          body: dictionaryInput,
          response: { 200: item, ...errorResponses },
        },
      },
      async (request) => {
        const row = await updateDictionaryItem(db, name, request.params.id, request.body);
        if (!row) throw notFound();
        return row;
      },
    );
    app.delete(
      `/${name}/:id`,
      {
        schema: {
          tags: ['lookups'],
          params: idParam,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await deleteDictionaryItem(db, name, request.params.id))) throw notFound();
        return reply.status(204).send(null);
      },
    );
  }
};
