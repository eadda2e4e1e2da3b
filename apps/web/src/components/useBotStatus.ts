import { api } from '@school/contract/paths';
import { botStatus } from '@school/contract/bot';
import { useQuery } from '@tanstack/react-query';
import { request } from '../lib/http';

/**
 * Whether the Telegram bot runs (BOT_TOKEN): the screens say so when it does not, and leave out
 * what needs it (a student's new bot link). One request for every screen that asks.
 */
export function useBotStatus() {
  return useQuery({
    queryKey: ['bot', 'status'],
    queryFn: ({ signal }) => request(api.botStatus, { schema: botStatus, signal }),
    staleTime: 5 * 60_000,
  });
}
