import type { ConversationProgress } from '@school/contract/bot';
import { api } from '@school/contract/paths';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { ConversationRuns } from './ConversationRuns';

const run = (id: number, name: string): ConversationProgress => ({
  id,
  student: 4,
  studentName: 'Olena Koval',
  conversationId: id,
  conversationName: name,
  isFinished: 0,
  isBot: 0,
  outerUserId: null,
  meta: '',
  algotithm: null,
  step: 0,
  currentAnswerId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  finishedAt: null,
});

/** The fake API's runs: personal ones and public ones. */
function serveRuns(personal: ConversationProgress[], open: ConversationProgress[]) {
  server.use(
    http.get(api.conversationProgress, ({ request }) => {
      const isForMe = new URL(request.url).searchParams.get('isForMe');
      return jsonResponse(200, isForMe === '0' ? open : personal);
    }),
  );
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

beforeAll(setupI18n);
afterEach(cleanup);

describe('bot conversations panel', () => {
  it('opens on Public when only the public runs have any', async () => {
    serveRuns([], [run(7, 'Placement test')]);
    renderWithProviders(<ConversationRuns studentId={4} />);
    expect(await screen.findByText('Placement test')).toBeInTheDocument();
    expect(pressed('Public')).toBe('true');
    expect(screen.queryByText(/No bot conversations yet/)).not.toBeInTheDocument();
  });

  it('opens on Personal when it has runs, and a picked tab stays', async () => {
    serveRuns([run(8, 'Homework chat')], [run(7, 'Placement test')]);
    const user = userEvent.setup();
    renderWithProviders(<ConversationRuns studentId={4} />);
    expect(await screen.findByText('Homework chat')).toBeInTheDocument();
    expect(pressed('Personal')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Public' }));
    expect(await screen.findByText('Placement test')).toBeInTheDocument();
  });

  it('opens on Personal when neither has runs', async () => {
    serveRuns([], []);
    renderWithProviders(<ConversationRuns studentId={4} />);
    expect(await screen.findByText(/No bot conversations yet/)).toBeInTheDocument();
    expect(pressed('Personal')).toBe('true');
  });
});
