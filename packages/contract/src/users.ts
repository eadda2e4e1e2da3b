import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import {
  recordVersion,
  listQueryWith,
  money,
  optionalDate,
  optionalEmail,
  optionalId,
  requiredText,
  text,
  updateOf,
} from './common.js';

const password = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** The staff roles (docs/roles.md): what each may do is in that page's table. */
export const ROLES = ['admin', 'manager', 'teacher'] as const;
export const role = z.enum(ROLES).meta({ id: 'Role' });
export type Role = z.infer<typeof role>;

/** User (docs/data-model.md); `name` is first + last name, for selectors (docs/api.md). */
export const user = z
  .object({
    id: z.number().int(),
    name: z.string(),
    login: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    tel: z.string(),
    dateBirth: z.string().nullable(),
    position: z.string(),
    project: z.number().int().nullable(),
    /** a languages lookup id, like Client.language */
    language: z.number().int().nullable(),
    role,
    /** read-only: true exactly for the role admin */
    isAdmin: z.boolean(),
    disabled: z.boolean(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

const userFields = {
  firstName: requiredText(100),
  lastName: text(100),
  email: optionalEmail,
  tel: text(40),
  dateBirth: optionalDate,
  position: text(100),
  project: optionalId,
  language: optionalId,
};

export const userCreate = z
  .object({
    login: requiredText(100).regex(/^[^\s]+$/, 'must have no spaces'),
    password,
    ...userFields,
    /** only an admin may send it; a new user is a manager when left out */
    role: role.default('manager'),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.input<typeof userCreate>;

/** Fields left out keep their values (ADR 010). */
export const userUpdate = updateOf(
  z.object({
    ...userFields,
    login: requiredText(100).regex(/^[^\s]+$/, 'must have no spaces'),
    /** only an admin may send it (403 otherwise, even for oneself) */
    role,
    disabled: z.boolean(),
  }),
).meta({ id: 'UserUpdate' });
export type UserUpdate = z.input<typeof userUpdate>;

export const passwordChange = z
  .object({
    /** required when changing one's own password */
    currentPassword: z.string().max(1024).optional(),
    password,
    /** docs/api.md: changing a password offers to end the other sessions */
    endOtherSessions: z.boolean().default(true),
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.input<typeof passwordChange>;

export const USER_SORTS = [
  'login',
  'role',
  'firstName',
  'lastName',
  'email',
  'tel',
  'position',
  'id',
] as const;
export const userListQuery = listQueryWith(USER_SORTS).extend({
  /** only the users of this role */
  role: role.optional(),
});

/** Project (docs/data-model.md): name, description, responsible; price and product in labels. */
export const project = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    responsible: z.number().int().nullable(),
    price: z.number().nullable(),
    product: z.number().int().nullable(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof project>;

export const projectInput = z
  .object({
    name: requiredText(200),
    description: text(2000),
    responsible: optionalId,
    price: money,
    product: optionalId,
  })
  .meta({ id: 'ProjectWrite' });
export type ProjectInput = z.input<typeof projectInput>;

export const projectUpdate = updateOf(projectInput).meta({ id: 'ProjectUpdate' });

export const PROJECT_SORTS = ['name', 'description', 'price', 'id'] as const;
export const projectListQuery = listQueryWith(PROJECT_SORTS);

/** Group (docs/data-model.md): id, name. */
export const group = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** the record version (ADR 038): a PUT may send it back */
    version: recordVersion,
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof group>;

export const groupInput = z.object({ name: requiredText(200) }).meta({ id: 'GroupWrite' });
export type GroupInput = z.input<typeof groupInput>;

export const groupUpdate = updateOf(groupInput).meta({ id: 'GroupUpdate' });

export const GROUP_SORTS = ['name', 'id'] as const;
export const groupListQuery = listQueryWith(GROUP_SORTS);
