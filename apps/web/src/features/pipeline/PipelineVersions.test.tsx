import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { UNDO_DELAY_STORAGE_KEY } from '../../components/feedback/pendingCommits';
import { makeBoardClient } from '../../test/clients';
import { calledUrls, seed, sentBodies, server } from '../../test/server';
import { jsonResponse, renderApp, setupI18n } from '../../test/utils';

// ADR 043: a stage move sends the version of the client it was made on; a second move of the
// card sends the version the first one left; a move refused as a conflict says who changed the
// client and when, with Reload, and the board is read again.

const STAGES = [
  { id: 7, name: 'Lead', color: '#3b82f6', order: 1 },
  { id: 3, name: 'Contacted', color: '#f59e0b', order: 2 },
  { id: 5, name: 'Won', color: '#16a34a', order: 3 },
];
const OLENA = makeBoardClient({ id: 1, firstName: 'Olena', lastName: 'Kovalenko', stage: 7 });

const column = (name: string) => screen.getByRole('region', { name });

async function moveWithMenu(name: string, stage: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Open menu for ${name}` }));
  const menu = screen.getByRole('dialog', { name: `Menu for ${name}` });
  await user.selectOptions(within(menu).getByRole('combobox', { name: 'Stage' }), stage);
  return user;
}

beforeAll(setupI18n);
beforeEach(() => {
  window.localStorage.clear();
  window.innerWidth = 1280;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  seed({ stages: STAGES, clients: [OLENA] });
});
afterEach(() => {
  cleanup();
  clearNotices();
  vi.restoreAllMocks();
});

describe('pipeline moves and record versions (ADR 043)', () => {
  it('a second move of a card sends the version the first move answered', async () => {
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    // the first move's answer waits until the second move is on its way too
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('/api/clients/:id', async () => {
        await held;
        return undefined;
      }),
    );
    renderApp('/pipeline');
    await moveWithMenu('Olena Kovalenko', 'Contacted');
    await within(column('Contacted')).findByText('Olena Kovalenko');
    await moveWithMenu('Olena Kovalenko', 'Won');
    await within(column('Won')).findByText('Olena Kovalenko');
    await waitFor(() => expect(sentBodies('PUT')).toHaveLength(1));
    release();
    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: '/api/clients/1', body: { stage: 3, version: 1 } },
        { path: '/api/clients/1', body: { stage: 5, version: 2 } },
      ]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Undo sends nothing; the next move of the card sends its own version', async () => {
    renderApp('/pipeline');
    const user = await moveWithMenu('Olena Kovalenko', 'Won');
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await within(column('Lead')).findByText('Olena Kovalenko');
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    await moveWithMenu('Olena Kovalenko', 'Contacted');
    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: '/api/clients/1', body: { stage: 3, version: 1 } },
      ]),
    );
  });

  it('a move made on an older version: the card goes back, who and when with Reload', async () => {
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    server.use(
      http.put('/api/clients/:id', () =>
        jsonResponse(409, {
          error: 'conflict',
          message: 'The record was changed by someone else since you opened it; nothing was saved',
          changed: ['stage', 'price'],
          by: 'Marta Other',
          at: '2026-11-30T09:15:00.000Z',
        }),
      ),
    );
    renderApp('/pipeline');
    await moveWithMenu('Olena Kovalenko', 'Won');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The move of Olena Kovalenko to Won was not saved: someone changed the client meanwhile.',
    );
    expect(alert.textContent).toContain('Changed meanwhile: Stage, Price.');
    expect(alert.textContent).toMatch(/By Marta Other, Nov 30, 2026/);
    expect(await within(column('Lead')).findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(within(column('Won')).queryByText('Olena Kovalenko')).not.toBeInTheDocument();
    // the board is read again at once, and again on Reload
    await waitFor(() =>
      expect(calledUrls().filter((url) => url.searchParams.get('stage') === '7')).toHaveLength(2),
    );
    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calledUrls().filter((url) => url.searchParams.get('stage') === '7')).toHaveLength(3),
    );
  });
});
