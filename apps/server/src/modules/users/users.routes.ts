import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, idParam } from '@school/contract/common';
import {
  passwordChange,
  user,
  userCreate,
  userListQuery,
  userUpdate,
} from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { allow, forbiddenForRole, mayDo } from '../../plugins/policy.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { registerResource } from '../../plugins/resource.js';
import { hashPassword, verifyPassword } from '../auth/auth.shared.js';
import { endSessions, findUserById, setPasswordHash, usersTable } from './users.queries.js';
import { checkPassword, toUser, userColumns, usersOverride } from './users.service.js';

/**
 * Editing a user (docs/roles.md): a role that may update users edits anyone, everyone edits
 * their own profile; the id is checked before the body is read.
 */
async function allowUserOrProfile(request: FastifyRequest) {
  await allow('profile', 'update')(request);
  const { role, userId } = sessionOf(request);
  const { id } = request.params as { id?: string };
  if (Number(id) !== userId && !mayDo(role, 'users', 'update')) throw forbiddenForRole(role);
}

/** Staff users (docs/api.md, Users, projects, groups). Only admins manage other users; anyone edits themselves. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerResource(app, db, {
    path: 'users',
    tags: ['users'],
    schemas: { item: user, query: userListQuery, create: userCreate, update: userUpdate },
    table: usersTable,
    toItem: toUser,
    toColumns: userColumns,
    notFound: 'No such user',
    access: {
      list: allow('users', 'read'),
      get: allow('users', 'read'),
      create: allow('users', 'create'),
      update: allowUserOrProfile,
      delete: allow('users', 'delete'),
    },
    unique: { field: 'login', message: 'is taken', status: 409 },
    override: usersOverride(db),
  });

  app.put(
    '/users/:id/password',
    {
      onRequest: allowUserOrProfile,
      schema: {
        tags: ['users'],
        params: idParam,
        body: passwordChange,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { id } = request.params;
      const own = id === session.userId;
      const target = await findUserById(db, id);
      if (!target) throw notFound('No such user');
      const { currentPassword, password, endOtherSessions } = request.body;
      // the current-password check is a password guess like a login (ADR 011)
      if (own) await app.loginThrottle.check(request, reply, target.login);
      if (own && !(await verifyPassword(target.passwordHash, currentPassword ?? ''))) {
        await app.loginThrottle.failed(request, target.login);
        throw new HttpError(400, errorCodes.validation, 'The current password is wrong', {
          currentPassword: 'is wrong',
        });
      }
      checkPassword(password);
      await setPasswordHash(db, id, await hashPassword(password));
      if (endOtherSessions) await endSessions(db, id, own ? session.id : undefined);
      // the user's sessions are read again everywhere, those ended refused (ADR 047)
      await app.sessions.settle();
      request.log.info({ event: 'password_changed', userId: id, by: session.userId });
      return reply.status(204).send(null);
    },
  );
};
