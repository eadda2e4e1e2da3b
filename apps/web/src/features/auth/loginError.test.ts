import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, TimeoutError } from '../../lib/http';
import { loginErrorKey } from './loginError';

const body = (error: string) => ({ error, message: error });

describe('login error line (docs/api.md, Error catalogue)', () => {
  it('says there is no connection when the server did not answer', () => {
    expect(loginErrorKey(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'login.errors.noConnection',
    );
    expect(loginErrorKey(new TimeoutError())).toBe('login.errors.noConnection');
  });

  it('says wrong login or password on 401', () => {
    expect(loginErrorKey(new HttpError(401, body('unauthorized')))).toBe(
      'login.errors.invalidCredentials',
    );
  });

  it('says too many attempts on 429', () => {
    expect(loginErrorKey(new HttpError(429, body('too_many_attempts')))).toBe(
      'login.errors.tooManyAttempts',
    );
  });

  it('says a generic error for anything else', () => {
    expect(loginErrorKey(new HttpError(500, null))).toBe('login.errors.generic');
    expect(loginErrorKey(new HttpError(403, body('xsrf')))).toBe('login.errors.generic');
    expect(loginErrorKey(new HttpError(503, body('unavailable')))).toBe('login.errors.generic');
    expect(loginErrorKey(new SyntaxError('Unexpected token'))).toBe('login.errors.generic');
  });
});
