import { api } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearNotices } from '../../components/feedback/notices';
import { flushCommits } from '../../components/feedback/pendingCommits';
import { request } from '../../lib/http';
import { markLoggedIn, markLoggedOut } from '../../lib/session';
import { sendLogin } from './sendLogin';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLogin,
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
