import { QueryClient } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { initI18n } from '../i18n/i18n';
import { loadAppTexts, loadScreenTexts, SCREEN_PARTS } from '../i18n/loggedInTexts';

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export async function setupI18n(): Promise<void> {
  if (!i18next.isInitialized) await initI18n('en');
  await i18next.changeLanguage('en');
  await Promise.all([loadAppTexts(), loadScreenTexts(SCREEN_PARTS)]);
}

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

/** A list answer: the rows and the X-Total-Count header (docs/api.md, Lists). */
export function listResponse(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/**
 * jsdom lays nothing out (every size is 0), so a virtualised table would render no rows; give
 * elements a viewport-like size.
 */
export function stubLayout(height = 800, width = 1200): void {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

/** Renders a component with the app's providers and a router, outside the app's routes. */
export function renderWithProviders(ui: ReactNode, path = '/'): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}

/** Answers the app's delete confirmation (the alertdialog named `title`) with its Delete button. */
export async function confirmDelete(user: UserEvent, title: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: /^(Delete|Usuń|Видалити)$/ }));
}
