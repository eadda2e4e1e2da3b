import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { NoticesOfPage } from '../components/feedback/NoticesOfPage';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App() {
  return (
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <NoticesOfPage />
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
}
