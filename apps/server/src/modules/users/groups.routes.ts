import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { group, groupInput, groupListQuery } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sendPage } from '../../db/list.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import {
  createGroup,
  countGroups,
  deleteGroup,
  findGroup,
  listGroups,
  updateGroup,
} from './groups.queries.js';

/** Groups (SPEC.md §7): classes of students taught together. */
export const groupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.sessions.require);

  app.get(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        querystring: groupListQuery,
        response: { 200: z.array(group), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await listGroups(db, q);
      return sendPage(
        reply,
        rows,
        q.offset,
        () => countGroups(db, q.search),
        ({ id, name }) => ({ id, name }),
      );
    },
  );
  app.get(
    '/groups/:id',
    { schema: { tags: ['groups'], params: idParam, response: { 200: group, ...errorResponses } } },
    async (request) => {
      const row = await findGroup(db, request.params.id);
      if (!row) throw notFound('No such group');
      return row;
    },
  );
  app.post(
    '/groups',
    { schema: { tags: ['groups'], body: groupInput, response: { 201: group, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await createGroup(db, request.body.name)),
  );
  app.put(
    '/groups/:id',
    {
      schema: {
        tags: ['groups'],
        params: idParam,
        body: groupInput,
        response: { 200: group, ...errorResponses },
      },
    },
    async (request) => {
      const row = await updateGroup(db, request.params.id, request.body.name);
      if (!row) throw notFound('No such group');
      return row;
    },
  );
  app.delete(
    '/groups/:id',
    {
      schema: { tags: ['groups'], params: idParam, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      if (!(await deleteGroup(db, request.params.id))) throw notFound('No such group');
      return reply.status(204).send(null);
    },
  );
};
