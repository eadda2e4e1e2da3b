import { api } from '@school/contract/paths';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calledUrls, seed } from '../../test/server';
import { renderWithProviders, setupI18n } from '../../test/utils';
import { MessagesScreen } from './MessagesScreen';

function renderRun(id: number | string) {
  return renderWithProviders(
    <Routes>
      <Route path="/messages/byconvprogress/:id" element={<MessagesScreen />} />
    </Routes>,
    `/messages/byconvprogress/${id}`,
  );
}

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

  it('shows the run’s estimation: points per group and the summary', async () => {
    renderRun(5);
    const estimation = await screen.findByRole('region', { name: 'Estimation' });
    const group = within(estimation).getByRole('term');
    expect(group).toHaveTextContent('Grammar');
    expect(within(estimation).getByRole('definition')).toHaveTextContent('2');
    expect(within(estimation).getByText('Grammar: 2 points')).toBeInTheDocument();
    expect(within(estimation).getByText('Total: 2 points')).toBeInTheDocument();
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

  it('says the run does not exist for an id that is not one', async () => {
    renderRun('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This run does not exist (any more).',
    );
  });
});
