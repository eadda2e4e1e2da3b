import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { BackupFile, BackupJob } from '@school/contract/backups';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { changeLanguage } from '../../i18n/i18n';
import { ADMIN, calledUrls, server, setSession } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

/** The Backups section of Settings (ADR 028): an admin's only. */

const OLDER: BackupFile = {
  name: 'backup-2025-03-01T10-15-00Z-m0013.tar.gz',
  size: 1_572_864,
  createdAt: '2025-03-01T10:15:00.000Z',
};
const NEWER: BackupFile = {
  name: 'backup-2025-03-02T08-00-05Z-m0013.tar.gz',
  size: 2_048,
  createdAt: '2025-03-02T08:00:05.000Z',
};
const job = (fields: Partial<BackupJob>): BackupJob => ({
  state: 'running',
  startedAt: '2025-03-02T08:00:05.000Z',
  finishedAt: null,
  tablesDone: 0,
  tablesTotal: 43,
  bytes: 0,
  backup: null,
  error: null,
  ...fields,
});

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

const section = () => screen.findByRole('region', { name: 'Backups' });

describe('settings: backups', () => {
  it('lists the backups with their time and size in the UI language, each downloadable', async () => {
    server.use(http.get(api.backups, () => jsonResponse(200, [OLDER])));
    renderApp('/settings');
    const region = await section();
    const row = (await within(region).findByText(OLDER.name)).closest('tr')!;
    expect(within(row).getByText(/Mar 1, 2025.*10:15/)).toBeInTheDocument();
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: /Download the backup of Mar 1, 2025/ });
    expect(link).toHaveAttribute('href', api.backup(OLDER.name));
    expect(link).toHaveAttribute('download', OLDER.name);
  });

  it('backs up now: a spinner and the progress, then the new file in the list', async () => {
    let list = [OLDER];
    let polls = 0;
    server.use(
      http.get(api.backups, () => jsonResponse(200, list)),
      http.post(api.backups, () => jsonResponse(202, job({ tablesDone: 0 }))),
      http.get(api.backupsCurrent, () => {
        polls++;
        if (polls < 2) return jsonResponse(200, job({ tablesDone: 12, bytes: 3_000_000 }));
        list = [NEWER, OLDER];
        return jsonResponse(
          200,
          job({ state: 'done', tablesDone: 43, bytes: 9_000_000, backup: NEWER }),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const region = await section();
    await within(region).findByText(OLDER.name);
    await user.click(within(region).getByRole('button', { name: 'Back up now' }));
    const busy = await within(region).findByRole('button', { name: 'Backing up…' });
    expect(busy).toBeDisabled();
    expect(await within(region).findByText(/Tables 12 of 43/)).toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: 'Backup progress' })).toHaveAttribute(
      'value',
      '12',
    );
    expect(
      await within(region).findByText(`Backup written: ${NEWER.name}`, {}),
    ).toBeInTheDocument();
    expect(await within(region).findByRole('cell', { name: NEWER.name })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(calledUrls('POST').filter((u) => u.pathname === api.backups)).toHaveLength(1);
  });

  it('says clearly when a backup is running already or fails', async () => {
    server.use(
      http.get(api.backups, () => jsonResponse(200, [])),
      http.post(api.backups, () =>
        jsonResponse(409, { error: 'backup_running', message: 'A backup is being written' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const region = await section();
    expect(await within(region).findByText('No backups yet')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Back up now' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'A backup is being written already',
    );

    server.use(
      http.post(api.backups, () => jsonResponse(202, job({}))),
      http.get(api.backupsCurrent, () =>
        jsonResponse(200, job({ state: 'failed', error: 'disk full' })),
      ),
    );
    await user.click(within(region).getByRole('button', { name: 'Back up now' }));
    expect(await within(region).findByText('The backup failed: disk full', {})).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('is not shown to a manager or a teacher', async () => {
    for (const role of ['manager', 'teacher'] as const) {
      setSession({ ...ADMIN, role });
      renderApp('/settings');
      await screen.findByRole('region', { name: 'Dictionaries' });
      expect(screen.queryByRole('region', { name: 'Backups' })).not.toBeInTheDocument();
      cleanup();
    }
    expect(calledUrls('GET').some((u) => u.pathname === api.backups)).toBe(false);
  });

  it('speaks Polish and Ukrainian', async () => {
    onTestFinished(() => changeLanguage('en'));
    server.use(http.get(api.backups, () => jsonResponse(200, [OLDER])));
    for (const [language, title, button, size] of [
      ['pl', 'Kopie zapasowe', 'Utwórz kopię teraz', '1,5 MB'],
      ['uk', 'Резервні копії', 'Створити копію зараз', '1,5 МБ'],
    ] as const) {
      await changeLanguage(language);
      renderApp('/settings');
      const region = await screen.findByRole('region', { name: title });
      expect(within(region).getByRole('button', { name: button })).toBeInTheDocument();
      expect(await within(region).findByText(size)).toBeInTheDocument();
      cleanup();
    }
  });
});
