import { api } from '@school/contract/paths';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { changeLanguage } from '../../i18n/i18n';
import { BOT_OFF } from '../../test/bot';
import { calledUrls, lastBody, server } from '../../test/server';
import { renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { ConversationsScreen } from './ConversationsScreen';

const OFF_TEXT =
  "The bot is off: conversations can be written and tried here, but nobody receives them. To switch it on, ask the person who runs the server to connect the school's Telegram bot.";

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => cellsOf(row)[0]);

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
});

describe('the conversations list', () => {
  it('shows the public conversations with their type, level, state and price', async () => {
    renderWithProviders(<ConversationsScreen />);
    const table = await screen.findByRole('table', { name: 'Public conversations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Type', 'Level', 'Published', 'Price', 'Actions']);
    expect(names(table)).toEqual(['Placement test', 'Welcome survey']);
    const placement = within(table).getByRole('cell', { name: 'Placement test' }).closest('tr')!;
    await waitFor(() =>
      expect(cellsOf(placement).slice(0, 5)).toEqual([
        'Placement test',
        'Test',
        'B1',
        'Draft',
        '49.50 zł',
      ]),
    );
    expect(within(table).getByRole('link', { name: 'Open Placement test' })).toHaveAttribute(
      'href',
      '/conversations/1',
    );
  });

  it('switches between public and personal conversations with the toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConversationsScreen />);
    await screen.findByRole('table', { name: 'Public conversations' });
    const kind = screen.getByRole('group', { name: 'Conversations to show' });
    const publicButton = within(kind).getByRole('button', { name: 'Public' });
    const personalButton = within(kind).getByRole('button', { name: 'Personal' });
    expect(publicButton).toHaveAttribute('aria-pressed', 'true');
    expect(personalButton).toHaveAttribute('aria-pressed', 'false');

    await user.click(personalButton);
    const personal = await screen.findByRole('table', { name: 'Personal conversations' });
    expect(names(personal)).toEqual(['Homework check']);
    expect(
      within(screen.getByRole('group', { name: 'Conversations to show' })).getByRole('button', {
        name: 'Personal',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    const asked = calledUrls().filter((url) => url.pathname === api.conversations);
    expect(asked.map((url) => url.searchParams.get('isPublic'))).toEqual(['1', '0']);
  });

  it('creates a personal conversation from the create panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConversationsScreen />);
    await screen.findByRole('table', { name: 'Public conversations' });
    await user.click(screen.getByRole('button', { name: 'Personal' }));
    await screen.findByRole('table', { name: 'Personal conversations' });

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const form = within(screen.getByRole('region', { name: 'Create panel' })).getByRole('form', {
      name: 'New conversation',
    });
    await user.type(within(form).getByLabelText('Name'), 'Irregular verbs');
    const type = within(form).getByRole('combobox', { name: 'Type' });
    await waitFor(() => expect(type).toBeEnabled());
    await user.selectOptions(type, 'Survey');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const table = screen.getByRole('table', { name: 'Personal conversations' });
    await waitFor(() => expect(names(table)).toEqual(['Homework check', 'Irregular verbs']));
    expect(lastBody('POST', api.conversations)).toMatchObject({
      name: 'Irregular verbs',
      typeId: 2,
      isPublic: 0,
      price: 0,
    });
  });
});

describe('the bot status note', () => {
  it('says nothing while the bot runs', async () => {
    renderWithProviders(<ConversationsScreen />);
    await screen.findByRole('table', { name: 'Public conversations' });
    await waitFor(() =>
      expect(calledUrls().some((url) => url.pathname === api.botStatus)).toBe(true),
    );
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says the bot is off when it has no token', async () => {
    server.use(http.get(api.botStatus, () => HttpResponse.json(BOT_OFF)));
    renderWithProviders(<ConversationsScreen />);
    expect(await screen.findByRole('note')).toHaveTextContent(OFF_TEXT);
  });

  it("says so in staff's words, naming no server setting, in Ukrainian and Polish too", async () => {
    onTestFinished(() => changeLanguage('en'));
    server.use(http.get(api.botStatus, () => HttpResponse.json(BOT_OFF)));
    for (const [language, asks] of [
      ['uk', 'попросіть людину, яка обслуговує сервер'],
      ['pl', 'poproś osobę, która prowadzi serwer'],
    ] as const) {
      await changeLanguage(language);
      renderWithProviders(<ConversationsScreen />);
      const note = await screen.findByRole('note');
      expect(note).toHaveTextContent(asks);
      expect(note.textContent).not.toMatch(/BOT_|TOKEN/);
      cleanup();
    }
  });
});
