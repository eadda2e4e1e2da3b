import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { UNDO_DELAY_STORAGE_KEY } from '../../components/feedback/pendingCommits';
import { changeLanguage } from '../../i18n/i18n';
import { http } from 'msw';
import { ADMIN, calledUrls, lastBody, seed, server, setSession } from '../../test/server';
import { confirmDelete, jsonResponse, renderApp, setupI18n, stubLayout } from '../../test/utils';

const STAGES = [
  { id: 1, name: 'New', color: '#3b82f6', order: 1 },
  { id: 2, name: 'Won', color: '#16a34a', order: 2 },
];
const PRODUCTS = [{ id: 7, name: 'Conversation club' }];

/** The dictionaries' data; a delete answers that the entry is linked (409). */
function serveDictionaries() {
  seed({ stages: STAGES, products: PRODUCTS, sessions: [] });
  server.use(
    http.delete('/api/:collection/:id', () =>
      jsonResponse(409, { error: 'linked', message: 'Other records are linked to it' }),
    ),
  );
}

const dictionaries = () => screen.findByRole('region', { name: 'Dictionaries' });

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18next.language !== 'en') await changeLanguage('en');
});

describe('settings: dictionaries', () => {
  it('shows stages with their colour and order, and moves between tabs by keyboard', async () => {
    serveDictionaries();
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await dictionaries();
    const stagesTab = within(section).getByRole('tab', { name: 'Stages' });
    expect(stagesTab).toHaveAttribute('aria-selected', 'true');
    const table = await within(section).findByRole('table', { name: 'Stages' });
    const won = within(table).getByRole('row', { name: /Won/ });
    expect(within(won).getByText('#16a34a')).toBeInTheDocument();
    expect(within(won).getAllByRole('cell')[2]?.textContent).toBe('2');

    stagesTab.focus();
    await user.keyboard('{ArrowRight}');
    const productsTab = within(section).getByRole('tab', { name: 'Products' });
    expect(productsTab).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(productsTab);
    const panel = within(section).getByRole('tabpanel', { name: 'Products' });
    expect(await within(panel).findByRole('table', { name: 'Products' })).toBeInTheDocument();
    expect(calledUrls().some((u) => u.pathname === '/api/products')).toBe(true);
  });

  it('is read-only to a manager, with a sentence saying who changes it (docs/roles.md)', async () => {
    serveDictionaries();
    setSession({ ...ADMIN, role: 'manager' });
    renderApp('/settings');
    const section = await dictionaries();
    const table = await within(section).findByRole('table', { name: 'Stages' });
    expect(within(table).getByRole('row', { name: /Won/ })).toBeInTheDocument();
    expect(
      within(section).getByText('Only an admin adds, changes or deletes these entries.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('adds a stage with a colour picker and an order', async () => {
    serveDictionaries();
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await dictionaries();
    await within(section).findByRole('table', { name: 'Stages' });
    const add = within(section).getByRole('button', { name: 'Add' });
    await user.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    const form = await within(section).findByRole('form', { name: 'New entry' });
    const colour = within(form).getByLabelText('Colour');
    expect(colour).toHaveProperty('type', 'color');
    expect(colour).toHaveProperty('value', '#3b82f6');
    await user.type(within(form).getByLabelText('Name'), 'Lost');
    fireEvent.input(colour, { target: { value: '#dc2626' } });
    await user.type(within(form).getByLabelText('Order'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Successfully done !');
    expect(lastBody('POST', '/api/stages')).toEqual({
      name: 'Lost',
      color: '#dc2626',
      order: 3,
    });
  });

  it('saves an entry with the version it was read at (docs/api.md, Versions and conflicts)', async () => {
    serveDictionaries();
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await dictionaries();
    await user.click(within(section).getByRole('tab', { name: 'Products' }));
    const table = await within(section).findByRole('table', { name: 'Products' });
    await user.click(within(table).getByRole('button', { name: 'Edit Conversation club' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Speaking club');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(lastBody('PUT', '/api/products/7')).toEqual({ name: 'Speaking club', version: 1 }),
    );
  });

  it('edits the attendance statuses: name and both flags, with the version, never added or deleted', async () => {
    serveDictionaries();
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await dictionaries();
    const tab = within(section).getByRole('tab', { name: 'Attendance statuses' });
    // the last tab: End reaches it by keyboard
    within(section).getByRole('tab', { name: 'Stages' }).focus();
    await user.keyboard('{End}');
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const table = await within(section).findByRole('table', { name: 'Attendance statuses' });
    const excused = within(table).getByRole('row', { name: /Excused/ });
    expect(
      within(excused)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['no', 'no']));
    expect(
      within(section).getByText(/A change applies to lessons still ahead/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit Excused' }));
    const dialog = await screen.findByRole('dialog');
    const charge = within(dialog).getByRole('checkbox', { name: 'Charges the student' });
    expect(charge).not.toBeChecked();
    await user.click(charge);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(lastBody('PUT', '/api/attendancestatuses/3')).toEqual({
        name: 'Excused',
        charge: true,
        payTeacher: false,
        version: 1,
      }),
    );
  });

  it('names the seeded attendance statuses in Polish', async () => {
    await changeLanguage('pl');
    serveDictionaries();
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Słowniki' });
    await user.click(within(section).getByRole('tab', { name: 'Statusy obecności' }));
    const table = await within(section).findByRole('table', { name: 'Statusy obecności' });
    expect(within(table).getByRole('row', { name: /Odwołała szkoła/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('columnheader', { name: /Płaci nauczycielowi/ }),
    ).toBeInTheDocument();
  });

  it('says in Ukrainian why a linked product cannot be deleted, and keeps it', async () => {
    await changeLanguage('uk');
    window.localStorage.setItem(UNDO_DELAY_STORAGE_KEY, '30');
    onTestFinished(() => {
      clearNotices();
      window.localStorage.removeItem(UNDO_DELAY_STORAGE_KEY);
    });
    serveDictionaries();
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Словники' });
    await user.click(within(section).getByRole('tab', { name: 'Продукти' }));
    const table = await within(section).findByRole('table', { name: 'Продукти' });
    await user.click(within(table).getByRole('button', { name: 'Видалити Conversation club' }));
    await confirmDelete(user, 'Видалити Conversation club?');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Елемент, ймовірно, не видалено, бо з ним пов’язані інші елементи. Спершу переконайтеся, що жоден елемент із ним не пов’язаний.',
    );
    // The row comes back in the table shown now (the one emptied by the delete was replaced).
    await waitFor(() =>
      expect(
        within(within(section).getByRole('table', { name: 'Продукти' })).getByRole('row', {
          name: /Conversation club/,
        }),
      ).toBeInTheDocument(),
    );
  });
});
