import {
  ANSWER_TYPE_FINAL,
  ESTIMATION_NONE,
  type ConversationProgress,
  type Message,
} from '@school/contract/bot';
import { api } from '@school/contract/paths';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { CONVERSATIONS, MESSAGES } from '../../test/botData';
import { calledUrls, seed } from '../../test/server';
import { renderWithProviders, setupI18n } from '../../test/utils';
import { MessagesScreen } from './MessagesScreen';

function renderRun(id: number | string) {
  return renderWithProviders(
    <Routes>
      <Route path="/messages/byconvprogress/:id" element={<MessagesScreen />} />
      <Route path="/students/:id" element={<h1>Student page</h1>} />
      <Route path="/conversations/:id" element={<h1>Conversation page</h1>} />
    </Routes>,
    `/messages/byconvprogress/${id}`,
  );
}

/** Run 5 as GET /api/conversationprogress/5 answers it: Iryna took the placement test. */
const RUN: ConversationProgress = {
  id: 5,
  student: 7,
  studentName: 'Iryna Melnyk',
  conversationId: 1,
  conversationName: 'Placement test',
  isFinished: 1,
  isBot: 0,
  outerUserId: null,
  meta: '',
  algotithm: null,
  step: 2,
  currentAnswerId: 12,
  createdAt: '2025-03-01T10:00:00.000Z',
  finishedAt: '2025-03-01T10:01:06.000Z',
};

/** The summary the bot sent at the end, logged as the run's last messages (docs/bot.md, Estimation). */
const SUMMARY: Message[] = ['Grammar: 2 points', 'Total: 2 points'].map((text, index) => ({
  id: 6 + index,
  conversationprogress: 5,
  isBot: 1,
  text,
  answerConnector: null,
  answerId: null,
  typeId: ANSWER_TYPE_FINAL,
  flagId: null,
  dateTime: '2025-03-01T10:01:06.000Z',
}));

beforeEach(() => seed({ conversationprogress: [RUN] }));

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeAll(setupI18n);
afterEach(cleanup);

describe('the messages of a run', () => {
  it('lists every message, oldest first, saying who wrote it and how a reply was marked', async () => {
    renderRun(5);
    const table = await screen.findByRole('table', { name: 'Messages of the run, oldest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Who', 'Text', 'Mark']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cells(row).slice(1))).toEqual([
      ['Bot', 'Hello! Ready for a short test?', ''],
      ['Student', 'Yes', ''],
      ['Bot', 'What is the past of "go"?', ''],
      ['Student', 'went', 'Right'],
      ['Bot', 'Thank you, the test is over.', ''],
    ]);
    // The time in the logged-in user's zone (UTC here).
    expect(cells(rows[0]!)[0]).toMatch(/10:00/);
    expect(
      calledUrls()
        .filter((url) => url.pathname === api.messages)
        .map((url) => url.searchParams.get('conversationprogress')),
    ).toEqual(['5']);
  });

  it('names the student and the conversation as links, with the run’s state and dates', async () => {
    renderRun(5);
    const student = await screen.findByRole('link', { name: 'Iryna Melnyk' });
    expect(student).toHaveAttribute('href', '/students/7');
    const conversation = screen.getByRole('link', { name: 'Placement test' });
    expect(conversation).toHaveAttribute('href', '/conversations/1');
    // the names are the header's subtitle, beside the screen's title
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('Messages');
    expect(header).toContainElement(student);
    expect(header).toContainElement(conversation);
    const facts = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts.map(([label]) => label)).toEqual(['State', 'Started', 'Ended']);
    expect(facts[0]?.[1]).toBe('Finished');
    // in the user's zone (UTC here) and the chosen language
    expect(facts[1]?.[1]).toMatch(/Mar 1, 2025.*10:00/);
    expect(facts[2]?.[1]).toMatch(/Mar 1, 2025.*10:01/);
  });

  it('says a run in progress is in progress, with no end date; in Polish in Polish', async () => {
    seed({ conversationprogress: [{ ...RUN, isFinished: 0, finishedAt: null }] });
    renderRun(5);
    await screen.findByRole('link', { name: 'Iryna Melnyk' });
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'State',
      'Started',
    ]);
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent('In progress');
    cleanup();
    await changeLanguage('pl');
    try {
      renderRun(5);
      await screen.findByRole('link', { name: 'Wróć do ucznia Iryna Melnyk' });
      expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
        'Stan',
        'Początek',
      ]);
      expect(screen.getAllByRole('definition')[0]).toHaveTextContent('W toku');
      expect(screen.getAllByRole('definition')[1]).toHaveTextContent(/1 mar 2025/);
    } finally {
      await changeLanguage('en');
    }
    expect(i18next.language).toBe('en');
  });

  it('leads back to the student’s page, which lists the student’s runs', async () => {
    const user = userEvent.setup();
    renderRun(5);
    const back = await screen.findByRole('link', { name: 'Back to Iryna Melnyk' });
    expect(back).toHaveAttribute('href', '/students/7');
    await user.click(back);
    expect(await screen.findByRole('heading', { name: 'Student page' })).toBeInTheDocument();
  });

  it('shows the run’s estimation once: the summary in the panel, not again in the log', async () => {
    seed({ messages: [...MESSAGES, ...SUMMARY] });
    renderRun(5);
    const estimation = await screen.findByRole('region', { name: 'Estimation' });
    expect(
      within(estimation)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Grammar: 2 points', 'Total: 2 points']);
    // not as a second list of bare numbers
    expect(within(estimation).queryByRole('term')).toBeNull();
    expect(screen.getAllByText('Total: 2 points')).toHaveLength(1);
    expect(screen.getAllByText('Grammar: 2 points')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Messages of the run, oldest first' });
    const texts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cells(row)[2]);
    expect(texts).toEqual(MESSAGES.map((m) => m.text));
  });

  it('keeps the summary in the log when the conversation has no estimation to show', async () => {
    seed({
      messages: [...MESSAGES, ...SUMMARY],
      conversations: CONVERSATIONS.map((c) => ({ ...c, estimationFunction: ESTIMATION_NONE })),
    });
    renderRun(5);
    const table = await screen.findByRole('table', { name: 'Messages of the run, oldest first' });
    expect(within(table).getByText('Total: 2 points')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Estimation' })).toBeNull();
  });

  it('marks a wrong reply and says Empty list for a run without messages', async () => {
    seed({
      messages: [
        {
          id: 1,
          conversationprogress: 5,
          isBot: 0,
          text: 'goed',
          answerConnector: 102,
          answerId: null,
          typeId: 1,
          flagId: 2,
          dateTime: '2025-03-01T10:01:05.000Z',
        },
      ],
    });
    renderRun(5);
    const table = await screen.findByRole('table', { name: 'Messages of the run, oldest first' });
    expect(cells(within(table).getAllByRole('row')[1]!).slice(1)).toEqual([
      'Student',
      'goed',
      'Wrong',
    ]);
    cleanup();
    seed({ messages: [] });
    renderRun(5);
    expect(await screen.findByText('Empty list')).toBeInTheDocument();
  });

  it('says the run does not exist when the server has no such run', async () => {
    seed({ conversationprogress: [] });
    renderRun(5);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This run does not exist (any more).',
    );
    expect(screen.queryByRole('link', { name: /Back to/ })).toBeNull();
  });

  it('says the run does not exist for an id that is not one', async () => {
    renderRun('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This run does not exist (any more).',
    );
  });
});
