import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { scheduleCommit } from '../components/feedback/pendingCommits';
import { request } from '../lib/http';
import { ADMIN, calledUrls, requests, seed, server, setSession } from '../test/server';
import { makeStudent } from '../test/students';
import { jsonResponse, renderApp, setupI18n } from '../test/utils';

const location = () => screen.getByTestId('location').textContent;

beforeAll(setupI18n);
beforeEach(() => {
  window.localStorage.clear();
  window.innerWidth = 1280;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('sends a logged-out visitor of an app route to /login', async () => {
    setSession(null);
    renderApp('/clients');
    await screen.findByRole('button', { name: 'Log in' });
    expect(location()).toBe('/login');
  });

  it('shows the translated title of a screen not built yet', async () => {
    renderApp('/students/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Student' })).toBeInTheDocument();
  });

  it('reaches the messages screen through its double-slash address', async () => {
    renderApp('//messages/byconvprogress/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    // The address keeps its documented spelling (docs/screens.md); only the matching collapses the slashes.
    expect(location()).toBe('//messages/byconvprogress/5');
  });

  it('shows a not-found screen with a link to the dashboard for unknown paths', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});

describe('side navigation', () => {
  it('highlights the current section, also on its detail screens', async () => {
    renderApp('/conversations/3');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Bot' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Clients' }).hasAttribute('aria-current')).toBe(
      false,
    );
  });

  it('shows the user initials and name', async () => {
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByText('Anna Kowalska');
    // the initials are drawn from an attribute: the link's text is the name alone, which its
    // accessible name holds (WCAG 2.5.3)
    expect(nav.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AK');
    const personal = within(nav).getByRole('link', { name: /Anna Kowalska/ });
    expect(personal.textContent).toBe('Anna Kowalska');
    expect(personal.getAttribute('aria-label')).toContain(personal.textContent);
  });

  it('puts the corner toggle, at the top of the bar, first in its tab order', async () => {
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByText('Anna Kowalska');
    const order = [...nav.querySelectorAll('a, button')].map((el) => el.getAttribute('aria-label'));
    expect(order[0]).toBe('Show or hide navigation');
    expect(order.at(-1)).toBe('Dark theme');
  });

  it('toggles open/collapsed and hidden/collapsed and stores the nav-state codes', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.dataset.state).toBe('open');

    await user.click(within(nav).getByRole('button', { name: 'Toggle menu' }));
    expect(nav.dataset.state).toBe('collapsed');
    expect(window.localStorage.getItem('navState')).toBe('0');

    const corner = within(nav).getByRole('button', { name: 'Show or hide navigation' });
    await user.click(corner);
    expect(nav.dataset.state).toBe('hidden');
    expect(window.localStorage.getItem('navState')).toBe('3');

    await user.click(corner);
    expect(nav.dataset.state).toBe('collapsed');
    await user.click(within(nav).getByRole('button', { name: 'Toggle menu' }));
    expect(nav.dataset.state).toBe('open');
    expect(window.localStorage.getItem('navState')).toBe('1');
  });

  it('starts collapsed on a narrow window when the stored state is open', async () => {
    window.localStorage.setItem('navState', '1');
    window.innerWidth = 800;
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.dataset.state).toBe('collapsed');
  });

  it('switches the theme, stores flag and colours, and updates the CSS variables', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    const before = toggle.getAttribute('aria-pressed');
    await user.click(toggle);
    const dark = before === 'false';
    expect(toggle).toHaveAttribute('aria-pressed', String(dark));
    expect(window.localStorage.getItem('theme')).toBe(dark ? 'dark' : 'light');
    const colors: unknown = JSON.parse(window.localStorage.getItem('themeColors') ?? 'null');
    expect(colors).toMatchObject({ background: expect.any(String), modal: expect.any(String) });
    expect(document.documentElement.style.getPropertyValue('--color-background')).toBe(
      (colors as { background: string }).background,
    );
  });
});

