import { HttpError, NetworkError, TimeoutError } from '../../lib/http';

export type LoginErrorKey =
  | 'login.errors.noConnection'
  | 'login.errors.invalidCredentials'
  | 'login.errors.tooManyAttempts'
  | 'login.errors.generic';

/** Login failures (docs/api.md, Error catalogue): no answer, 401, anything else (plus 429: docs/api.md, Login throttling). */
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
