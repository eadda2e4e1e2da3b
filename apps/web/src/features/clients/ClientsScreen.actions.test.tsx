import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { clearNotices } from '../../components/feedback/notices';
import { UNDO_DELAY_STORAGE_KEY } from '../../components/feedback/pendingCommits';
import { calledUrls, lastBody, server } from '../../test/server';
import {
  confirmDelete,
  jsonResponse,
  renderWithProviders,
  setupI18n,
  stubLayout,
} from '../../test/utils';
import { ClientsScreen } from './ClientsScreen';

const table = () => screen.findByRole('table', { name: 'Clients' });
const firstNames = () =>
  within(screen.getByRole('table', { name: 'Clients' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('client forms', () => {
  it('creates a client from the header panel and the list shows it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientsScreen />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const form = within(screen.getByRole('region', { name: 'Create panel' })).getByRole('form', {
      name: 'New client',
    });
    await user.type(within(form).getByLabelText('First name'), 'Dmytro');
    await user.type(within(form).getByLabelText('Last name'), 'Koval');
    await user.type(within(form).getByLabelText('E-mail'), 'dmytro@example.com');
    await user.type(within(form).getByLabelText('Price'), '99.90');
    await user.type(within(form).getByLabelText('Probability'), '40');
    const stage = within(form).getByLabelText('Stage');
    await waitFor(() => expect(stage).toBeEnabled());
    await user.selectOptions(stage, 'Won');
    await user.selectOptions(within(form).getByLabelText('Product'), 'Group course');
    await user.selectOptions(within(form).getByLabelText('Responsible'), 'Anna Kowalska');
    await user.type(within(form).getByLabelText('Last contact'), '2025-04-02');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully done !')).toBeInTheDocument();
    expect(lastBody('POST', '/api/clients')).toEqual({
      firstName: 'Dmytro',
      lastName: 'Koval',
      email: 'dmytro@example.com',
      tel: '',
      price: 99.9,
      probability: 40,
      stage: 2,
      product: 3,
      source: '',
      responsibleId: 7,
      dLastContact: '2025-04-02',
    });
    await waitFor(() => expect(firstNames()).toContain('Dmytro'));
    expect(within(rowOf('Dmytro')).getByText('Won')).toBeInTheDocument();
  });

  it('edits in the modal with the product as its id, and PUTs the change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientsScreen />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Bohdan Shevchenko' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit client' });
    const product = within(dialog).getByLabelText<HTMLSelectElement>('Product');
    await waitFor(() => expect(product.value).toBe('4'));
    await user.selectOptions(product, 'Group course');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully done !');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastBody('PUT', '/api/clients/2')).toMatchObject({
      firstName: 'Bohdan',
      product: 3,
      stage: 2,
      responsibleId: 8,
    });
    await waitFor(() =>
      expect(within(rowOf('Bohdan')).getByText('Group course')).toBeInTheDocument(),
    );
  });
});

describe('row actions', () => {
  it('opens the client card, copies the e-mail or else the phone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientsScreen />);
    await table();
    expect(screen.getByRole('link', { name: 'Open Anna Nowak' }).getAttribute('href')).toBe(
      '/clients/1',
    );
    await user.click(screen.getByRole('button', { name: 'Copy Anna Nowak' }));
    expect(await screen.findByText('Copied: anna@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Bohdan Shevchenko' }));
    expect(await screen.findByText('Copied: +380 44 555 0101')).toBeInTheDocument();
    // Neither e-mail nor phone: nothing to copy, no button.
    expect(
      screen.queryByRole('button', { name: 'Copy Celina Wiśniewska' }),
    ).not.toBeInTheDocument();
  });

  it('deletes after confirming "Delete client …?"; a 409 says why and brings the row back', async () => {
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    const user = userEvent.setup();
    renderWithProviders(<ClientsScreen />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Celina Wiśniewska' }));
    await confirmDelete(user, 'Delete client Celina Wiśniewska?');
    await waitFor(() =>
      expect(calledUrls('DELETE').map((url) => url.pathname)).toEqual(['/api/clients/3']),
    );
    await waitFor(() => expect(firstNames()).toEqual(['Anna', 'Bohdan']));

    server.use(
      http.delete(
        '/api/clients/:id',
        () => jsonResponse(409, { error: 'linked', message: 'Other records are linked to it' }),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Anna Nowak' }));
    await confirmDelete(user, 'Delete client Anna Nowak?');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The element was probably not deleted because other elements are linked to it. First make sure that no element is linked to it.',
    );
    await waitFor(() => expect(firstNames()).toEqual(['Anna', 'Bohdan']));
  });
});
