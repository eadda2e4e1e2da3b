import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, jsonResponse, mockApi, renderApp, setupI18n } from '../../test/utils';

const SESSIONS = [
  {
    id: 1,
    device: 'Chrome on Linux',
    timezone: 'Europe/Warsaw',
    lastActivity: '2025-03-01T10:15:00.000Z',
    createdAt: '2025-02-28T08:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    device: 'Safari on iOS',
    timezone: 'Europe/Kyiv',
    lastActivity: '2025-02-20T18:40:00.000Z',
    createdAt: '2025-02-20T18:00:00.000Z',
    current: false,
  },
];

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sessions table; the screen has other tables (dictionaries). */
const sessionsTable = async () =>
  within(await screen.findByRole('region', { name: 'Sessions' }, { timeout: 5000 })).findByRole(
    'table',
  );

function fakeServer(initial = SESSIONS) {
  let sessions = [...initial];
  const fetchMock = mockApi((method, path) => {
    if (path === '/api/islogin') return jsonResponse(200, ADMIN);
    if (path === '/api/sessions' && method === 'GET') return jsonResponse(200, sessions);
    // The dictionaries section below the sessions (its own tests are in Dictionaries.test.tsx).
    if (path.startsWith('/api/stages')) return jsonResponse(200, []);
    const match = /^\/api\/sessions\/(\d+)$/.exec(path);
    if (match && method === 'DELETE') {
      sessions = sessions.filter((session) => session.id !== Number(match[1]));
      return jsonResponse(204);
    }
    return jsonResponse(404, { error: 'not_found', message: 'No' });
  });
  return fetchMock;
}

describe('settings: sessions', () => {
  it('lists the sessions with headers, the current one marked', async () => {
    fakeServer();
    renderApp('/settings');
    const table = await sessionsTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Device', 'Time zone', 'Signed in', 'Last activity', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[1]!).queryByText('This device')).toBeNull();
    // lastActivity in the user's zone (UTC here) and the chosen language (en).
    expect(within(rows[0]!).getByText(/Mar 1, 2025.*10:15/)).toBeTruthy();
  });

  it('says Empty list when there are no sessions', async () => {
    fakeServer([]);
    renderApp('/settings');
    const sessions = await screen.findByRole('region', { name: 'Sessions' }, { timeout: 5000 });
    expect(await within(sessions).findByText('Empty list')).toBeTruthy();
  });

  it('deletes another session after confirmation and refreshes the list', async () => {
    const fetchMock = fakeServer();
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await sessionsTable();
    const other = within(table).getByText('Safari on iOS').closest('tr')!;
    await user.click(within(other).getByRole('button', { name: 'Delete session' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this element?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    expect(browserConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([path, init]) => path === '/api/sessions/2' && init?.method === 'DELETE',
      ),
    ).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('does nothing when the confirmation is declined', async () => {
    const fetchMock = fakeServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await sessionsTable();
    await user.click(within(table).getAllByRole('button', { name: 'Delete session' })[1]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('logs this browser out when its own session is deleted', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await sessionsTable();
    await user.click(within(table).getAllByRole('button', { name: 'Delete session' })[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
    expect(dialog.textContent).toContain('deleting it logs you out');
    await user.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
