import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, jsonResponse, mockApi, renderApp, setupI18n } from '../../test/utils';

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;

async function submitLogin(password = 'wrong-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Login'), 'admin');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login screen', () => {
  it('requires both fields at the browser level', async () => {
    mockApi(() => jsonResponse(401, { error: 'unauthorized', message: 'Log in' }));
    renderApp('/login');
    expect((await screen.findByLabelText<HTMLInputElement>('Login')).required).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').required).toBe(true);
  });

  it('shows the 401 message under the form and marks the password invalid', async () => {
    mockApi((method, path) =>
      path === '/api/authentication' && method === 'POST'
        ? jsonResponse(401, { error: 'unauthorized', message: 'Wrong' })
        : jsonResponse(401, { error: 'unauthorized', message: 'Log in' }),
    );
    renderApp('/login');
    await submitLogin();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Wrong login or password'),
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(location()).toBe('/login');
  });

  it('says there is no connection when the server does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/login');
    await submitLogin();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('No connection to the server'),
    );
  });

  it('sends login, password and the browser time zone, then goes to /', async () => {
    const fetchMock = mockApi((method, path) =>
      path === '/api/authentication' && method === 'POST'
        ? jsonResponse(200, ADMIN)
        : jsonResponse(401, { error: 'unauthorized', message: 'Log in' }),
    );
    renderApp('/login');
    await submitLogin('correct-password');

    await waitFor(() => expect(location()).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const loginCall = fetchMock.mock.calls.find(([path]) => path === '/api/authentication');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      login: 'admin',
      password: 'correct-password',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('sends a logged-in visitor to /dashboard', async () => {
    mockApi(() => jsonResponse(200, ADMIN));
    renderApp('/login');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});
