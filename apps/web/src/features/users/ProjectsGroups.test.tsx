import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, lastBody, seed, setSession } from '../../test/server';
import { renderApp, setupI18n, stubLayout } from '../../test/utils';

const PROJECTS = [
  {
    id: 3,
    name: 'Sales',
    description: 'Adults, evenings',
    responsible: 1,
    price: 1234.5,
    product: 7,
  },
];
const STAFF = [{ id: 1, name: 'Anna Kowalska', firstName: 'Anna', lastName: 'Kowalska' }];
const PRODUCTS = [{ id: 7, name: 'Conversation club' }];

function fakeServer() {
  seed({
    projects: PROJECTS,
    users: STAFF,
    products: PRODUCTS,
    groups: [{ id: 5, name: 'B1 evening' }],
  });
}

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/projects', () => {
  it('shows the responsible person, the product and the price in zł', async () => {
    fakeServer();
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projects' });
    const row = within(table).getByRole('row', { name: /Sales/ });
    await waitFor(() => expect(within(row).getByText('Anna Kowalska')).toBeInTheDocument());
    expect(within(row).getByText('Conversation club')).toBeInTheDocument();
    expect(within(row).getByText('1,234.50 zł')).toBeInTheDocument();
    const sortable = within(table)
      .getAllByRole('columnheader')
      .filter((th) => th.hasAttribute('aria-sort'))
      .map((th) => th.textContent);
    expect(sortable).toEqual(['Name', 'Description', 'Price']);
  });

  it('creates a project with a decimal price and the one staff member chosen for the user', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/projects');
    await screen.findByRole('table', { name: 'Projects' });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'New project' });
    const price = within(form).getByLabelText('Price');
    expect(price).toHaveAttribute('step', '0.01');
    expect(within(form).getByLabelText('Description').tagName).toBe('TEXTAREA');
    await user.type(within(form).getByLabelText('Name'), 'Kids');
    await user.type(price, '99.90');
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLSelectElement>('Product').value).toBe('7'),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully done !');
    expect(lastBody('POST', '/api/projects')).toEqual({
      name: 'Kids',
      description: '',
      responsible: 1,
      price: 99.9,
      product: 7,
    });
  });
});

describe('/groups', () => {
  it('lists groups and creates one by name', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByRole('row', { name: /B1 evening/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Edit B1 evening' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'New group' });
    await user.type(within(form).getByLabelText('Name'), 'A2 morning');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully done !');
    expect(lastBody('POST', '/api/groups')).toEqual({ name: 'A2 morning' });
  });

  it('is read-only to a teacher: no Create, Edit or Delete (docs/roles.md)', async () => {
    fakeServer();
    setSession({ ...ADMIN, role: 'teacher' });
    renderApp('/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByRole('row', { name: /B1 evening/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(
      within(table).queryByRole('button', { name: 'Edit B1 evening' }),
    ).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
