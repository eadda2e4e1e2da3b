import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { calledUrls, server } from '../../test/server';
import { renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { ClientsScreen } from './ClientsScreen';

const table = () => screen.findByRole('table', { name: 'Clients' });
const firstNames = () =>
  within(screen.getByRole('table', { name: 'Clients' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
const clientGets = () => calledUrls().filter((url) => url.pathname === '/api/clients');

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('client list', () => {
  it('shows the list columns: product name, stage badge, price in zł', async () => {
    renderWithProviders(<ClientsScreen />);
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Product',
      'Stage',
      'Price',
      'Actions',
    ]);
    const anna = rowOf('Anna');
    const cells = within(anna)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Anna',
      'Nowak',
      'anna@example.com',
      '+48 600 100 200',
      'Group course',
      'Lead',
      '1,234.50 zł',
    ]);
    // The stage's colour from /api/stages, beside its name.
    await waitFor(() =>
      expect(
        within(anna)
          .getByText('Lead')
          .parentElement?.querySelector<HTMLElement>('[aria-hidden="true"]')?.style.background,
      ).toBe('rgb(225, 29, 72)'),
    );
    expect(screen.getByText('3 items')).toBeInTheDocument();
  });

  it('asks the server with the search, the sort (product and stage too) and the filters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientsScreen />);
    const list = await table();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'an');
    await waitFor(() => expect(firstNames()).toEqual(['Anna', 'Bohdan']));
    await user.click(within(list).getByRole('button', { name: 'Stage' }));
    await waitFor(() =>
      expect(
        within(list).getByRole('columnheader', { name: 'Stage' }).getAttribute('aria-sort'),
      ).toBe('ascending'),
    );
    await user.click(within(list).getByRole('button', { name: 'Product' }));
    await waitFor(() => expect(clientGets().at(-1)?.searchParams.get('sort')).toBe('product'));
    await user.click(within(list).getByRole('button', { name: 'Product' }));
    await waitFor(() => expect(firstNames()).toEqual(['Bohdan', 'Anna']));

    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    const panel = screen.getByRole('region', { name: 'Filters' });
    const stage = within(panel).getByRole('combobox', { name: 'Stage' });
    await waitFor(() => expect(stage).toBeEnabled());
    // 'All' is the choice until the user picks one; nothing is picked for them.
    expect(stage).toHaveProperty('value', '');
    expect((stage as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('All');
    await user.selectOptions(stage, 'Won');
    await waitFor(() => expect(firstNames()).toEqual(['Bohdan']));
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Responsible' }),
      'Piotr Zieliński',
    );
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Project' }), 'Kids');
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Product' }),
      'Private lessons',
    );
    await waitFor(() => expect(clientGets().at(-1)?.searchParams.get('product')).toBe('4'));

    const last = clientGets().at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      search: 'an',
      sort: '-product',
      stage: '2',
      responsibleId: '8',
      project: '6',
      product: '4',
      limit: '200',
      offset: '0',
    });
    expect(firstNames()).toEqual(['Bohdan']);
    expect(screen.getByText('1 item')).toBeInTheDocument();

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Source' }), 'Website');
    await waitFor(() => expect(screen.getByText('Empty list')).toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(firstNames()).toEqual(['Bohdan', 'Anna']));
    expect(within(panel).getByRole('combobox', { name: 'Stage' })).toHaveValue('');
    const cleared = clientGets().at(-1)!;
    expect([...cleared.searchParams.keys()].sort()).toEqual(['limit', 'offset', 'search', 'sort']);
  });

  it('exports the CSV the server writes, with the same search and filters', async () => {
    server.use(
      http.get(
        api.clientsCsv.export,
        () => new Response('\uFEFFid,firstName,stage\r\n2,Bohdan,Won\r\n'),
      ),
    );
    const { createObjectURL, revokeObjectURL } = URL;
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:clients';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const user = userEvent.setup();
    try {
      renderWithProviders(<ClientsScreen />);
      await table();
      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bo');
      await waitFor(() => expect(firstNames()).toEqual(['Bohdan']));
      await user.click(screen.getByRole('button', { name: 'Filter' }));
      const stage = within(screen.getByRole('region', { name: 'Filters' })).getByRole('combobox', {
        name: 'Stage',
      });
      await waitFor(() => expect(stage).toBeEnabled());
      await user.selectOptions(stage, 'Won');
      await waitFor(() => expect(firstNames()).toEqual(['Bohdan']));

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const exported = calledUrls().filter((url) => url.pathname.endsWith('export.csv'));
      expect(exported.map((url) => Object.fromEntries(url.searchParams))).toEqual([
        { search: 'bo', stage: '2' },
      ]);
      // The server's file as it is, with one byte order mark.
      const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
      expect([...bytes]).toEqual([
        ...new TextEncoder().encode('\uFEFFid,firstName,stage\r\n2,Bohdan,Won\r\n'),
      ]);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('clients.csv');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
