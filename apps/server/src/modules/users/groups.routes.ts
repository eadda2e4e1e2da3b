import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { group, groupInput, groupListQuery, groupUpdate } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { groups } from '../../db/schema/users.js';
import { allow } from '../../plugins/policy.js';
import { registerResource, tableOf } from '../../plugins/resource.js';

/** Groups (docs/api.md, Users, projects, groups): classes of students taught together; names are unique (any case). */
export const groupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', allow('projects'));
  registerResource(app, db, {
    path: 'groups',
    tags: ['groups'],
    schemas: { item: group, query: groupListQuery, create: groupInput, update: groupUpdate },
    table: tableOf(groups, { search: ['name'], sort: ['id', 'name'], defaultSort: 'name' }),
    toItem: ({ id, name, version }) => ({ id, name, version }),
    toColumns: (input) => ({ name: input.name }),
    notFound: 'No such group',
    unique: { field: 'name', message: 'a group with this name exists already' },
  });
};
