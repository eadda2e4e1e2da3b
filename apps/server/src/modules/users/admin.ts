import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sqlStateOf } from '../../plugins/errors.js';
import { hashPassword, passwordProblem } from '../auth/auth.shared.js';
import { countUsers, insertUser } from './users.queries.js';

export interface AdminCreated {
  login: string;
  /** set only when the password was generated, so it can be printed once */
  generatedPassword?: string;
}

/** On an empty database, creates ADMIN_LOGIN (docs/architecture.md, Configuration). */
export async function ensureAdmin(db: Db, config: Config): Promise<AdminCreated | null> {
  if ((await countUsers(db)) > 0) return null;
  const generated = config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const password = config.ADMIN_PASSWORD ?? generated ?? '';
  const problem = passwordProblem(password);
  if (problem) throw new Error(`ADMIN_PASSWORD ${problem}`);
  try {
    await insertUser(db, {
      login: config.ADMIN_LOGIN,
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: '',
      role: 'admin',
    });
  } catch (err) {
    // another instance created it first (unique login)
    if (sqlStateOf(err) === '23505') return null;
    throw err;
  }
  return generated
    ? { login: config.ADMIN_LOGIN, generatedPassword: generated }
    : { login: config.ADMIN_LOGIN };
}
