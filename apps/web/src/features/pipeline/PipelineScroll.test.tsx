import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBoardClient } from '../../test/clients';
import { calledUrls, seed } from '../../test/server';
import { renderApp, setupI18n } from '../../test/utils';

const STAGES = [
  { id: 1, name: 'Lead', color: '#3b82f6', order: 1 },
  { id: 2, name: 'Won', color: '#16a34a', order: 2 },
];
const MANY = 10_000;
const SINCE = new Date(Date.now() - 86_400_000).toISOString();
// The same stageChangedAt for all: the server then lists them by id.
const CLIENTS = Array.from({ length: MANY }, (_, index) =>
  makeBoardClient({ id: index + 1, stage: 1, price: 10, stageChangedAt: SINCE }),
);

beforeAll(setupI18n);
beforeEach(() => {
  window.localStorage.clear();
  // jsdom lays nothing out: a column viewport of 800 px and cards of 120 px.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a column with 10 000 clients', () => {
  it('renders only the cards in view and reads the next page as it scrolls', async () => {
    seed({ stages: STAGES, clients: CLIENTS });
    renderApp('/pipeline');
    const lead = await screen.findByRole('region', { name: 'Lead' });
    await within(lead).findByText('10,000 clients');
    await within(lead).findByText('First1 Last1');

    const offsets = () =>
      calledUrls()
        .filter((url) => url.pathname === '/api/clients' && url.searchParams.get('stage') === '1')
        .map((url) => url.searchParams.get('offset'));
    const cards = () => within(lead).getAllByRole('listitem');
    expect(offsets()).toEqual(['0']);
    expect(cards().length).toBeLessThan(20);
    expect(cards()[0]?.getAttribute('aria-setsize')).toBe(String(MANY));

    const scroller = within(lead).getByRole('list').parentElement;
    if (!scroller) throw new Error('no scroll container');
    scroller.scrollTop = 45 * 128;
    fireEvent.scroll(scroller);

    await waitFor(() => expect(offsets()).toEqual(['0', '50']));
    expect(await within(lead).findByText('First48 Last48')).toBeInTheDocument();
    // A card of the second page, once scrolled to.
    scroller.scrollTop = 60 * 128;
    fireEvent.scroll(scroller);
    expect(await within(lead).findByText('First62 Last62')).toBeInTheDocument();
    expect(within(lead).queryByText('First1 Last1')).not.toBeInTheDocument();
    expect(cards().length).toBeLessThan(20);
  });
});
