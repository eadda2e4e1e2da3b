import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { clearNotices } from '../feedback/notices';
import { UNDO_DELAY_STORAGE_KEY } from '../feedback/pendingCommits';
import { calledUrls, DRY_RUN, seed, server } from '../../test/server';
import { confirmDelete, setupI18n, stubLayout } from '../../test/utils';
import { actionsWidth, MIN_COLUMN_WIDTH } from './columnWidths';
import { renderThings, ROWS } from './thingsFixture';

const table = () => screen.findByRole('table', { name: 'Things' });
const names = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('list', () => {
  it('shows Loading ..., then the rows with their headers and the total', async () => {
    renderThings();
    expect(screen.getByRole('status').textContent).toBe('Loading ...');
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replaceAll('\u00ad', '')),
    ).toEqual(['Name', 'Description', 'Actions']);
    expect(names(list)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-rowcount', '4');
  });

  it('gives each column its share of the width and each header its whole text as a title', async () => {
    renderThings();
    const list = await table();
    // one width per column and one for the actions, which fit their four buttons exactly
    const cols = [...list.querySelectorAll('col')].map((col) => col.style.width);
    expect(cols).toHaveLength(3);
    expect(cols.slice(0, 2).every((width) => width.endsWith('%'))).toBe(true);
    expect(cols[2]).toBe(`${actionsWidth(4)}px`);
    expect(list.style.minWidth).toBe(`${2 * MIN_COLUMN_WIDTH + actionsWidth(4)}px`);
    // a header cut short by a narrow column still says all of it on hover
    expect(within(list).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'title',
      'Name',
    );
    expect(within(list).getByRole('columnheader', { name: 'Description' })).toHaveAttribute(
      'title',
      'Description',
    );
  });

  it('gives the actions column no room for a copy button no row shows', async () => {
    renderThings({
      actions: { delete: true, copy: () => null, open: (row) => `/things/${row.id}` },
    });
    const list = await table();
    const cols = [...list.querySelectorAll('col')].map((col) => col.style.width);
    expect(cols[2]).toBe(`${actionsWidth(3)}px`);
  });

  it('shows a count that stopped at a cap as 10,000+', async () => {
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json(ROWS, {
          headers: { 'X-Total-Count': '10000', 'X-Total-Count-Capped': '1' },
        }),
      ),
    );
    renderThings();
    expect(await screen.findByText('10,000+ items')).toBeInTheDocument();
    expect(screen.queryByText('10,000 items')).not.toBeInTheDocument();
  });

  it('says Empty list when there are no rows', async () => {
    seed({ things: [] });
    renderThings();
    expect(await screen.findByText('Empty list')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses', async () => {
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alp');
    await waitFor(() => expect(names(screen.getByRole('table'))).toEqual(['Alpha']));
    const searches = calledUrls()
      .filter((url) => url.pathname === '/api/things')
      .map((url) => url.searchParams.get('search'));
    expect(searches).toEqual([null, 'alp']);
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('sorts on the server: ascending, then descending, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    renderThings();
    const header = within(await table()).getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(
      within(screen.getByRole('table')).getByRole('columnheader', { name: 'Description' }),
    ).not.toHaveProperty('ariaSort', 'none');

    await user.click(within(header).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
    within(header).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(names(screen.getByRole('table'))).toEqual(['Gamma', 'Beta', 'Alpha']),
    );
    expect(header).toHaveAttribute('aria-sort', 'descending');
    const sorts = calledUrls().map((url) => url.searchParams.get('sort'));
    expect(sorts).toEqual([null, 'name', '-name']);
  });

  it('loads the next page from the server as the user scrolls down', async () => {
    const many = Array.from({ length: 2450 }, (_, i) => ({
      id: i + 1,
      name: `Row ${i + 1}`,
      note: '',
    }));
    seed({ things: many });
    renderThings();
    const list = await table();
    // The count is written the way the chosen language writes numbers.
    expect(screen.getByText('2,450 items')).toBeInTheDocument();
    // Virtualised: far fewer rows in the document than loaded.
    expect(within(list).getAllByRole('row').length).toBeLessThan(60);
    const offsets = () => calledUrls().map((url) => url.searchParams.get('offset'));
    expect(offsets()).toEqual(['0']);

    const scroller = screen.getByRole('region', { name: 'Things list' });
    // jsdom does not scroll; report the offset a browser would have after scrolling.
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 201 * 44 });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 190 * 44 });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(offsets()).toEqual(['0', '200']));
    expect(calledUrls()[1]?.searchParams.get('limit')).toBe('200');
  });
});

describe('row actions', () => {
  it('asks in the app’s own dialog naming the record; Escape deletes nothing', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderThings();
    await table();
    const button = screen.getByRole('button', { name: 'Delete Beta' });
    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete thing Beta?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this element?');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(calledUrls('DELETE')).toHaveLength(0);
  });

  it('removes the row at once and Undo brings it back without a DELETE', async () => {
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Gamma']);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Deleted thing Beta.');
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(screen.queryByText('Deleted thing Beta.')).not.toBeInTheDocument();
    expect(calledUrls('DELETE')).toHaveLength(0);
  });

  it('sends the DELETE when the Undo time has passed and the row stays gone', async () => {
    localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    await waitFor(() =>
      expect(calledUrls('DELETE').map((url) => url.pathname)).toEqual(['/api/things/2']),
    );
    // The list is read again after the DELETE, and the server no longer has the row.
    await waitFor(() =>
      expect(calledUrls('GET').filter((url) => url.pathname === '/api/things')).toHaveLength(2),
    );
    await waitFor(() => expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Gamma']));
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('says at once why a linked row cannot be deleted, offers no Undo and keeps the row (409)', async () => {
    const browserAlert = vi.spyOn(window, 'alert');
    server.use(
      http.delete('/api/things/:id', () =>
        HttpResponse.json(
          { error: 'linked', message: 'Other records are linked to it' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    // The Undo time is the default 8 s: the refusal comes from the check, before any of it.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The element was probably not deleted because other elements are linked to it. First make sure that no element is linked to it.',
    );
    expect(screen.queryByText('Deleted thing Beta.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(calledUrls(DRY_RUN).map((url) => url.pathname + url.search)).toEqual([
      '/api/things/2?dryRun=true',
    ]);
    expect(calledUrls('DELETE')).toHaveLength(0);
    expect(browserAlert).not.toHaveBeenCalled();
    // Errors stay until dismissed.
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('brings the row back and says why when the delete is refused once sent (linked meanwhile)', async () => {
    localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    server.use(
      http.delete('/api/things/:id', ({ request }) =>
        new URL(request.url).searchParams.has('dryRun')
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              { error: 'linked', message: 'Other records are linked to it' },
              { status: 409 },
            ),
      ),
    );
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The element was probably not deleted because other elements are linked to it. First make sure that no element is linked to it.',
    );
    expect(calledUrls('DELETE').map((url) => url.pathname)).toEqual(['/api/things/2']);
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('links each row to its own screen (card/open)', async () => {
    renderThings();
    await table();
    expect(screen.getByRole('link', { name: 'Open Beta' })).toHaveAttribute('href', '/things/2');
  });

  it('copies the text and says Copied with it in a notice', async () => {
    const browserAlert = vi.spyOn(window, 'alert');
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Copy Gamma' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied: Gamma');
    expect(await navigator.clipboard.readText()).toBe('Gamma');
    expect(browserAlert).not.toHaveBeenCalled();
  });
});
