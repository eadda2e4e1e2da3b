import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { changeLanguage } from '../../i18n/i18n';
import { ADMIN, calledUrls, seed, server, setSession } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

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

/** The sessions table; the screen has other sections (preferences, calendar, dictionaries). */
const sessionsTable = async () =>
  within(await screen.findByRole('region', { name: 'Sessions' })).findByRole('table');

describe('settings: order and words', () => {
  it('shows the language first, then one’s sessions, for every role', async () => {
    seed({ sessions: SESSIONS });
    for (const role of ['admin', 'manager', 'teacher'] as const) {
      setSession({ ...ADMIN, role });
      renderApp('/settings');
      await sessionsTable();
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings.slice(0, 2)).toEqual(['Preferences', 'Sessions']);
      // the profile holds the rest of one's own: linked from here, as it links here
      expect(screen.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(
        '/profile',
      );
      cleanup();
    }
    setSession(ADMIN);
  });

  it('says the Backups in staff’s words, naming no file of the docs', async () => {
    onTestFinished(() => changeLanguage('en'));
    for (const [language, title] of [
      ['en', 'Backups'],
      ['uk', 'Резервні копії'],
      ['pl', 'Kopie zapasowe'],
    ] as const) {
      await changeLanguage(language);
      renderApp('/settings');
      const backups = await screen.findByRole('region', { name: title });
      expect(backups.textContent).not.toMatch(/docs\/|\.md\b/);
      cleanup();
    }
  });
});

describe('settings: calendar feed', () => {
  it('makes the address, copies it, and makes a new one after saying the old one stops', async () => {
    let token = 0;
    server.use(
      http.get(api.myIcal, () =>
        token === 0
          ? jsonResponse(200, null)
          : jsonResponse(200, {
              token: `t${token}`,
              url: `http://localhost/api/ical/t${token}.ics`,
            }),
      ),
      http.post(api.myIcal, () => {
        token++;
        return jsonResponse(200, {
          token: `t${token}`,
          url: `http://localhost/api/ical/t${token}.ics`,
        });
      }),
    );
    seed({ sessions: SESSIONS });
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    await user.click(
      await within(section).findByRole('button', { name: 'Make a calendar address' }),
    );
    expect(
      await within(section).findByText('http://localhost/api/ical/t1.ics'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied: http://localhost/api/ical/t1.ics')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'New address' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Make a new calendar address?',
    });
    expect(question).toHaveTextContent('The old address stops working');
    await user.click(within(question).getByRole('button', { name: 'New address' }));
    expect(
      await within(section).findByText('http://localhost/api/ical/t2.ics'),
    ).toBeInTheDocument();
    expect(calledUrls('POST').filter((url) => url.pathname === api.myIcal)).toHaveLength(2);
  });
});

describe('settings: sessions', () => {
  it('lists the sessions with headers, the current one marked', async () => {
    seed({ sessions: SESSIONS });
    renderApp('/settings');
    const table = await sessionsTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Device', 'Time zone', 'Signed in', 'Last activity', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();
    // lastActivity in the user's zone (UTC here) and the chosen language (en).
    expect(within(rows[0]!).getByText(/Mar 1, 2025.*10:15/)).toBeInTheDocument();
  });

  it('says Empty list when there are no sessions', async () => {
    seed({ sessions: [] });
    renderApp('/settings');
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    expect(await within(sessions).findByText('Empty list')).toBeInTheDocument();
  });

  it('deletes another session after confirmation and refreshes the list', async () => {
    seed({ sessions: SESSIONS });
    const browserConfirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await sessionsTable();
    const other = within(table).getByText('Safari on iOS').closest('tr')!;
    await user.click(within(other).getByRole('button', { name: 'Delete session' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
    expect(dialog).toHaveTextContent('End the session on Safari on iOS?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    expect(browserConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(calledUrls('DELETE').some((url) => url.pathname === '/api/sessions/2')).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('does nothing when the confirmation is declined', async () => {
    seed({ sessions: SESSIONS });
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await sessionsTable();
    await user.click(within(table).getAllByRole('button', { name: 'Delete session' })[1]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calledUrls('DELETE')).toHaveLength(0);
  });

  it('names the device in Polish and Ukrainian too, the words between its names translated', async () => {
    onTestFinished(() => changeLanguage('en'));
    seed({ sessions: SESSIONS });
    const user = userEvent.setup();
    for (const [language, region, device, name, title, text, cancel] of [
      [
        'pl',
        'Sesje',
        'Safari w systemie iOS',
        'Usuń sesję',
        'Usunąć tę sesję?',
        'Zakończyć sesję na urządzeniu Safari w systemie iOS?',
        'Anuluj',
      ],
      [
        'uk',
        'Сеанси',
        'Safari на iOS',
        'Видалити сеанс',
        'Видалити цей сеанс?',
        'Завершити сеанс на пристрої Safari на iOS?',
        'Скасувати',
      ],
    ] as const) {
      await changeLanguage(language);
      renderApp('/settings');
      const section = await screen.findByRole('region', { name: region });
      const other = (await within(section).findByText(device)).closest('tr')!;
      await user.click(within(other).getByRole('button', { name }));
      const dialog = screen.getByRole('alertdialog', { name: title });
      expect(dialog).toHaveTextContent(text);
      await user.click(within(dialog).getByRole('button', { name: cancel }));
      cleanup();
    }
    expect(calledUrls('DELETE')).toHaveLength(0);
  });

  it('logs this browser out when its own session is deleted', async () => {
    seed({ sessions: SESSIONS });
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await sessionsTable();
    await user.click(within(table).getAllByRole('button', { name: 'Delete session' })[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this session?' });
    expect(dialog).toHaveTextContent(
      'End the session on Chrome on Linux? It is the session of this browser: deleting it logs you out.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
