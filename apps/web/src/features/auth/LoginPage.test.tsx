import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { HttpResponse, http } from 'msw';
import { ADMIN, lastBody, PASSWORD, server, setSession } from '../../test/server';
import { setupI18n } from '../../test/utils';
import { LoginPage } from './LoginPage';

beforeAll(setupI18n);
afterEach(cleanup);

const LOGGED_IN = {
  isLoggedIn: true,
  userId: ADMIN.id,
  firstName: ADMIN.imie,
  lastName: ADMIN.nazwisko,
  login: ADMIN.login,
  timeZone: ADMIN.timeZone,
  role: ADMIN.role,
};

async function submitLogin(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Login'), 'admin');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

// /login opened first: the form without the router and the query cache (ADR 032).
describe('login page', () => {
  it('hands a logged-in visitor over to the app at /dashboard', async () => {
    const onLoggedIn = vi.fn();
    render(<LoginPage onLoggedIn={onLoggedIn} />);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(LOGGED_IN, '/dashboard'));
    expect(screen.queryByLabelText('Login')).not.toBeInTheDocument();
  });

  it('shows the 401 message under the form and marks the password invalid', async () => {
    setSession(null);
    const onLoggedIn = vi.fn();
    render(<LoginPage onLoggedIn={onLoggedIn} />);
    await submitLogin('wrong-password');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Wrong login or password'),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('shows the form when the session check gets no answer, then says there is no connection', async () => {
    server.use(http.all('*', () => HttpResponse.error()));
    render(<LoginPage onLoggedIn={vi.fn()} />);
    await submitLogin('wrong-password');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('No connection to the server'),
    );
  });

  it('sends login, password and the browser time zone, then hands over at / with the user', async () => {
    setSession(null);
    const onLoggedIn = vi.fn();
    render(<LoginPage onLoggedIn={onLoggedIn} />);
    await submitLogin(PASSWORD);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(LOGGED_IN, '/'));
    expect(lastBody('POST', api.authentication)).toEqual({
      login: 'admin',
      password: PASSWORD,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});
