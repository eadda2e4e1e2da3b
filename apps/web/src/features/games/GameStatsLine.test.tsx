import { cleanup, screen } from '@testing-library/react';
import { api } from '@school/contract/paths';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { jsonResponse, renderWithProviders, setupI18n } from '../../test/utils';
import { GameStatsLine } from './GameStatsLine';

beforeAll(setupI18n);
afterEach(cleanup);

const card = (n: number, wrong: number, seen: number) => ({
  card: n,
  value: `Card ${n}`,
  answer: `answer ${n}`,
  wrong,
  seen,
});

describe('a game set’s plays', () => {
  it('names how often it was played and the three cards most often missed', async () => {
    server.use(
      http.get(`*${api.gridStats(7)}`, () =>
        jsonResponse(200, {
          plays: 5,
          students: 2,
          missed: [card(3, 4, 5), card(1, 2, 5), card(2, 1, 4), card(4, 1, 5)],
        }),
      ),
    );
    renderWithProviders(<GameStatsLine gridId={7} />);
    expect(
      await screen.findByText(
        'Played 5 times, students: 2 · most missed: “Card 3” (4 of 5), “Card 1” (2 of 5), “Card 2” (1 of 4)',
      ),
    ).toBeInTheDocument();
  });

  it('names no card when none was missed', async () => {
    server.use(
      http.get(`*${api.gridStats(8)}`, () =>
        jsonResponse(200, { plays: 1, students: 0, missed: [] }),
      ),
    );
    renderWithProviders(<GameStatsLine gridId={8} />);
    expect(await screen.findByText('Played 1 time, students: 0')).toBeInTheDocument();
  });
});
