import { HttpError, NetworkError, TimeoutError } from '../../lib/http';

export type LoginErrorKey =
  | 'login.errors.noConnection'
  | 'login.errors.invalidCredentials'
  | 'login.errors.tooManyAttempts'
  | 'login.errors.generic';

/** SPEC §8 login failures: no answer, 401, anything else (plus DESIGN §2's 429 throttling). */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return 'login.errors.noConnection';
  }
  if (error instanceof HttpError) {
    if (error.status === 401) return 'login.errors.invalidCredentials';
    if (error.status === 429) return 'login.errors.tooManyAttempts';
  }
  return 'login.errors.generic';
}
