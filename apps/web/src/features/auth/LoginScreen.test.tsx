import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { HttpResponse, http } from 'msw';
import { lastBody, PASSWORD, server, setSession } from '../../test/server';
import { renderApp, setupI18n } from '../../test/utils';

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
    setSession(null);
    renderApp('/login');
    expect((await screen.findByLabelText<HTMLInputElement>('Login')).required).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').required).toBe(true);
  });

  it('shows the 401 message under the form and marks the password invalid', async () => {
    setSession(null);
    renderApp('/login');
    await submitLogin();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Wrong login or password'),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/login');
  });

  it('says there is no connection when the server does not answer', async () => {
    server.use(http.all('*', () => HttpResponse.error()));
    renderApp('/login');
    await submitLogin();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('No connection to the server'),
    );
  });

  it('sends login, password and the browser time zone, then goes to /', async () => {
    setSession(null);
    renderApp('/login');
    await submitLogin(PASSWORD);

    await waitFor(() => expect(location()).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(lastBody('POST', api.authentication)).toEqual({
      login: 'admin',
      password: PASSWORD,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('sends a logged-in visitor to /dashboard', async () => {
    renderApp('/login');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});
