import { sessionItem, type SessionItem } from '@school/contract/auth';
import { api } from '@school/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../lib/http';
import { markLoggedOut } from '../../lib/session';

const SESSIONS_QUERY_KEY = ['sessions'] as const;
const sessionList = z.array(sessionItem);

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: ({ signal }) => request(api.sessions, { schema: sessionList, signal }),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionItem) => request(api.session(session.id), { method: 'DELETE' }),
    onSuccess: async (_answer, session) => {
      // The server has ended this browser's own session: it is logged out now.
      if (session.current) {
        markLoggedOut(queryClient);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });
}
