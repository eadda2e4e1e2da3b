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
  type User,
} from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import { requireAdmin, requireUser, sessionOf } from '../../plugins/access.js';
import { errorResponses, HttpError, notFound } from '../../plugins/errors.js';
import { registerResource } from '../../plugins/resource.js';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/auth.shared.js';
import {
  countOtherAdmins,
  endSessions,
  findUserById,
  insertUserRow,
  setPasswordHash,
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
    language: row.languageId,
    isAdmin: row.isAdmin,
    disabled: row.disabled,
  };
}

const forbidden = (message: string) => new HttpError(403, errorCodes.forbidden, message);

function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) {
    throw new HttpError(400, errorCodes.validation, `Password ${problem}`, { password: problem });
  }
}

const sortable = {
  id: users.id,
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  tel: users.tel,
  position: users.position,
};

/** Request fields to columns; a field left out stays as it is. */
const userColumns = (input: Partial<z.output<typeof userUpdate>>) => ({
  login: input.login,
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  tel: input.tel,
  dateBirth: input.dateBirth,
  position: input.position,
  projectId: input.project,
  languageId: input.language,
  isAdmin: input.isAdmin,
  disabled: 'disabled' in input ? input.disabled : undefined,
});

/** An admin edits anyone; staff edit only themselves (the id is checked before the body). */
async function requireSelfOrAdmin(request: FastifyRequest) {
  await requireUser(request);
  const session = sessionOf(request);
  const { id } = request.params as { id?: string };
  if (!session.isAdmin && Number(id) !== session.userId) {
    throw forbidden('Only an admin can edit other users');
  }
}

/** Staff users (SPEC.md §7 users). Only admins manage other users; anyone edits themselves. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerResource(app, db, {
    path: 'users',
    tags: ['users'],
    schemas: { item: user, query: userListQuery, create: userCreate, update: userUpdate },
    table: {
      table: users,
      search: [
        users.login,
        users.firstName,
        users.lastName,
        users.email,
        users.tel,
        users.position,
      ],
      sort: sortable,
      defaultSort: 'lastName',
    },
    toItem: toUser,
    toColumns: userColumns,
    notFound: 'No such user',
    access: { create: requireAdmin, update: requireSelfOrAdmin, delete: requireAdmin },
    unique: { field: 'login', message: 'is taken', status: 409 },
    override: (plain) => ({
      async create(input, request) {
        const { password, ...fields } = input;
        checkPassword(password);
        const row = await insertUserRow(
          db,
          { ...userColumns(fields), login: fields.login },
          await hashPassword(password),
        );
        request.log.info({ event: 'user_created', userId: row.id, by: sessionOf(request).userId });
        return toUser(row);
      },
      async update(id, body, request, current) {
        const session = sessionOf(request);
        if (!session.isAdmin) {
          const escalates =
            (body.isAdmin !== undefined && body.isAdmin !== current.isAdmin) ||
            (body.disabled !== undefined && body.disabled !== current.disabled);
          if (escalates) throw forbidden('Only an admin can change roles');
        }
        const losesAdmin =
          current.isAdmin &&
          !current.disabled &&
          (body.isAdmin === false || body.disabled === true);
        if (losesAdmin && (await countOtherAdmins(db, id)) === 0) {
          throw new HttpError(409, 'last_admin', 'The last admin must stay an enabled admin');
        }
        if (body.disabled === true && id === session.userId) {
          throw new HttpError(409, 'self', 'You cannot disable yourself');
        }
        const updated = await plain.update(id, body, request, current);
        if (updated?.disabled && !current.disabled) await endSessions(db, id);
        return updated;
      },
      async remove(id, request) {
        if (id === sessionOf(request).userId) {
          throw new HttpError(409, 'self', 'You cannot delete yourself');
        }
        const target = await plain.find(id, request);
        if (!target) return false;
        if (target.isAdmin && (await countOtherAdmins(db, id)) === 0) {
          throw new HttpError(409, 'last_admin', 'The last admin cannot be deleted');
        }
        return plain.remove(id, request); // sessions go with it (on delete cascade)
      },
    }),
  });

  app.put(
    '/users/:id/password',
    {
      onRequest: requireUser,
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
};
