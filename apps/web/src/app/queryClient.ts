import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../lib/http';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An HTTP answer (401, 403, 404, 400...) will not change on retry; a lost connection may.
        retry: (failureCount, error) => !(error instanceof HttpError) && failureCount < MAX_RETRIES,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
