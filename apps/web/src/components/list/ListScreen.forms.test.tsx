import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { clearNotices } from '../feedback/notices';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { calledUrls, lastBody } from '../../test/server';
import { setupI18n, stubLayout } from '../../test/utils';
import { renderThings } from './thingsFixture';

const table = () => screen.findByRole('table', { name: 'Things' });
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('create panel', () => {
  it('opens from the plus button, saves, and the list shows the new row', async () => {
    const user = userEvent.setup();
    renderThings();
    await table();
    const plus = screen.getByRole('button', { name: 'Create' });
    expect(plus).toHaveAttribute('aria-expanded', 'false');
    await user.click(plus);
    const panel = screen.getByRole('region', { name: 'Create panel' });
    const form = within(panel).getByRole('form', { name: 'New thing' });
    await user.type(within(form).getByLabelText('Name'), 'Delta');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(panel).findByText('Successfully done !')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toContain('Delta'));
    expect(lastBody('POST', '/api/things')).toEqual({ name: 'Delta', note: '' });
    await user.click(within(panel).getByRole('button', { name: 'OK' }));
    expect(within(panel).getByLabelText('Name')).toHaveProperty('value', '');
  });
});

describe('edit modal (docs/interface.md: none, edit, menu)', () => {
  it('opens as a named dialog on the row, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderThings();
    await table();
    const edit = screen.getByRole('button', { name: 'Edit Alpha' });
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit thing' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveProperty('value', 'Alpha');
    expect(document.activeElement).toBe(name);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(edit);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Beta' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit thing' });
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('saves with PUT, closes at once and says done in a notice, with the list refreshed', async () => {
    const user = userEvent.setup();
    renderThings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Alpha' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit thing' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Alpha 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Successfully done !');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastBody('PUT', '/api/things/1')).toEqual({
      name: 'Alpha 2',
      note: 'first, with "quotes"',
    });
    await waitFor(() => expect(rowNames()).toEqual(['Alpha 2', 'Beta', 'Gamma']));
    // Focus goes back to the row's edit button that opened the modal.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Alpha 2' }));
    clearNotices();
  });
});

describe('CSV export', () => {
  it('downloads what the list shows (search and sort), quoted and injection-safe', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; keep the blob the app hands over for download.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:things';
    });
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderThings();
    const list = await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    const searched = () => calledUrls().some((url) => url.searchParams.has('search'));
    await waitFor(() => expect(searched()).toBe(true));
    await user.click(within(list).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Beta', 'Gamma']));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = calledUrls().at(-1);
    expect(exportCall?.searchParams.get('limit')).toBe('5000');
    expect(exportCall?.searchParams.get('offset')).toBe('0');
    expect(exportCall?.searchParams.get('sort')).toBe('name');
    expect(exportCall?.searchParams.get('search')).toBe('a');
    const blob = blobs[0]!;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // A UTF-8 byte order mark first, so spreadsheets read Polish and Ukrainian letters.
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toBe(
      'Name,Description\r\nAlpha,"first, with ""quotes"""\r\nBeta,\'=SUM(A1)\r\nGamma,\r\n',
    );
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('things.csv');
  });
});
