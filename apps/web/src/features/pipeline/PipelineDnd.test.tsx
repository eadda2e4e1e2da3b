import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_DELAY_STORAGE_KEY } from '../../components/feedback/pendingCommits';
import { makeBoardClient } from '../../test/clients';
import { seed, sentBodies } from '../../test/server';
import { renderApp, setupI18n } from '../../test/utils';

const STAGES = [
  { id: 7, name: 'Lead', color: '#3b82f6', order: 1 },
  { id: 3, name: 'Contacted', color: '#f59e0b', order: 2 },
  { id: 5, name: 'Won', color: '#16a34a', order: 3 },
];
const CLIENTS = [
  makeBoardClient({ id: 1, firstName: 'Olena', lastName: 'Kovalenko', stage: 7, price: 1200 }),
  makeBoardClient({ id: 2, firstName: 'Piotr', lastName: 'Nowak', stage: 3, price: 300 }),
];

const COLUMN_WIDTH = 288;
const COLUMN_STEP = 304;

/** jsdom lays nothing out: columns side by side, each card at the top of its column. */
function layOutBoard() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    // dnd-kit's drag overlay places itself with inline fixed coordinates: honour them.
    const fixed = [this, this.parentElement].find(
      (node) => node instanceof HTMLElement && node.style.position === 'fixed',
    );
    if (fixed instanceof HTMLElement) {
      const { top, left, width, height } = fixed.style;
      return DOMRect.fromRect({
        x: parseFloat(left),
        y: parseFloat(top),
        width: parseFloat(width),
        height: parseFloat(height),
      });
    }
    const column = this.closest('section[aria-labelledby]');
    const columns = [...document.querySelectorAll('section[aria-labelledby]')];
    const left = column ? 20 + columns.indexOf(column) * COLUMN_STEP : 0;
    const box = column === this ? { top: 100, height: 600, width: COLUMN_WIDTH } : null;
    const card = column && !box ? { top: 160, height: 96, width: COLUMN_WIDTH - 20 } : null;
    const { top, height, width } = box ?? card ?? { top: 0, height: 0, width: 0 };
    const x = card ? left + 10 : left;
    return DOMRect.fromRect({ x, y: top, width, height });
  });
}

const column = (name: string) => screen.getByRole('region', { name });

beforeAll(setupI18n);
beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
  window.innerWidth = 1280;
  layOutBoard();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pipeline drag and drop with the keyboard', () => {
  it('picks a card up with Space, carries it one column right and drops it there', async () => {
    seed({ stages: STAGES, clients: CLIENTS });
    renderApp('/pipeline');
    const user = userEvent.setup();
    const card = await within(await screen.findByRole('region', { name: 'Lead' })).findByRole(
      'button',
      { name: /^Olena Kovalenko/ },
    );
    expect(card).toHaveAttribute('aria-roledescription', 'movable card');
    expect(card.tabIndex).toBe(0);

    card.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Picked up Olena Kovalenko from Lead.')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Olena Kovalenko is over Contacted.')).toBeInTheDocument();
    await user.keyboard(' ');

    await waitFor(() =>
      expect(sentBodies('PUT')).toEqual([
        { path: '/api/clients/1', body: { stage: 3, version: 1 } },
      ]),
    );
    expect(await within(column('Contacted')).findByText('Olena Kovalenko')).toBeInTheDocument();
    expect(within(column('Lead')).queryByText('Olena Kovalenko')).not.toBeInTheDocument();
  });

  it('leaves the card where it was when the drag is cancelled with Escape', async () => {
    seed({ stages: STAGES, clients: CLIENTS });
    renderApp('/pipeline');
    const user = userEvent.setup();
    const card = await within(await screen.findByRole('region', { name: 'Contacted' })).findByRole(
      'button',
      { name: /^Piotr Nowak/ },
    );

    card.focus();
    await user.keyboard(' ');
    await screen.findByText('Picked up Piotr Nowak from Contacted.');
    await user.keyboard('{ArrowLeft}');
    await screen.findByText('Piotr Nowak is over Lead.');
    await user.keyboard('{Escape}');

    expect(
      await screen.findByText('Moving Piotr Nowak was cancelled. It stays in Contacted.'),
    ).toBeTruthy();
    expect(sentBodies('PUT')).toEqual([]);
    expect(within(column('Contacted')).getByText('Piotr Nowak')).toBeInTheDocument();
  });
});
