import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { initI18n } from '../i18n/i18n';

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export type ApiHandler = (method: string, path: string, init: RequestInit) => Response;

/** Replaces fetch with a fake server; returns the mock so tests can inspect the calls. */
export function mockApi(handler: ApiHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(init.method ?? 'GET', String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export async function setupI18n(): Promise<void> {
  if (!i18next.isInitialized) await initI18n('en');
  else await i18next.changeLanguage('en');
}

export const ADMIN = { id: 1, imie: 'Anna', nazwisko: 'Kowalska', login: 'admin', timeZone: 'UTC' };

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderApp(path: string): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}
