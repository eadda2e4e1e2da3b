import type { SessionUser } from '@school/contract/auth';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchSession, LOGGED_OUT, toSession, type Session } from './sessionCheck';

export type { Session } from './sessionCheck';

export const SESSION_QUERY_KEY = ['session'] as const;

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
