import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices } from '../feedback/notices';
import { UNDO_DELAY_STORAGE_KEY } from '../feedback/pendingCommits';
import { calledUrls, confirmDelete, jsonResponse, setupI18n, stubLayout } from '../../test/utils';
import { fakeServer, renderThings, ROWS } from './thingsFixture';

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
    fakeServer();
    renderThings();
    expect(screen.getByRole('status').textContent).toBe('Loading ...');
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Description', 'Actions']);
    expect(names(list)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(list.getAttribute('aria-rowcount')).toBe('4');
  });

  it('says Empty list when there are no rows', async () => {
    fakeServer([]);
    renderThings();
    expect(await screen.findByText('Empty list')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('searches on the server once typing pauses', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alp');
    await waitFor(() => expect(names(screen.getByRole('table'))).toEqual(['Alpha']));
    const searches = calledUrls(fetchMock)
      .filter((url) => url.pathname === '/api/things')
      .map((url) => url.searchParams.get('search'));
    expect(searches).toEqual([null, 'alp']);
    expect(screen.getByText('1 item')).toBeTruthy();
  });

  it('sorts on the server: ascending, then descending, by mouse or keyboard', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderThings();
    const header = within(await table()).getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBe('none');
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
    expect(header.getAttribute('aria-sort')).toBe('descending');
    const sorts = calledUrls(fetchMock).map((url) => url.searchParams.get('sort'));
    expect(sorts).toEqual([null, 'name', '-name']);
  });

  it('loads the next page from the server as the user scrolls down', async () => {
    const many = Array.from({ length: 2450 }, (_, i) => ({
      id: i + 1,
      name: `Row ${i + 1}`,
      note: '',
    }));
    const fetchMock = fakeServer(many);
    renderThings();
    const list = await table();
    // The count is written the way the chosen language writes numbers.
    expect(screen.getByText('2,450 items')).toBeTruthy();
    // Virtualised: far fewer rows in the document than loaded.
    expect(within(list).getAllByRole('row').length).toBeLessThan(60);
    const offsets = () => calledUrls(fetchMock).map((url) => url.searchParams.get('offset'));
    expect(offsets()).toEqual(['0']);

    const scroller = screen.getByRole('region', { name: 'Things list' });
    // jsdom does not scroll; report the offset a browser would have after scrolling.
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 201 * 44 });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 190 * 44 });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(offsets()).toEqual(['0', '200']));
    expect(calledUrls(fetchMock)[1]?.searchParams.get('limit')).toBe('200');
  });
});

describe('row actions', () => {
  it('asks in the app’s own dialog naming the record; Escape deletes nothing', async () => {
    const fetchMock = fakeServer();
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderThings();
    await table();
    const button = screen.getByRole('button', { name: 'Delete Beta' });
    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete thing Beta?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Are you sure you want to delete this element?');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(calledUrls(fetchMock, 'DELETE')).toHaveLength(0);
  });

  it('removes the row at once and Undo brings it back without a DELETE', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Gamma']);
    expect(screen.getByText('2 items')).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Deleted thing Beta.');
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.queryByText('Deleted thing Beta.')).toBeNull();
    expect(calledUrls(fetchMock, 'DELETE')).toHaveLength(0);
  });

  it('sends the DELETE when the Undo time has passed and the row stays gone', async () => {
    localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    await waitFor(() =>
      expect(calledUrls(fetchMock, 'DELETE').map((url) => url.pathname)).toEqual(['/api/things/2']),
    );
    // The list is read again after the DELETE, and the server no longer has the row.
    await waitFor(() =>
      expect(
        calledUrls(fetchMock, 'GET').filter((url) => url.pathname === '/api/things'),
      ).toHaveLength(2),
    );
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Gamma']);
    expect(screen.getByText('2 items')).toBeTruthy();
  });

  it('brings the row back and says why when the server refuses because of linked rows (409)', async () => {
    localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    const browserAlert = vi.spyOn(window, 'alert');
    const fetchMock = fakeServer(ROWS, () =>
      jsonResponse(409, { error: 'linked', message: 'Other records are linked to it' }),
    );
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Beta' }));
    await confirmDelete(user, 'Delete thing Beta?');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The element was probably not deleted because other elements are linked to it. First make sure that no element is linked to it.',
    );
    expect(calledUrls(fetchMock, 'DELETE').map((url) => url.pathname)).toEqual(['/api/things/2']);
    expect(names(screen.getByRole('table'))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(browserAlert).not.toHaveBeenCalled();
    // Errors stay until dismissed.
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links each row to its own screen (card/open)', async () => {
    fakeServer();
    renderThings();
    await table();
    expect(screen.getByRole('link', { name: 'Open Beta' }).getAttribute('href')).toBe('/things/2');
  });

  it('copies the text and says Copied with it in a notice', async () => {
    fakeServer();
    const browserAlert = vi.spyOn(window, 'alert');
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Copy Gamma' }));
    expect((await screen.findByRole('status')).textContent).toContain('Copied: Gamma');
    expect(await navigator.clipboard.readText()).toBe('Gamma');
    expect(browserAlert).not.toHaveBeenCalled();
  });
});
