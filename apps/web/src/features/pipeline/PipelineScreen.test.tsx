import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse, http } from 'msw';
import { clearNotices } from '../../components/feedback/notices';
import { UNDO_DELAY_STORAGE_KEY } from '../../components/feedback/pendingCommits';
import { daysAgo, makeBoardClient } from '../../test/clients';
import { calledUrls, seed, sentBodies, server } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

const STAGES = [
  { id: 7, name: 'Lead', color: '#3b82f6', order: 1 },
  { id: 3, name: 'Contacted', color: '#f59e0b', order: 2 },
  { id: 5, name: 'Won', color: '#16a34a', order: 3 },
];

const OLENA = makeBoardClient({
  id: 1,
  firstName: 'Olena',
  lastName: 'Kovalenko',
  stage: 7,
  price: 1200,
  probability: 40,
  product: { id: 2, name: 'English B1' },
  stageChangedAt: daysAgo(3),
});
const PIOTR = makeBoardClient({
  id: 2,
  firstName: 'Piotr',
  lastName: 'Nowak',
  stage: 7,
  price: 2500.5,
});
const MARTA = makeBoardClient({
  id: 3,
  firstName: 'Marta',
  lastName: 'Wiśniewska',
  stage: 3,
  price: 800,
});

interface ServeOptions {
  /** The status a PUT answers with instead of 200; 'network' answers nothing at all. */
  failPut?: number | 'network';
  /** PUTs wait until release() is called. */
  holdPuts?: boolean;
}

/** The board's data, and this test's answers to a move (PUT). */
function serve(options: ServeOptions = {}) {
  seed({ stages: STAGES, clients: [OLENA, PIOTR, MARTA] });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.put('/api/clients/:id', async () => {
      if (options.holdPuts) await held;
      if (options.failPut === 'network') return HttpResponse.error();
      if (options.failPut !== undefined) {
        return jsonResponse(options.failPut, { error: 'internal', message: 'Internal error' });
      }
      return undefined;
    }),
  );
  return { release: () => release() };
}

