import { api } from '@school/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/http';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** GET /api/dashboard: every figure and chart of the screen in one answer. */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) =>
      request(api.dashboard, {
        // The first screen after login downloads without zod (docs/quality.md): the schema comes
        // beside the request.
        schema: () => import('@school/contract/clients').then((contract) => contract.dashboard),
        signal,
      }),
    // Stage moves and new clients happen on other screens: reopening the dashboard asks again.
    refetchOnMount: 'always',
  });
}
