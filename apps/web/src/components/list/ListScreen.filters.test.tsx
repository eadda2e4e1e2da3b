import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { clearNotices } from '../feedback/notices';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { captureDownloads } from '../../test/downloads';
import { calledUrls, seed, server } from '../../test/server';
import { setupI18n, stubLayout } from '../../test/utils';
import type { FilterSpec } from './FilterBar';
import { EXPORT_PATH, renderThings } from './thingsFixture';

const FILTERS: FilterSpec[] = [{ param: 'id', label: 'fields.name', lookup: '/api/things' }];

const table = () => screen.findByRole('table', { name: 'Things' });
const names = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const listCalls = () =>
  calledUrls().filter((url) => url.pathname === '/api/things' && url.search !== '');

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('list filters', () => {
  it('opens a filter panel from the header and sends the chosen filter to the server', async () => {
    const user = userEvent.setup();
    renderThings({ filters: FILTERS });
    await table();
    const button = screen.getByRole('button', { name: 'Filter' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    const select = within(panel).getByRole('combobox', { name: 'Name' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Alpha', 'Beta', 'Gamma']);
    expect(within(panel).getByRole('button', { name: 'Clear filters' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.selectOptions(select, 'Beta');
    await waitFor(() => expect(names()).toEqual(['Beta']));
    expect(listCalls().at(-1)?.searchParams.get('id')).toBe('2');
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(button).toHaveAttribute('title', 'Filter (some filters are on)');

    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(listCalls().at(-1)?.searchParams.has('id')).toBe(false);
    expect(button).toHaveAttribute('title', 'Filter');

    await user.click(button);
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('does not pick the only option of a filter for the user', async () => {
    seed({ things: [{ id: 1, name: 'Alpha', note: '' }] });
    const user = userEvent.setup();
    renderThings({ filters: FILTERS });
    await table();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const select = screen.getByRole('combobox', { name: 'Name' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveProperty('value', '');
  });

  it('shows no filter button on screens without filters (it would filter nothing)', async () => {
    renderThings();
    await table();
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
  });
});

describe('server-side CSV export', () => {
  it('downloads the server file asked with the search and filters, with one byte order mark', async () => {
    const { blobs, click } = captureDownloads();
    const user = userEvent.setup();
    renderThings({ filters: FILTERS, serverExport: EXPORT_PATH });
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('search')).toBe('a'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const select = screen.getByRole('combobox', { name: 'Name' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Gamma');
    await waitFor(() => expect(names()).toEqual(['Gamma']));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const asked = calledUrls().filter((url) => url.pathname === EXPORT_PATH);
    expect(asked.map((url) => url.search)).toEqual(['?search=a&id=3']);
    const bytes = [...new Uint8Array(await blobs[0]!.arrayBuffer())];
    expect(bytes.slice(0, 4)).toEqual([0xef, 0xbb, 0xbf, 0x6e]);
    expect(await blobs[0]!.text()).toBe('name\r\nAlpha\r\nBeta\r\nGamma\r\n');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('things.csv');
  });

  it('asks without a query when nothing narrows the list', async () => {
    const { click } = captureDownloads();
    const user = userEvent.setup();
    renderThings({ serverExport: EXPORT_PATH });
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calledUrls().at(-1)?.href).toBe(`http://localhost${EXPORT_PATH}`);
  });

  it('says Access deny! in an error notice on 403 and downloads nothing', async () => {
    const browserAlert = vi.spyOn(window, 'alert');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { click } = captureDownloads();
    server.use(
      http.get(EXPORT_PATH, () =>
        HttpResponse.json({ error: 'forbidden', message: 'No' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderThings({ serverExport: EXPORT_PATH });
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Access deny!');
    expect(click).not.toHaveBeenCalled();
    expect(browserAlert).not.toHaveBeenCalled();
    clearNotices();
  });
});

describe('toolbar tools', () => {
  it('shows the screen’s own buttons beside the export', async () => {
    renderThings({ tools: <button type="button">{'Import things'}</button> });
    await table();
    const tools = screen.getByRole('button', { name: 'Export CSV' }).parentElement!;
    expect(within(tools).getByRole('button', { name: 'Import things' })).toBeInTheDocument();
  });
});
