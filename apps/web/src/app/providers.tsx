import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FeedbackHost } from '../components/feedback/FeedbackHost';
import { setUnauthorizedHandler } from '../lib/http';
import { markLoggedOut } from '../lib/session';
import { createQueryClient } from './queryClient';

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // docs/api.md, Error catalogue: a 401 on any call but the login marks the user logged out; the route guard then
  // sends the browser to /login.
  useEffect(() => setUnauthorizedHandler(() => markLoggedOut(client)), [client]);

  return (
    <QueryClientProvider client={client}>
      {children}
      <FeedbackHost />
    </QueryClientProvider>
  );
}
