import type { TimelineEntry } from '@school/contract/students';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, seed, server, setSession } from '../../test/server';
import { makeStudent } from '../../test/students';
import { renderApp, setupI18n } from '../../test/utils';

beforeAll(setupI18n);
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

/** A 17:00–18:30 lesson of a school in Kyiv: its start is 15:00 UTC (docs/api.md, Instants). */
const LESSON: TimelineEntry = {
  kind: 'participation',
  at: '2026-11-25T15:00:00.000Z',
  id: 40,
  title: 'B1 grammar',
  date: '2026-11-25',
  start: '17:00',
  end: '18:30',
  presence: 'present',
  paid: false,
};
const GAME: TimelineEntry = {
  kind: 'game',
  at: '2026-11-26T15:00:00.000Z',
  id: 41,
  title: 'Past tense',
  score: 2,
  max: 3,
  seconds: 30,
  isSet: false,
};

describe("the student's timeline seen from Warsaw", () => {
  it("heads a lesson with the clock of its own times, other entries in the user's zone", async () => {
    seed({ students: [makeStudent()] });
    setSession({ ...ADMIN, timeZone: 'Europe/Warsaw' });
    server.use(
      http.get('*/api/students/:id/timeline', () =>
        HttpResponse.json([GAME, LESSON], { headers: { 'X-Total-Count': '2' } }),
      ),
    );
    renderApp('/students/12');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const lesson = (await within(timeline).findByText('B1 grammar')).closest('li');
    expect(lesson).toHaveTextContent('17:00–18:30');
    const heading = lesson?.querySelector('time');
    expect(heading).toHaveAttribute('dateTime', LESSON.at);
    expect(heading).toHaveTextContent('Nov 25, 2026, 5:00 PM');
    // a game's instant is shown on the Warsaw clock: 15:00 UTC is 16:00 there
    const game = within(timeline).getByText('Past tense').closest('li');
    expect(game?.querySelector('time')).toHaveTextContent('Nov 26, 2026, 4:00 PM');
  });
});
