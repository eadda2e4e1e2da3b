import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { NoticesOfPage } from '../components/feedback/NoticesOfPage';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <NoticesOfPage />
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
}
