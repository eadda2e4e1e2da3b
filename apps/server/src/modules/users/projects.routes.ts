import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  project,
  projectInput,
  projectListQuery,
  projectUpdate,
  type Project,
} from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { projects } from '../../db/schema/users.js';
import { allow } from '../../plugins/policy.js';
import { registerResource } from '../../plugins/resource.js';

export type ProjectRow = typeof projects.$inferSelect;

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  version: row.version,
  name: row.name,
  description: row.description,
  responsible: row.responsibleId,
  price: row.price === null ? null : Number(row.price),
  product: row.productId,
});

/** Projects (docs/api.md, Users, projects, groups); a delete still referenced answers 409 linked. */
export const projectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', allow('projects'));
  registerResource(app, db, {
    path: 'projects',
    tags: ['projects'],
    schemas: {
      item: project,
      query: projectListQuery,
      create: projectInput,
      update: projectUpdate,
    },
    table: {
      table: projects,
      search: [projects.name, projects.description],
      sort: {
        id: projects.id,
        name: projects.name,
        description: projects.description,
        price: projects.price,
      },
      defaultSort: 'name',
    },
    toItem: toProject,
    toColumns: (p) => ({
      name: p.name,
      description: p.description,
      responsibleId: p.responsible,
      price: p.price === undefined || p.price === null ? p.price : p.price.toFixed(2),
      productId: p.product,
    }),
    notFound: 'No such project',
    linked: 'Users or clients belong to this project; move them first',
  });
};
