import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  client,
  clientCreate,
  clientListQuery,
  clientWrite,
  stageSummary,
  type Client,
} from '@school/contract/clients';
import type { Db } from '../../db/client.js';
import { cappedTotal } from '../../db/list.js';
import { clients } from '../../db/schema/clients.js';
import { requireUser, sessionOf } from '../../plugins/access.js';
import { allow } from '../../plugins/policy.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import { registerCsv } from '../../plugins/csv-routes.js';
import { registerResource } from '../../plugins/resource.js';
import { clientsImporter, exportClientsCsv } from './clients.csv.js';
import {
  countClients,
  findClient,
  listClients,
  summaryByStage,
  type ClientWithProduct,
} from './clients.queries.js';
import { columnsOf, insertClient, updateClient } from './clients.writes.js';

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
    version: c.version,
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

/** Clients and the pipeline (docs/api.md, Clients; docs/clients.md, Pipeline). */
export const clientsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // every route here, CSV included, is of the clients domain (docs/roles.md)
  app.addHook('onRequest', allow('clients'));
  const found = async (id: number) => {
    const row = await findClient(db, id);
    return row && toClient(row);
  };
  registerResource(app, db, {
    path: 'clients',
    tags: ['clients'],
    schemas: { item: client, query: clientListQuery, create: clientCreate, update: clientWrite },
    // the list joins products and stages: its SQL is in clients.queries.ts
    table: { table: clients },
    toItem: (row) => toClient({ client: row, productName: null }),
    toColumns: columnsOf,
    notFound: 'No such client',
    // pages of up to 5000 wide rows, built by toClient (ADR 016)
    listUnchecked: true,
    summaries: {
      update: 'Update a client; fields left out stay as they are (a stage move sends just stage)',
    },
    // one statement: a stage change stamped and logged, the history entry (ADR 048)
    async updateItself(id, input, request) {
      const updated = await updateClient(db, id, input, sessionOf(request).userId);
      return updated && toClient(updated);
    },
    override: () => ({
      async list(q) {
        const page = await listClients(db, q);
        // past the last row the page carries no total: ask for it
        const counted = page.total ?? (q.offset > 0 ? await countClients(db, q) : 0);
        // a search counts up to a cap (ADR 016); other totals are exact
        return {
          rows: [],
          json: page.json,
          ...(q.search ? cappedTotal(counted) : { total: counted }),
        };
      },
      find: found,
      async create(input) {
        return (await found(await insertClient(db, input))) ?? Promise.reject(notFound());
      },
    }),
  });

  app.get(
    '/clients/bystage',
    {
      onRequest: requireUser,
      schema: {
        tags: ['clients'],
        summary: 'Pipeline column headers: count and sum of price per stage',
        querystring: filtersQuery.omit({ stage: true }),
        response: { 200: z.array(stageSummary), ...errorResponses },
      },
    },
    async (request) => summaryByStage(db, request.query),
  );

  registerCsv(app, db, {
    path: 'clients',
    tags: ['clients'],
    query: filtersQuery,
    exportCsv: exportClientsCsv,
    importer: clientsImporter,
  });
};
