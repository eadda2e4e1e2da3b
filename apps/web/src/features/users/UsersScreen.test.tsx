import type { User } from '@school/contract/users';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { ADMIN, calledUrls, lastBody, seed, server, setSession } from '../../test/server';
import { jsonResponse, renderApp, setupI18n, stubLayout } from '../../test/utils';

const base = {
  email: '',
  tel: '',
  dateBirth: null,
  position: '',
  language: null,
  disabled: false,
  version: 1,
};
const USERS: User[] = [
  {
    ...base,
    id: 1,
    name: 'Anna Kowalska',
    login: 'admin',
    firstName: 'Anna',
    lastName: 'Kowalska',
    email: 'anna@school.pl',
    project: 3,
    role: 'admin',
    isAdmin: true,
  },
  {
    ...base,
    id: 2,
    name: 'Olena Shevchenko',
    login: 'olena',
    firstName: 'Olena',
    lastName: 'Shevchenko',
    project: null,
    role: 'teacher',
    isAdmin: false,
    disabled: true,
  },
];
const PROJECTS = [
  { id: 3, name: 'Sales', description: '', responsible: null, price: null, product: null },
  { id: 4, name: 'Kids', description: '', responsible: null, price: null, product: null },
];
const LANGUAGES = [
  { id: 1, name: 'English' },
  { id: 2, name: 'Polish' },
];

