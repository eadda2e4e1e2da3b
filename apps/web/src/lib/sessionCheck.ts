import type { SessionUser } from '@school/contract/auth';
import type { Role } from '@school/contract/users';
import { sessionPaths } from '@school/contract/session-paths';
import { setSchoolCurrency } from './currency';
import { HttpError, request } from './http';

// Without @tanstack/react-query: the login page checks the session with this before the rest of
// the app is downloaded (docs/quality.md, Download size); lib/session.ts keeps it in the query cache.

/** The session data kept on the client (docs/data-model.md, Data in the browser). */
export type Session =
  | { isLoggedIn: false }
  | {
      isLoggedIn: true;
      userId: number;
      firstName: string;
      lastName: string;
      login: string;
      timeZone: string;
      /** what the user may do (docs/roles.md), as the server answered at the last check */
      role: Role;
    };

export const LOGGED_OUT: Session = { isLoggedIn: false };

/** The session of the server's answer; the school's currency it carries applies from now. */
export function toSession(user: SessionUser): Session {
  setSchoolCurrency(user.currency);
  return {
    isLoggedIn: true,
    userId: user.id,
    firstName: user.imie,
    lastName: user.nazwisko,
    login: user.login,
    timeZone: user.timeZone,
    role: user.role,
  };
}

/** GET /api/islogin; a 401 is the normal "logged out" answer, not an error. */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    const user = await request(sessionPaths.islogin, {
      // Imported on the first check, beside the request: not part of the first download.
      schema: () => import('@school/contract/auth').then((contract) => contract.sessionUser),
      authRedirect: false,
      ...(signal ? { signal } : {}),
    });
    return toSession(user);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return LOGGED_OUT;
    throw error;
  }
}
