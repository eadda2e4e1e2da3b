import type { z } from 'zod';
import { errorCodes } from '@school/contract/common';
import type { User, userCreate, userListQuery, userUpdate } from '@school/contract/users';
import type { Db } from '../../db/client.js';
import { sessionOf } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import type { ResourceData } from '../../plugins/resource.js';
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

export const forbidden = (message: string) => new HttpError(403, errorCodes.forbidden, message);

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
  isAdmin: input.isAdmin,
  disabled: 'disabled' in input ? input.disabled : undefined,
});

/**
 * The users' rules over the plain operations: a new user's password, roles changed by admins
 * only, the last enabled admin kept, nobody disables or deletes themselves, and a disabled
 * user's sessions ended.
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
        current.isAdmin && !current.disabled && (body.isAdmin === false || body.disabled === true);
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
  });
