import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/utils';
import { ShareButtons } from './ShareButtons';

beforeAll(setupI18n);
afterEach(cleanup);

const game = (playable: boolean) => ({
  name: 'Animals',
  link: 'http://localhost/play/grid?id=7',
  embed: '<iframe src="http://localhost/play/grid?id=7"></iframe>',
  playable,
  problems: playable ? [] : (['noCards'] as const),
});

describe('a game’s share buttons', () => {
  it('are not there while the game cannot be played (no cards yet)', () => {
    renderWithProviders(<ShareButtons row={game(false)} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('copy the link and the embed, show the QR code and a student’s link once it can', () => {
    renderWithProviders(<ShareButtons row={game(true)} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Copy the link of Animals',
      'Copy the embed code of Animals',
      'Show the QR code of Animals',
      'Copy a student’s link to Animals',
    ]);
  });
});
