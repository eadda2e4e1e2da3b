import type { AuditEntry } from '@school/contract/audit';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calledUrls, listAnswer, seed, server } from '../../test/server';
import { renderWithProviders, setupI18n } from '../../test/utils';
import { HistorySection } from './HistorySection';
import { HISTORY_PAGE_SIZE } from './historyPages';

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;

function entry(id: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: at(id % 60),
    userId: 7,
    userName: 'Anna Kowalska',
    action: 'update',
    entity: 'clients',
    entityId: 1,
    changes: { price: [100, 100 + id] },
    requestId: null,
    ...fields,
  };
}

const historyCalls = () => calledUrls().filter((url) => url.pathname.endsWith('/history'));

beforeAll(setupI18n);
afterEach(cleanup);

describe('the History section', () => {
  it('is closed at first and reads nothing until opened', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/clients/1/history', async () => {
        await held;
        return listAnswer([entry(1)]);
      }),
    );
    renderWithProviders(<HistorySection entity="clients" id={1} scope={['t', 1]} />);
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(historyCalls()).toEqual([]);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    release();
    const [list] = await screen.findAllByRole('list');
    if (!list) throw new Error('no history');
    expect(within(list).getByText('Changed')).toBeInTheDocument();
    expect(list).toHaveTextContent('Anna Kowalska · Nov 26, 2026');
    expect(list).toHaveTextContent('Price: 100.00 zł → 101.00 zł');
    expect(historyCalls().map((url) => url.pathname + url.search)).toEqual([
      `/api/clients/1/history?limit=${HISTORY_PAGE_SIZE}&offset=0`,
    ]);
  });

  it('names a change’s stage and product, newest first', async () => {
    seed({
      audit: [
        entry(1, { action: 'create', changes: { id: 1, firstName: 'Olena', stage: 1 } }),
        entry(2, { changes: { stage: [1, 2], product: [null, 3] } }),
        entry(3, { entityId: 2, changes: { stage: [2, 1] } }),
      ],
    });
    renderWithProviders(<HistorySection entity="clients" id={1} scope={['t', 2]} />);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const items = await screen.findAllByRole('listitem');
    const entries = items.filter((item) => item.parentElement?.tagName === 'OL');
    expect(entries.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Stage: Lead → Won'),
      expect.stringContaining('First name: Olena'),
    ]);
    expect(await screen.findByText(/Group course/)).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeTruthy();
  });

  it('shows more in pages, with the total', async () => {
    seed({ audit: Array.from({ length: HISTORY_PAGE_SIZE + 5 }, (_, i) => entry(i + 1)) });
    renderWithProviders(<HistorySection entity="clients" id={1} scope={['t', 3]} />);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(
      await screen.findByText(`${HISTORY_PAGE_SIZE} of ${HISTORY_PAGE_SIZE + 5}`),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(
      await screen.findByText(`${HISTORY_PAGE_SIZE + 5} of ${HISTORY_PAGE_SIZE + 5}`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(historyCalls().at(-1)?.search).toBe(
      `?limit=${HISTORY_PAGE_SIZE}&offset=${HISTORY_PAGE_SIZE}`,
    );
  });

  it('says when nothing is recorded, and when the history could not be read', async () => {
    seed({ audit: [] });
    renderWithProviders(<HistorySection entity="students" id={4} scope={['t', 4]} />);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    cleanup();

    server.use(http.get('/api/students/5/history', () => new Response(null, { status: 500 })));
    renderWithProviders(<HistorySection entity="students" id={5} scope={['t', 5]} />);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The history could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
