import type { LoginRequest } from '@school/contract/auth';
import { api } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearNotices } from '../../components/feedback/notices';
import { flushCommits } from '../../components/feedback/pendingCommits';
import { browserTimeZone } from '../../lib/format';
import { request } from '../../lib/http';
import { markLoggedIn, markLoggedOut } from '../../lib/session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Pick<LoginRequest, 'login' | 'password'>) =>
      request(api.authentication, {
        method: 'POST',
        body: { ...credentials, timeZone: browserTimeZone() },
        // The login page's download stays without zod (docs/quality.md).
        schema: () => import('@school/contract/auth').then((contract) => contract.sessionUser),
        // A 401 here is "wrong login or password", not an expired session.
        authRedirect: false,
      }),
    onSuccess: (user) => markLoggedIn(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Changes still offering Undo are sent while the session can still send them (ADR 013).
      await flushCommits();
      return request(api.logout, { method: 'POST', authRedirect: false });
    },
    // docs/screens.md: the user is logged out even when the call fails.
    onSettled: () => {
      markLoggedOut(queryClient);
      clearNotices();
    },
  });
}
