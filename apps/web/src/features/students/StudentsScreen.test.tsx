import type { Student } from '@school/contract/students';
import { api } from '@school/contract/paths';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { server } from '../../test/server';
import { listResponse, renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { daysUntil } from './DocumentsScreen';
import { StudentsScreen } from './StudentsScreen';

const student = (deepLink: string | null): Student => ({
  id: 4,
  name: 'Olena',
  surname: 'Koval',
  email: 'olena@example.com',
  gMeetId: '',
  gdocument: '',
  gDictionaryUa: '',
  gDictionaryEng: '',
  telegramUsername: '',
  facebook: '',
  schedule: '',
  ocupation: '',
  location: 'Lviv',
  responsibleId: null,
  project: null,
  level: null,
  groupe: null,
  timezone: '',
  hasBroadcast: false,
  hashCode: 'AlqmJIDA1u7LpHZQ4W_j1A',
  deepLink,
  client: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
});

describe('students list', () => {
  it('says the bot is not configured instead of copying a broken deep link', async () => {
    server.use(http.get(api.students, () => listResponse([student(null)])));
    const user = userEvent.setup();
    renderWithProviders(<StudentsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Copy Olena Koval' }));
    expect(
      await screen.findByText(/The bot is not configured yet \(no bot username\)/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Copied/)).not.toBeInTheDocument();
  });
});

describe('document expiry', () => {
  const today = new Date(2026, 10, 23);
  it('counts whole calendar days to the end date, negative once passed', () => {
    expect(daysUntil('2026-11-23', today)).toBe(0);
    expect(daysUntil('2026-12-23', today)).toBe(30);
    expect(daysUntil('2026-11-22', today)).toBe(-1);
    expect(daysUntil('2027-03-29', today)).toBe(126);
  });
});
