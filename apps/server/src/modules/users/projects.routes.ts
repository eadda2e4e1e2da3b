import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@school/contract/common';
import { project, projectInput, projectListQuery, type Project } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sendPage } from '../../db/list.js';
import { errorResponses, notFound } from '../../plugins/errors.js';
import {
  countProjects,
  createProject,
  deleteProject,
  findProject,
  listProjects,
  updateProject,
  type ProjectRow,
} from './projects.queries.js';

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  responsible: row.responsibleId,
  price: row.price === null ? null : Number(row.price),
  product: row.productId,
});

/** Projects (SPEC.md §7); a delete still referenced answers 409 linked. */
export const projectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.sessions.require);

  app.get(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        querystring: projectListQuery,
        response: { 200: z.array(project), ...errorResponses },
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
    {
      schema: {
        tags: ['projects'],
        params: idParam,
        response: { 200: project, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findProject(db, request.params.id);
      if (!row) throw notFound('No such project');
      return toProject(row);
    },
  );
  app.post(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        body: projectInput,
        response: { 201: project, ...errorResponses },
      },
    },
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
        response: { 200: project, ...errorResponses },
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
    {
      schema: {
        tags: ['projects'],
        params: idParam,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await deleteProject(db, request.params.id))) throw notFound('No such project');
      return reply.status(204).send(null);
    },
  );
};
