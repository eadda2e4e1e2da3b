import type * as Argon2 from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@school/contract/auth';
import { commonPasswords } from './common-passwords.js';

// argon2id is the library's default algorithm; these are OWASP's parameters (docs/architecture.md).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let argon2: Promise<typeof Argon2> | undefined;
/** The native hashing library, loaded at the first login or password change, not at start-up. */
const library = () => (argon2 ??= import('@node-rs/argon2'));

export const hashPassword = async (password: string) => (await library()).hash(password, options);

/** Verifies without throwing: a malformed stored hash is simply "no". */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await library()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Unknown logins are verified against this, so they answer in the same time as wrong passwords. */
export const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-0'));

/** docs/api.md, Passwords: at least 8, up to 128, no composition rules, common passwords refused. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if ([...password].length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters`;
  if (commonPasswords.has(password.toLowerCase())) return 'is too common, choose another';
  return null;
}