const column = (name: string) => screen.getByRole('region', { name });
/** The column header's figures, read through their (visually hidden) labels. */
function figures(name: string) {
  const header = within(column(name));
  return {
    count: header.getByText('Clients').nextElementSibling?.textContent,
    sum: header.getByText('Sum of prices').nextElementSibling?.textContent,
  };
}
const location = () => screen.getByTestId('location').textContent;

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Open menu for ${name}` }));
  return { user, menu: screen.getByRole('dialog', { name: `Menu for ${name}` }) };
}

beforeAll(setupI18n);
beforeEach(() => {
  window.localStorage.clear();
  window.innerWidth = 1280;
  // jsdom lays nothing out; the virtualised columns need a viewport height to render cards.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});
afterEach(() => {
  cleanup();
  clearNotices();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pipeline board', () => {
  it('shows a column per stage in stage order with the count and sum of its clients', async () => {
    serve();
    renderApp('/pipeline');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
    await within(await screen.findByRole('region', { name: 'Lead' })).findByText('2 clients');
    const names = screen
      .getAllByRole('region')
      .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);
    expect(names).toEqual(['Lead', 'Contacted', 'Won']);

    expect(figures('Lead')).toEqual({ count: '2 clients', sum: '3,700.50 zł' });
    expect(figures('Contacted')).toEqual({ count: '1 client', sum: '800.00 zł' });
    expect(figures('Won')).toEqual({ count: '0 clients', sum: '0.00 zł' });
    expect(await within(column('Won')).findByText('Empty list')).toBeInTheDocument();

    const lead = within(column('Lead'));
    // The card: name, price, probability, product and time in stage.
    expect(await lead.findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(lead.getByText('1,200.00 zł')).toBeInTheDocument();
    expect(lead.getByText('40%')).toBeInTheDocument();
    expect(lead.getByText('English B1')).toBeInTheDocument();
    expect(lead.getByText('3 days in stage')).toBeInTheDocument();

    const columnCalls = calledUrls().filter((url) => url.pathname === '/api/clients');
    expect(columnCalls.map((url) => url.searchParams.get('stage')).sort()).toEqual(['3', '5', '7']);
    for (const url of columnCalls) {
      expect(url.searchParams.get('limit')).toBe('50');
      expect(url.searchParams.get('offset')).toBe('0');
    }
  });

  it('moves a client with the stage selector of the card menu', async () => {
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    serve();
    renderApp('/pipeline');
    const { user, menu } = await openMenu('Olena Kovalenko');
    expect(within(menu).getByRole('button', { name: 'Go to client' })).toBeInTheDocument();

    const select = within(menu).getByRole<HTMLSelectElement>('combobox', { name: 'Stage' });
    expect(select.value).toBe('7');
    expect([...select.options].map((option) => option.text)).toEqual(['Lead', 'Contacted', 'Won']);
    await user.selectOptions(select, 'Won');

    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: '/api/clients/1', body: { stage: 5, version: 1 } },
      ]),
    );
    expect(await within(column('Won')).findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(within(column('Lead')).queryByText('Olena Kovalenko')).not.toBeInTheDocument();
    await within(column('Won')).findByText('1 client');
    expect(figures('Won')).toEqual({ count: '1 client', sum: '1,200.00 zł' });
    expect(figures('Lead')).toEqual({ count: '1 client', sum: '2,500.50 zł' });
    // The card keeps the focus in its new column (its old place is gone).
    const moved = within(column('Won')).getByRole('button', { name: /^Olena Kovalenko/ });
    await waitFor(() => expect(document.activeElement).toBe(moved));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Undo, which puts the card back in its old place without telling the server', async () => {
    serve();
    renderApp('/pipeline');
    const leadOrder = () =>
      within(column('Lead'))
        .getAllByText(/^(Olena Kovalenko|Piotr Nowak)$/)
        .map((name) => name.textContent);
    await within(await screen.findByRole('region', { name: 'Lead' })).findByText('Olena Kovalenko');
    // Newest arrivals first: Olena is below Piotr, and goes back there.
    expect(leadOrder()).toEqual(['Piotr Nowak', 'Olena Kovalenko']);
    const { user, menu } = await openMenu('Olena Kovalenko');
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Stage' }), 'Won');
    expect(await within(column('Won')).findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(figures('Won')).toEqual({ count: '1 client', sum: '1,200.00 zł' });

    const notice = (await screen.findByText('Olena Kovalenko moved to Won.')).closest<HTMLElement>(
      '[role="status"]',
    )!;
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(leadOrder()).toEqual(['Piotr Nowak', 'Olena Kovalenko']);
    expect(within(column('Won')).queryByText('Olena Kovalenko')).not.toBeInTheDocument();
    expect(figures('Lead')).toEqual({ count: '2 clients', sum: '3,700.50 zł' });
    expect(figures('Won')).toEqual({ count: '0 clients', sum: '0.00 zł' });
    const back = within(column('Lead')).getByRole('button', { name: /^Olena Kovalenko/ });
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(sentBodies('PUT')).toEqual([]);
  });

  it('puts the card back and says so when the server refuses the move', async () => {
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    serve({ failPut: 500 });
    renderApp('/pipeline');
    const { user, menu } = await openMenu('Olena Kovalenko');
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Stage' }), 'Contacted');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Olena Kovalenko could not be moved to Contacted. The card is back in its column.',
    );
    expect(sentBodies('PUT')).toHaveLength(1);
    expect(await within(column('Lead')).findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(within(column('Contacted')).queryByText('Olena Kovalenko')).not.toBeInTheDocument();
    expect(figures('Lead')).toEqual({ count: '2 clients', sum: '3,700.50 zł' });
    expect(figures('Contacted')).toEqual({ count: '1 client', sum: '800.00 zł' });
    expect(location()).toBe('/pipeline');
    const back = within(column('Lead')).getByRole('button', { name: /^Olena Kovalenko/ });
    await waitFor(() => expect(document.activeElement).toBe(back));

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('returns to /pipeline with the error when the move fails after the user left', async () => {
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    const board = serve({ failPut: 'network', holdPuts: true });
    renderApp('/pipeline');
    const { user, menu } = await openMenu('Olena Kovalenko');
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Stage' }), 'Won');
    // While the answer is pending, the card already shows in its new column.
    expect(await within(column('Won')).findByText('Olena Kovalenko')).toBeInTheDocument();

    const { menu: second } = await openMenu('Olena Kovalenko');
    await user.click(within(second).getByRole('button', { name: 'Go to client' }));
    await waitFor(() => expect(location()).toBe('/clients/1'));

    board.release();
    await waitFor(() => expect(location()).toBe('/pipeline'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Olena Kovalenko could not be moved to Won.');
    expect(alert.textContent).toContain('No connection to the server.');
    expect(await within(column('Lead')).findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(within(column('Won')).queryByText('Olena Kovalenko')).not.toBeInTheDocument();
  });

  it('closes the card menu with Escape and gives the focus back to its button', async () => {
    serve();
    renderApp('/pipeline');
    const { user } = await openMenu('Piotr Nowak');
    const button = screen.getByRole('button', { name: 'Open menu for Piotr Nowak' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement?.textContent).toBe('Go to client');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);
  });

  it('filters the cards and the column figures with the header search', async () => {
    serve();
    renderApp('/pipeline');
    const user = userEvent.setup();
    await within(await screen.findByRole('region', { name: 'Lead' })).findByText('Piotr Nowak');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'olena');
    await waitFor(() =>
      expect(within(column('Lead')).queryByText('Piotr Nowak')).not.toBeInTheDocument(),
    );
    expect(within(column('Lead')).getByText('Olena Kovalenko')).toBeInTheDocument();
    await within(column('Lead')).findByText('1 client');
    const searched = calledUrls().filter((url) => url.searchParams.get('search') === 'olena');
    expect(searched.map((url) => url.pathname)).toContain('/api/clients/bystage');
    expect(searched.map((url) => url.pathname)).toContain('/api/clients');
  });

  it('shows the header search as on every other screen, its icon clear of the text', async () => {
    serve();
    renderApp('/pipeline');
    await screen.findByRole('region', { name: 'Lead' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'search here ...');
    // The shared input's padding must not win over the room left for the icon, whatever order
    // the screens' styles load in: the rule is more specific than the single input class.
    const css = readFileSync('apps/web/src/components/HeaderBlock.module.css', 'utf8');
    expect(css).toMatch(/\.search \.searchInput \{\s*padding-left: 34px;/);
  });
});