describe('header block and language', () => {
  it('opens and closes the 300px create panel with the plus button', async () => {
    const user = userEvent.setup();
    renderApp('/clients');
    const create = await screen.findByRole('button', { name: 'Create' });
    expect(screen.getByPlaceholderText('search here ...')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Create panel' })).not.toBeInTheDocument();
    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Create panel' })).toBeInTheDocument();
    await user.click(create);
    expect(screen.queryByRole('region', { name: 'Create panel' })).not.toBeInTheDocument();
  });

  it('switches the language, stores it and updates <html lang>', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    await user.selectOptions(await screen.findByLabelText('Language'), 'pl');
    await screen.findByRole('heading', { level: 1, name: 'Ustawienia' });
    expect(document.documentElement.lang).toBe('pl');
    expect(window.localStorage.getItem('language')).toBe('pl');
    await user.selectOptions(screen.getByLabelText('Język'), 'en');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('logout', () => {
  it('calls POST /api/logout and goes to /login even when the call fails', async () => {
    server.use(
      http.post(api.logout, () => jsonResponse(500, { error: 'internal', message: 'Boom' })),
    );
    renderApp('/logout');
    await waitFor(() => expect(location()).toBe('/login'));
    await screen.findByRole('button', { name: 'Log in' });
    expect(calledUrls('POST').some((url) => url.pathname === '/api/logout')).toBe(true);
  });

  it('first sends the changes still offering Undo, while the session is alive (ADR 013)', async () => {
    seed({ groups: [{ id: 4, name: 'Evening' }] });
    scheduleCommit({
      key: 'DELETE /api/groups/4',
      send: (keepalive) => request('/api/groups/4', { method: 'DELETE', keepalive }),
    });
    renderApp('/logout');
    await waitFor(() => expect(location()).toBe('/login'));
    const calls = requests.all().map((entry) => `${entry.method} ${entry.url.pathname}`);
    expect(calls.indexOf('DELETE /api/groups/4')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('DELETE /api/groups/4')).toBeLessThan(calls.indexOf('POST /api/logout'));
  });
});

describe('roles (docs/roles.md)', () => {
  it('leaves the CRM out of a teacher’s navigation and starts them on the schedule', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(location()).toBe('/schedule'));
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(links).not.toContain('Clients');
    expect(links).not.toContain('Pipeline');
    expect(links).not.toContain('Dashboard');
    // user management is the admin's; everyone's own profile is the name at the top
    expect(links).not.toContain('Users');
    expect(links).toEqual(
      expect.arrayContaining(['Schedule', 'Students', 'Games', 'Anna Kowalska: your profile']),
    );
  });

  it('shows a teacher’s deep link to the clients “Not available for your role”', async () => {
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/clients/5');
    await screen.findByRole('heading', { level: 1, name: 'Not available for your role' });
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe(
      '/schedule',
    );
    expect(calledUrls().some((url) => url.pathname.startsWith('/api/clients'))).toBe(false);
  });

  it('shows a student’s documents link to a manager but not to a teacher', async () => {
    const student = makeStudent({ client: 3 });
    seed({ students: [student] });
    server.use(http.get(api.studentTimeline(12), () => jsonResponse(200, [])));
    setSession({ ...ADMIN, role: 'manager' });
    renderApp('/students/12');
    await screen.findByRole('link', { name: 'Open the documents' });
    expect(screen.getByRole('link', { name: 'Open the client' })).toBeInTheDocument();
    // the learner's page: the whole address, to copy, to open, or as a QR code
    const pageLink = `${window.location.origin}/play/me?s=AlqmJIDA1u7LpHZQ4W_j1A`;
    const section = screen.getByRole('region', { name: 'Learner’s page' });
    expect(within(section).getByText(pageLink)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe(
      pageLink,
    );
    expect(within(section).getByRole('button', { name: 'Copy page link' })).toBeInTheDocument();
    within(section).getByRole('button', { name: 'Show QR code' }).click();
    await screen.findByRole('dialog', { name: 'QR code of Olena Koval’s page' });
    cleanup();
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/students/12');
    await screen.findByRole('heading', { level: 2, name: 'Links' });
    expect(screen.queryByRole('link', { name: 'Open the documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the client' })).not.toBeInTheDocument();
  });

  it('keeps the CRM in a manager’s navigation', async () => {
    setSession({ ...ADMIN, role: 'manager' });
    renderApp('/pipeline');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pipeline' })).toBeInTheDocument();
  });
});
