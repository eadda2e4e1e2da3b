import type { LoginRequest, SessionUser } from '@school/contract/auth';
import { sessionPaths } from '@school/contract/session-paths';
import { browserTimeZone } from '../../lib/timeZone';
import { request } from '../../lib/http';

export type Credentials = Pick<LoginRequest, 'login' | 'password'>;

/** POST /api/authentication with the browser's time zone; answers the logged-in user. */
export function sendLogin(credentials: Credentials): Promise<SessionUser> {
  return request(sessionPaths.authentication, {
    method: 'POST',
    body: { ...credentials, timeZone: browserTimeZone() },
    // The login page's download stays without zod (docs/quality.md).
    schema: () => import('@school/contract/auth').then((contract) => contract.sessionUser),
    // A 401 here is "wrong login or password", not an expired session.
    authRedirect: false,
  });
}
