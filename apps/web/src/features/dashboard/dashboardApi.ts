import { dashboard } from '@school/contract/clients';
import { api } from '@school/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/http';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** GET /api/dashboard: every figure and chart of the screen in one answer. */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => request(api.dashboard, { schema: dashboard, signal }),
    // Stage moves and new clients happen on other screens: reopening the dashboard asks again.
    refetchOnMount: 'always',
  });
}
