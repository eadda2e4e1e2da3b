import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '@school/contract/common';
import { project, projectInput, projectListQuery, type Project } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sendPage } from '../../db/list.js';
import { notFound } from '../../plugins/errors.js';
import {
  countProjects,
  createProject,
  deleteProject,
  findProject,
  listProjects,
  updateProject,
  type ProjectRow,
} from './projects.queries.js';
import {
  createGroup,
  countGroups,
  deleteGroup,
  findGroup,
  listGroups,
  updateGroup,
} from './groups.queries.js';
import { group, groupInput, groupListQuery } from '@school/contract/users';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  responsible: row.responsibleId,
  price: row.price === null ? null : Number(row.price),
  product: row.productId,
});

/** Projects and groups (SPEC.md §7); a delete still referenced answers 409 linked. */
export const projectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.sessions.require);

  app.get(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        querystring: projectListQuery,
        response: { 200: z.array(project), ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await listProjects(db, q);
      return sendPage(
        reply,
        rows,
        q.offset,
        () => countProjects(db, q.search),
        (r) => toProject(r.project),
      );
    },
  );
  app.get(
    '/projects/:id',
    { schema: { tags: ['projects'], params: idParam, response: { 200: project, ...errors } } },
    async (request) => {
      const row = await findProject(db, request.params.id);
      if (!row) throw notFound('No such project');
      return toProject(row);
    },
  );
  app.post(
    '/projects',
    { schema: { tags: ['projects'], body: projectInput, response: { 201: project, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(toProject(await createProject(db, request.body))),
  );
  app.put(
    '/projects/:id',
    {
      schema: {
        tags: ['projects'],
        params: idParam,
        body: projectInput,
        response: { 200: project, ...errors },
      },
    },
    async (request) => {
      const row = await updateProject(db, request.params.id, request.body);
      if (!row) throw notFound('No such project');
      return toProject(row);
    },
  );
  app.delete(
    '/projects/:id',
    { schema: { tags: ['projects'], params: idParam, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!(await deleteProject(db, request.params.id))) throw notFound('No such project');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        querystring: groupListQuery,
        response: { 200: z.array(group), ...errors },
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
    { schema: { tags: ['groups'], params: idParam, response: { 200: group, ...errors } } },
    async (request) => {
      const row = await findGroup(db, request.params.id);
      if (!row) throw notFound('No such group');
      return row;
    },
  );
  app.post(
    '/groups',
    { schema: { tags: ['groups'], body: groupInput, response: { 201: group, ...errors } } },
    async (request, reply) => reply.status(201).send(await createGroup(db, request.body.name)),
  );
  app.put(
    '/groups/:id',
    {
      schema: {
        tags: ['groups'],
        params: idParam,
        body: groupInput,
        response: { 200: group, ...errors },
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
    { schema: { tags: ['groups'], params: idParam, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!(await deleteGroup(db, request.params.id))) throw notFound('No such group');
      return reply.status(204).send(null);
    },
  );
};
