import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import type { User, userCreate, userListQuery, userUpdate } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { mayDo } from '../../plugins/policy.js';
import { withVersion, type ResourceData } from '../../plugins/resource.js';
import { hashPassword, passwordProblem } from '../auth/auth.shared.js';
import { countOtherAdmins, endSessions, insertUserRow, type UserRow } from './users.queries.js';

type UserData = ResourceData<
  User,
  z.output<typeof userListQuery>,
  z.output<typeof userCreate>,
  z.output<typeof userUpdate>
>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    version: row.version,
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
    role: row.role,
    isAdmin: row.role === 'admin',
    disabled: row.disabled,
  };
}

export const forbidden = (message: string) => new HttpError(403, errorCodes.forbidden, message);

const ROLE_FORBIDDEN = 'Only an admin can set a role';

/** A user's fields that a session carries, or that end it (ADR 047). */
const SESSION_FIELDS = ['role', 'disabled', 'login', 'firstName', 'lastName'] as const;

export function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) {
    throw new HttpError(400, errorCodes.validation, `Password ${problem}`, { password: problem });
  }
}

/** Request fields to columns; a field left out stays as it is. */
export const userColumns = (input: Partial<z.output<typeof userUpdate>>) => ({
  login: input.login,
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  tel: input.tel,
  dateBirth: input.dateBirth,
  position: input.position,
  projectId: input.project,
  languageId: input.language,
  role: input.role,
  disabled: 'disabled' in input ? input.disabled : undefined,
});

/**
 * The users' rules over the plain operations: a new user's password, roles set by admins
 * only (docs/roles.md), the last enabled admin kept, nobody disables or deletes themselves,
 * and a disabled user's sessions ended. Creating a user is admin-only before this is reached.
 */
export const usersOverride =
  (db: Db) =>
  (plain: UserData): Partial<UserData> => ({
    async create(input, request) {
      const { password, ...fields } = input;
      checkPassword(password);
      const row = await insertUserRow(
        db,
        { ...userColumns(fields), login: fields.login },
        await hashPassword(password),
      );
      request.log.info({ event: 'user_created', userId: row.id, by: sessionOf(request).userId });
      return withVersion(toUser(row), row);
    },
    async update(id, body, request, current) {
      const session = sessionOf(request);
      // only a role that may change anyone's account sets roles or disables (docs/roles.md)
      if (!mayDo(session.role, 'users', 'update')) {
        // a role sent at all, even one's own unchanged, is refused (docs/roles.md)
        if (body.role !== undefined) throw forbidden(ROLE_FORBIDDEN);
        if (body.disabled !== undefined && body.disabled !== current.disabled) {
          throw forbidden('Only an admin can disable users');
        }
      }
      const losesAdmin =
        current.role === 'admin' &&
        !current.disabled &&
        ((body.role !== undefined && body.role !== 'admin') || body.disabled === true);
      if (losesAdmin && (await countOtherAdmins(db, id)) === 0) {
        throw new HttpError(
          409,
          'last_admin',
          'The last enabled admin must stay an admin: make another user an admin first',
        );
      }
      if (body.disabled === true && id === session.userId) {
        throw new HttpError(409, 'self', 'You cannot disable yourself');
      }
      const updated = await plain.update(id, body, request, current);
      if (updated?.disabled && !current.disabled) await endSessions(db, id);
      // what the sessions' caches hold of a user: dropped everywhere before the answer (ADR 047)
      if (updated && SESSION_FIELDS.some((field) => updated[field] !== current[field])) {
        await request.server.sessions.settle();
      }
      return updated;
    },
    async remove(id, request) {
      if (id === sessionOf(request).userId) {
        throw new HttpError(409, 'self', 'You cannot delete yourself');
      }
      const target = await plain.find(id, request);
      if (!target) return false;
      if (target.role === 'admin' && (await countOtherAdmins(db, id)) === 0) {
        throw new HttpError(409, 'last_admin', 'The last admin cannot be deleted');
      }
      // sessions go with it (on delete cascade), from every instance's cache too (ADR 047)
      const removed = await plain.remove(id, request);
      if (removed) await request.server.sessions.settle();
      return removed;
    },
  });
