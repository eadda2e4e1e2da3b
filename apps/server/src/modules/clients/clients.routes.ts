import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  client,
  clientCreate,
  clientImport,
  clientListQuery,
  clientWrite,
  importPreview,
  importResult,
  stageSummary,
  type Client,
} from '@school/contract/clients';
import { idParam } from '@school/contract/common';
import type { Db } from '../../db/client.js';
import { sendPage } from '../../db/list.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import type { CurrentSession } from '../../plugins/session.js';
import { exportClientsCsv, previewImport, runImport } from './clients.csv.js';
import {
  countClients,
  deleteClient,
  findClient,
  insertClient,
  listClients,
  summaryByStage,
  updateClient,
  type ClientWithProduct,
} from './clients.queries.js';

export function toClient({ client: c, productName }: ClientWithProduct): Client {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    tel: c.tel,
    price: c.price === null ? null : Number(c.price),
    dLastContact: c.dLastContact,
    probability: c.probability,
    responsibleId: c.responsibleId,
    project: c.projectId,
    stage: c.stageId,
    language: c.languageId,
    category: c.categoryId,
    product: c.productId === null ? null : { id: c.productId, name: productName ?? '' },
    source: c.sourceId,
    hashCode: c.hashCode,
    dateBirth: c.dateBirth,
    position: c.position,
    address: c.address,
    age: c.age,
    facebook: c.facebook,
    telegramUsername: c.telegramUsername,
    timezone: c.timezone,
    lastActivity: c.lastActivity?.toISOString() ?? null,
    device: c.device,
    stageChangedAt: c.stageChangedAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
  };
}

const filtersQuery = clientListQuery.pick({
  search: true,
  stage: true,
  responsibleId: true,
  project: true,
  product: true,
  source: true,
});

/** Clients and the pipeline (SPEC.md §7 clients, §4 stage moves). */
export const clientsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.sessions.require);

  app.get(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        querystring: clientListQuery,
        response: { 200: z.array(client), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await listClients(db, q);
      return sendPage(reply, rows, q.offset, () => countClients(db, q), toClient);
    },
  );

  app.get(
    '/clients/bystage',
    {
      schema: {
        tags: ['clients'],
        summary: 'Pipeline column headers: count and sum of price per stage',
        querystring: filtersQuery.omit({ stage: true }),
        response: { 200: z.array(stageSummary), ...errorResponses },
      },
    },
    async (request) => summaryByStage(db, request.query),
  );

  app.get(
    '/clients/export.csv',
    {
      schema: {
        tags: ['clients'],
        summary: 'The client table as filtered, as CSV',
        querystring: filtersQuery,
      },
    },
    async (request, reply) => {
      const csv = await exportClientsCsv(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"')
        .send(csv);
    },
  );

  const importLimit = { bodyLimit: 25 * 1024 * 1024 };
  app.post(
    '/clients/import/preview',
    {
      ...importLimit,
      schema: {
        tags: ['clients'],
        body: clientImport,
        response: { 200: importPreview, ...errorResponses },
      },
    },
    async (request) => previewImport(db, request.body.csv),
  );
  app.post(
    '/clients/import',
    {
      ...importLimit,
      schema: {
        tags: ['clients'],
        body: clientImport,
        response: { 200: importResult, ...errorResponses },
      },
    },
    async (request) => runImport(db, request.body.csv, request.body.skipErrors),
  );

  app.get(
    '/clients/:id',
    {
      schema: { tags: ['clients'], params: idParam, response: { 200: client, ...errorResponses } },
    },
    async (request) => {
      const row = await findClient(db, request.params.id);
      if (!row) throw notFound('No such client');
      return toClient(row);
    },
  );

  app.post(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        body: clientCreate,
        response: { 201: client, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await insertClient(db, request.body);
      const row = await findClient(db, id);
      if (!row) throw notFound('No such client');
      return reply.status(201).send(toClient(row));
    },
  );

  app.put(
    '/clients/:id',
    {
      schema: {
        tags: ['clients'],
        summary:
          'Update a client; fields left out stay as they are (a stage move sends just stage)',
        params: idParam,
        body: clientWrite,
        response: { 200: client, ...errorResponses },
      },
    },
    async (request) => {
      const session = request.session as CurrentSession;
      const updated = await updateClient(db, request.params.id, request.body, session.userId);
      if (!updated) throw notFound('No such client');
      const row = await findClient(db, request.params.id);
      if (!row) throw notFound('No such client');
      return toClient(row);
    },
  );

  app.delete(
    '/clients/:id',
    {
      schema: {
        tags: ['clients'],
        params: idParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await deleteClient(db, request.params.id))) throw notFound('No such client');
      return reply.status(204).send(null);
    },
  );
};