/** The API as the logged-in user (id 1) sees it; `admin` decides their role and what the server allows. */
function fakeServer({ admin = true } = {}) {
  setSession({ ...ADMIN, role: admin ? 'admin' : 'manager' });
  seed({
    users: [{ ...USERS[0]!, isAdmin: admin, role: admin ? 'admin' : 'manager' }, USERS[1]!],
    projects: PROJECTS,
    languages: LANGUAGES,
  });
  server.use(
    http.post(api.users, () =>
      admin
        ? jsonResponse(201, { ...USERS[1], id: 9 })
        : jsonResponse(403, { error: 'forbidden', message: 'Only an admin can add users' }),
    ),
    http.put('/api/users/:id/password', () => jsonResponse(204)),
  );
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/users', () => {
  it('lists users with the project name and sortable columns', async () => {
    fakeServer();
    renderApp('/users');
    const table = await usersTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'Login',
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Position',
      'Project',
      'Role',
      'Disabled',
      'Actions',
    ]);
    expect(headers.filter((th) => th.hasAttribute('aria-sort'))).toHaveLength(7);
    const anna = within(table).getByRole('row', { name: /admin/ });
    await waitFor(() => expect(within(anna).getByText('Sales')).toBeInTheDocument());
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(anna).slice(7, 9)).toEqual(['admin', 'no']);
    const olena = within(table).getByRole('row', { name: /olena/ });
    expect(cells(olena).slice(7, 9)).toEqual(['teacher', 'yes']);
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('shows role and disabled in the chosen language', async () => {
    fakeServer();
    await changeLanguage('pl');
    try {
      renderApp('/users');
      const table = await screen.findByRole('table', { name: 'Użytkownicy' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      expect(headers).toEqual(expect.arrayContaining(['Rola', 'Zablokowany']));
      const olena = within(table).getByRole('row', { name: /olena/ });
      expect(within(olena).getByText('nauczyciel')).toBeInTheDocument();
      expect(within(olena).getByText('tak')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('creates a user with every field by name', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/users');
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'New user' });
    await user.type(within(form).getByLabelText('Login'), 'maria');
    await user.type(within(form).getByLabelText('Password'), 'long enough pass');
    await user.type(within(form).getByLabelText('First name'), 'Maria');
    await waitFor(() => expect(within(form).getByLabelText('Project')).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText('Project'), 'Kids');
    await user.selectOptions(within(form).getByLabelText('Language'), 'Polish');
    // a new user is a manager until the admin picks another role; the form says what it may do
    expect(within(form).getByLabelText('Role')).toHaveProperty('value', 'manager');
    expect(within(form).getByText(/A manager works with clients/)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Role'), 'teacher');
    expect(within(form).getByText(/A teacher works with the schedule/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(lastBody('POST', '/api/users')).toEqual({
      login: 'maria',
      password: 'long enough pass',
      firstName: 'Maria',
      lastName: '',
      email: '',
      tel: '',
      dateBirth: '',
      position: '',
      project: 4,
      language: 2,
      role: 'teacher',
    });
  });

  it('lets an admin change a role, and shows Access deny! when the server refuses', async () => {
    fakeServer();
    server.use(
      http.put('/api/users/:id', () =>
        jsonResponse(403, { error: 'forbidden', message: 'Not allowed for the role manager' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/users');
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit olena' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByLabelText('Role')).toHaveProperty('value', 'teacher');
    expect(within(dialog).getByText(/A teacher works with the schedule/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    expect(within(dialog).getByText(/An admin may do everything/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Access deny!')).toBeInTheDocument();
    expect(lastBody('PUT', '/api/users/2')).toMatchObject({ role: 'admin' });
  });

  it('filters the list by role', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/users');
    await usersTable();
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'teacher');
    await waitFor(() =>
      expect(
        calledUrls().some(
          (u) => u.pathname === '/api/users' && u.searchParams.get('role') === 'teacher',
        ),
      ).toBe(true),
    );
  });
});

describe('/users change password (edit modal menu state)', () => {
  it('changes one’s own password with the current one, ending other sessions by default', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/users');
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Login')).toHaveProperty('value', 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(screen.getByRole('dialog', { name: 'Change password' })).toBe(dialog);
    expect(within(dialog).getByLabelText('End my other sessions')).toHaveProperty('checked', true);
    await user.type(within(dialog).getByLabelText('Current password'), 'old secret');
    await user.type(within(dialog).getByLabelText('New password'), 'new long secret');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('Successfully done !')).toBeInTheDocument();
    expect(lastBody('PUT', '/api/users/1/password')).toEqual({
      currentPassword: 'old secret',
      password: 'new long secret',
      endOtherSessions: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
  });

  it('lets an admin set another user’s password without the current one', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/users');
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit olena' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    await waitFor(() => within(dialog).getByRole('button', { name: 'Change password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New password'), 'new long secret');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await within(dialog).findByText('Successfully done !');
    expect(lastBody('PUT', '/api/users/2/password')).toEqual({
      password: 'new long secret',
      endOtherSessions: true,
    });
  });

  it('keeps a teacher’s pay rates in the user’s record: the list, a new rate from its date', async () => {
    fakeServer();
    let rates = [
      {
        id: 5,
        teacher: 2,
        kind: 'hour',
        value: '60.00',
        from: '2026-01-01',
        used: true,
        createdAt: '2026-01-01T10:00:00.000Z',
      },
    ];
    server.use(
      http.get('/api/users/:id/payrates', () => jsonResponse(200, rates)),
      http.post('/api/users/:id/payrates', async ({ request }) => {
        const body = (await request.json()) as { kind: string; value: string; from: string };
        const made = {
          ...body,
          id: 6,
          teacher: 2,
          used: false,
          createdAt: '2026-11-01T10:00:00.000Z',
        };
        rates = [made, ...rates];
        return jsonResponse(201, made);
      }),
    );
    const user = userEvent.setup();
    renderApp('/users');
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit olena' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay rates' }));
    const list = await within(dialog).findByRole('list', { name: 'Pay rates' });
    expect(list).toHaveTextContent('60.00 zł an hour');
    expect(list).toHaveTextContent('used by an approved month');
    // a used rate stays: no delete
    expect(within(list).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/Paid by/), 'Per lesson');
    await user.type(within(dialog).getByLabelText(/Rate/), '75.5');
    await user.clear(within(dialog).getByLabelText(/From/));
    await user.type(within(dialog).getByLabelText(/From/), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    expect(await within(list).findByText(/75.50 zł a lesson/)).toBeInTheDocument();
    expect(lastBody('POST', '/api/users/2/payrates')).toMatchObject({
      kind: 'lesson',
      from: '2026-12-01',
    });
  });
});
