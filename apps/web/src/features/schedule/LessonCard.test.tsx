import { DndContext } from '@dnd-kit/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/utils';
import { clashingLessons, LessonCard } from './LessonCard';
import type { LessonClash, ScheduleLesson } from './scheduleApi';

beforeAll(setupI18n);
afterEach(cleanup);

const lesson: ScheduleLesson = {
  id: 1,
  version: 1,
  date: '2026-11-23',
  start: '10:00',
  end: '11:00',
  price: 80,
  duration: 60,
  groupe: null,
  teacher: 4,
  teacherName: 'Iryna Teach',
  isCycled: 1,
  hasBroadcast: false,
  course: 'Grammar',
  comment: '',
  resources: '',
  homework: '',
  nextId: null,
  series: 3,
  participants: 2,
  participantsHidden: false,
  payers: 2,
  amount: 160,
  clashes: [],
};

const clash = (fields: Partial<LessonClash>): LessonClash => ({
  date: '2026-11-23',
  kind: 'teacher',
  id: 4,
  name: 'Iryna Teach',
  lesson: 2,
  course: 'Speaking',
  start: '10:30',
  end: '11:30',
  ...fields,
});

/** After the lesson's day: a dated card would be past. */
const LATER = new Date('2026-11-25T12:00:00').getTime();

function renderCard(shown: ScheduleLesson, template = false) {
  return renderWithProviders(
    <DndContext>
      <LessonCard
        lesson={shown}
        now={LATER}
        draggable={!template}
        template={template}
        onOpen={() => undefined}
      />
    </DndContext>,
  );
}

describe('a lesson card (docs/schedule.md, Clashes)', () => {
  it('names each other lesson once, with everyone busy in both', () => {
    const grouped = clashingLessons([
      clash({}),
      clash({ kind: 'student', id: 9, name: 'Olena Koval' }),
      clash({ lesson: 5, course: '', start: '09:30', end: '10:15' }),
    ]);
    expect(grouped.map((g) => [g.start, g.course, g.who.map((w) => w.name)])).toEqual([
      ['10:30', 'Speaking', ['Iryna Teach', 'Olena Koval']],
      ['09:30', '', ['Iryna Teach']],
    ]);
  });

  it('shows a clash marker and says the clash to screen readers', () => {
    renderCard({
      ...lesson,
      clashes: [clash({}), clash({ kind: 'student', id: 9, name: 'Olena Koval' })],
    });
    const card = screen.getByRole('button', { name: /Grammar/ });
    expect(card).toHaveTextContent('Clash');
    expect(card).toHaveAccessibleDescription(
      /^Clashes with 10:30–11:30 Speaking \(Iryna Teach, teacher, Olena Koval, student\)/,
    );
    // its name stays its own: a search by the other lesson's course does not find it
    expect(screen.queryByRole('button', { name: /Speaking/ })).toBeNull();
  });

  it('shows no marker without a clash', () => {
    renderCard(lesson);
    expect(screen.getByRole('button', { name: /Grammar/ })).not.toHaveTextContent('Clash');
  });
});

describe('a card of the weekly template (docs/schedule.md, Weekly series)', () => {
  it('is never past and shows no amount; a dated lesson is and does', () => {
    renderCard(lesson);
    const dated = screen.getByRole('button', { name: /Grammar/ });
    expect(dated).toHaveAttribute('data-past');
    expect(dated).toHaveTextContent('past');
    expect(dated).toHaveTextContent('zł');
    cleanup();

    renderCard({ ...lesson, clashes: [clash({})] }, true);
    const template = screen.getByRole('button', { name: /Grammar/ });
    expect(template).not.toHaveAttribute('data-past');
    expect(template).not.toHaveTextContent('past');
    expect(template).not.toHaveTextContent('zł');
    expect(template).not.toHaveTextContent('Clash');
    expect(template).toHaveTextContent('10:00–11:00');
    expect(template).toHaveTextContent('Iryna Teach');
    expect(template).toHaveTextContent('2 participants');
  });
});

describe("a lesson card of another teacher's lesson (docs/roles.md, Amounts)", () => {
  it('shows no amount when the amount is null', () => {
    renderCard({ ...lesson, amount: null });
    expect(screen.getByText(lesson.course)).toBeInTheDocument();
    expect(screen.queryByText(/zł/)).toBeNull();
  });
});
