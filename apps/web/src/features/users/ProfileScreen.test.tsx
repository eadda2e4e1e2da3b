import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { ADMIN, calledUrls, lastBody, seed, server, setSession } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

const SESSIONS = [
  {
    id: 1,
    device: 'Chrome on Linux',
    timezone: 'Europe/Warsaw',
    lastActivity: '2025-03-01T10:15:00.000Z',
    createdAt: '2025-02-28T08:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    device: 'Safari on iOS',
    timezone: 'Europe/Kyiv',
    lastActivity: '2025-02-20T18:40:00.000Z',
    createdAt: '2025-02-20T18:00:00.000Z',
    current: false,
  },
];

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OWN = {
  id: 1,
  name: 'Anna Kowalska',
  login: 'anna',
  firstName: 'Anna',
  lastName: 'Kowalska',
  email: 'anna@school.pl',
  tel: '',
  dateBirth: null,
  position: 'Teacher',
  project: null,
  language: null,
  disabled: false,
  role: 'teacher',
  isAdmin: false,
};

/** Logged in as a teacher (id 1) whose own record the fake API holds. */
function asTeacher() {
  setSession({ ...ADMIN, role: 'teacher' });
  seed({ users: [OWN], sessions: SESSIONS });
  server.use(http.put('/api/users/:id/password', () => jsonResponse(204)));
}

describe('/profile', () => {
  it('edits one’s own details, without role or disabling, for every role', async () => {
    asTeacher();
    const user = userEvent.setup();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const details = await screen.findByRole('form', { name: 'Your details' });
    expect(within(details).getByLabelText('Login')).toHaveProperty('value', 'anna');
    expect(within(details).queryByLabelText('Role')).not.toBeInTheDocument();
    expect(within(details).queryByLabelText('Disabled')).not.toBeInTheDocument();
    await user.clear(within(details).getByLabelText('Position'));
    await user.type(within(details).getByLabelText('Position'), 'Office');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Successfully done !');
    const body = lastBody('PUT', '/api/users/1') as Record<string, unknown>;
    expect(body).toMatchObject({ position: 'Office' });
    expect(body).not.toHaveProperty('role');
    expect(body).not.toHaveProperty('disabled');
  });

  it('changes one’s own password with the current one, ending other sessions by default', async () => {
    asTeacher();
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(within(form).getByLabelText('End my other sessions')).toHaveProperty('checked', true);
    await user.type(within(form).getByLabelText('Current password'), 'old secret');
    await user.type(within(form).getByLabelText('New password'), 'new long secret');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(lastBody('PUT', '/api/users/1/password')).toEqual({
      currentPassword: 'old secret',
      password: 'new long secret',
      endOtherSessions: true,
    });
  });

  it('is reached from the name at the top of the navigation; Users is the admin’s only', async () => {
    asTeacher();
    const user = userEvent.setup();
    renderApp('/schedule');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Anna Kowalska: your profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it('leads to one’s sessions in Settings instead of listing them', async () => {
    asTeacher();
    const user = userEvent.setup();
    renderApp('/profile');
    await screen.findByRole('form', { name: 'Your details' });
    expect(screen.queryByRole('region', { name: 'Sessions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Your sessions' }));
    // the region comes with the Settings screen's chunk, after the address has changed
    expect(await screen.findByRole('region', { name: 'Sessions' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('answers a non-admin’s deep link to /users with Not available for your role', async () => {
    for (const role of ['manager', 'teacher'] as const) {
      setSession({ ...ADMIN, role });
      renderApp('/users');
      expect(
        await screen.findByRole('heading', { name: 'Not available for your role' }),
      ).toBeInTheDocument();
      expect(calledUrls().some((url) => url.pathname === '/api/users')).toBe(false);
      cleanup();
    }
    setSession(ADMIN);
    renderApp('/users');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });
});
