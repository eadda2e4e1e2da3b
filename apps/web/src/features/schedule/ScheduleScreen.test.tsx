import { api } from '@school/contract/paths';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { seed, server } from '../../test/server';
import {
  jsonResponse,
  renderApp,
  renderWithProviders,
  setupI18n,
  stubLayout,
} from '../../test/utils';
import { isHidden, deleteKey } from './lessonDelete';
import { isPast } from './LessonCard';
import { LessonModal } from './LessonModal';

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
});

describe('a past lesson (docs/screens.md, Schedule)', () => {
  const at = (iso: string) => new Date(iso).getTime();
  it('is past when today is after its date', () => {
    expect(isPast({ date: '2026-11-22', start: '18:00' }, at('2026-11-23T08:00:00'))).toBe(true);
    expect(isPast({ date: '2026-11-24', start: '08:00' }, at('2026-11-23T20:00:00'))).toBe(false);
  });
  it('is past on its day once the current hour is after its start hour', () => {
    const lesson = { date: '2026-11-23', start: '10:30' };
    expect(isPast(lesson, at('2026-11-23T10:59:00'))).toBe(false);
    expect(isPast(lesson, at('2026-11-23T11:00:00'))).toBe(true);
  });
});

describe('a lesson whose delete waits for Undo', () => {
  const series = { id: 7, series: 3, date: '2026-11-30' };
  it('hides that lesson, or with "following" the later lessons of its series', () => {
    const one = new Set([deleteKey(series, 'this')]);
    expect(isHidden(series, one)).toBe(true);
    expect(isHidden({ ...series, id: 8, date: '2026-12-07' }, one)).toBe(false);
    const following = new Set([deleteKey(series, 'following')]);
    expect(isHidden({ ...series, id: 8, date: '2026-12-07' }, following)).toBe(true);
    expect(isHidden({ ...series, id: 6, date: '2026-11-23' }, following)).toBe(false);
    expect(isHidden({ id: 9, series: 4, date: '2026-12-07' }, following)).toBe(false);
  });
});

describe('the lesson modal', () => {
  it('closes with the reason when the lesson cannot be loaded (docs/api.md, Error catalogue: 400)', async () => {
    server.use(
      http.get(api.lesson(5), () =>
        jsonResponse(400, { error: 'validation', message: 'Invalid id: must be a number' }),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(<LessonModal id={5} dateText={(d) => d} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Invalid id: must be a number')).toBeInTheDocument();
  });
});

describe('a link to a lesson', () => {
  it('/schedule?lesson={id} opens that lesson’s dialog (a link from the record history)', async () => {
    seed({
      lessons: [
        {
          id: 5,
          date: '2026-11-30',
          start: '10:00',
          end: '11:00',
          price: 80,
          duration: 60,
          groupe: null,
          teacher: 7,
          teacherName: 'Anna Kowalska',
          isCycled: 2,
          hasBroadcast: false,
          course: 'English A2',
          comment: '',
          resources: '',
          homework: '',
          nextId: null,
          series: null,
          participants: 0,
          participantsHidden: false,
          payers: 0,
          amount: 0,
        },
      ],
      events: [],
      schedule: [],
    });
    renderApp('/schedule?lesson=5');
    const dialog = await screen.findByRole('dialog', { name: /^Lesson .*10:00–11:00$/ });
    expect(within(dialog).getByRole('button', { name: 'History' })).toBeInTheDocument();
  });
});
