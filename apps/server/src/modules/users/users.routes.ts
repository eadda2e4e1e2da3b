import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, idParam } from '@school/contract/common';
import {
  passwordChange,
  user,
  userCreate,
  userListQuery,
  userUpdate,
  type User,
} from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sendPage } from '../../db/list.js';
import { errorResponses, HttpError, notFound, sqlStateOf } from '../../plugins/errors.js';
import type { CurrentSession } from '../../plugins/session.js';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/auth.shared.js';
import {
  countOtherAdmins,
  countUsersMatching,
  createUser,
  deleteUser,
  endSessions,
  findUserById,
  listUsers,
  setPasswordHash,
  updateUser,
  type UserRow,
} from './users.queries.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    login: row.login,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    tel: row.tel,
    dateBirth: row.dateBirth,
    position: row.position,
    project: row.projectId,
    language: row.language,
    isAdmin: row.isAdmin,
    disabled: row.disabled,
  };
}

const forbidden = (message: string) => new HttpError(403, errorCodes.forbidden, message);

function loginTaken(err: unknown): never {
  if (sqlStateOf(err) === '23505') {
    throw new HttpError(409, errorCodes.conflict, 'This login is taken', { login: 'is taken' });
  }
  throw err;
}

function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) {
    throw new HttpError(400, errorCodes.validation, `Password ${problem}`, { password: problem });
  }
}

/** Staff users (SPEC.md §7 users). Only admins manage other users; anyone edits themselves. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.sessions.require);
  const me = (request: { session: CurrentSession | null }) => request.session as CurrentSession;

  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        querystring: userListQuery,
        response: { 200: z.array(user), ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await listUsers(db, q);
      return sendPage(
        reply,
        rows,
        q.offset,
        () => countUsersMatching(db, q.search),
        (r) => toUser(r.user),
      );
    },
  );

  app.get(
    '/users/:id',
    { schema: { tags: ['users'], params: idParam, response: { 200: user, ...errorResponses } } },
    async (request) => {
      const row = await findUserById(db, request.params.id);
      if (!row) throw notFound('No such user');
      return toUser(row);
    },
  );

  app.post(
    '/users',
    { schema: { tags: ['users'], body: userCreate, response: { 201: user, ...errorResponses } } },
    async (request, reply) => {
      if (!me(request).isAdmin) throw forbidden('Only an admin can add users');
      const { password, ...fields } = request.body;
      checkPassword(password);
      const row = await createUser(db, fields, await hashPassword(password)).catch(loginTaken);
      request.log.info({ event: 'user_created', userId: row.id, by: me(request).userId });
      return reply.status(201).send(toUser(row));
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParam,
        body: userUpdate,
        response: { 200: user, ...errorResponses },
      },
    },
    async (request) => {
      const session = me(request);
      const { id } = request.params;
      const current = await findUserById(db, id);
      if (!current) throw notFound('No such user');
      const body = request.body;
      if (!session.isAdmin) {
        if (id !== session.userId) throw forbidden('Only an admin can edit other users');
        const escalates =
          (body.isAdmin !== undefined && body.isAdmin !== current.isAdmin) ||
          (body.disabled !== undefined && body.disabled !== current.disabled);
        if (escalates) throw forbidden('Only an admin can change roles');
      }
      const losesAdmin =
        current.isAdmin && !current.disabled && (body.isAdmin === false || body.disabled === true);
      if (losesAdmin && (await countOtherAdmins(db, id)) === 0) {
        throw new HttpError(409, 'last_admin', 'The last admin must stay an enabled admin');
      }
      if (body.disabled === true && id === session.userId) {
        throw new HttpError(409, 'self', 'You cannot disable yourself');
      }
      const row = await updateUser(db, id, body).catch(loginTaken);
      if (!row) throw notFound('No such user');
      if (row.disabled && !current.disabled) await endSessions(db, id);
      return toUser(row);
    },
  );

  app.put(
    '/users/:id/password',
    {
      schema: {
        tags: ['users'],
        params: idParam,
        body: passwordChange,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = me(request);
      const { id } = request.params;
      const own = id === session.userId;
      if (!own && !session.isAdmin) throw forbidden('Only an admin can set other users’ passwords');
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
      request.log.info({ event: 'password_changed', userId: id, by: session.userId });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: { tags: ['users'], params: idParam, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const session = me(request);
      const { id } = request.params;
      if (!session.isAdmin) throw forbidden('Only an admin can delete users');
      if (id === session.userId) throw new HttpError(409, 'self', 'You cannot delete yourself');
      const target = await findUserById(db, id);
      if (!target) throw notFound('No such user');
      if (target.isAdmin && (await countOtherAdmins(db, id)) === 0) {
        throw new HttpError(409, 'last_admin', 'The last admin cannot be deleted');
      }
      await deleteUser(db, id); // sessions go with it (on delete cascade)
      return reply.status(204).send(null);
    },
  );
};
