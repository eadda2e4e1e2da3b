import type * as Argon2 from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@school/contract/auth';
import { commonPasswords } from './common-passwords.js';

/**
 * argon2id (the library's default algorithm) at one of OWASP's equivalent parameter sets, the
 * one that holds least memory: 7 MiB and 5 passes, as strong as 19 MiB and 2 passes, which a
 * hash held while it ran (docs/architecture.md, ADR 049). A hash made with other parameters is
 * still verified with its own, and made again with these at its user's next login.
 */
const options = { memoryCost: 7_168, timeCost: 5, parallelism: 1 };
const PARAMETERS = `$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

let argon2: Promise<typeof Argon2> | undefined;
/** The native hashing library, loaded at the first login or password change, not at start-up. */
const library = () => (argon2 ??= import('@node-rs/argon2'));

let last: Promise<unknown> = Promise.resolve();
/**
 * One hash at a time in a process (ADR 049): each holds its memory while it runs, so logins at
 * once wait for each other rather than hold that memory each.
 */
function oneAtATime<T>(work: (lib: typeof Argon2) => Promise<T>): Promise<T> {
  const run = last.then(async () => work(await library()));
  last = run.catch(() => undefined);
  return run;
}

export const hashPassword = (password: string) => oneAtATime((lib) => lib.hash(password, options));

/** Verifies without throwing: a malformed stored hash is simply "no". */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATime((lib) => lib.verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Whether an argon2 hash was made with other parameters than today's: made again at login. */
export const needsRehash = (passwordHash: string) =>
  passwordHash.startsWith('$argon2') && !passwordHash.includes(PARAMETERS);

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
