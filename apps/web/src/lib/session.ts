import type { SessionUser } from '@school/contract/auth';
import type { Role } from '@school/contract/users';
import { api } from '@school/contract/paths';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { HttpError, request } from './http';

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

export const SESSION_QUERY_KEY = ['session'] as const;
const LOGGED_OUT: Session = { isLoggedIn: false };

export function toSession(user: SessionUser): Session {
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
    const user = await request(api.islogin, {
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

export function useSession(): { isChecking: boolean; session: Session } {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  // A failed start-up check (server unreachable) shows the login form, whose own error line
  // then says what is wrong; a failed re-check keeps the last known session.
  return { isChecking: query.isPending, session: query.data ?? LOGGED_OUT };
}

export function markLoggedIn(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, toSession(user));
}

/** Forgets the session and every cached answer, so the next user never sees this one's data. */
export function markLoggedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, LOGGED_OUT);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
}
