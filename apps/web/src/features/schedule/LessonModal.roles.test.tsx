import type { Event, Lesson } from '@school/contract/schedule';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { ADMIN, calledUrls, seed, setSession } from '../../test/server';
import { renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { LessonModal } from './LessonModal';

/** docs/roles.md, Lessons and Participations: what a teacher's lesson modal offers. */

const TEACHER = { ...ADMIN, id: 7, login: 'teacher', role: 'teacher' as const };

const lessonOf = (teacher: number, amount: number | null, participants = 1): Lesson => ({
  id: 5,
  version: 1,
  date: '2026-11-30',
  start: '10:00',
  end: '11:00',
  // another teacher's lesson comes without its amount, price and payers (docs/roles.md)
  price: amount === null ? null : 80,
  duration: 60,
  groupe: null,
  teacher,
  teacherName: 'Petro Other',
  isCycled: 2,
  hasBroadcast: false,
  course: 'English A2',
  comment: '',
  resources: '',
  homework: '',
  nextId: null,
  series: null,
  participants,
  // a teacher on another teacher's lesson sees only their own students of it (docs/roles.md)
  participantsHidden: teacher !== TEACHER.id && amount === null,
  payers: amount === null ? null : 1,
  amount,
});

const participation = (amount: number | null): Event => ({
  id: 21,
  version: 1,
  student: 11,
  studentName: 'Anna Kowal',
  lesson: 5,
  lessonCourse: 'English A2',
  toPay: 1,
  attendence: 0,
  isPaid: false,
  notes: '',
  date: '2026-11-30',
  start: '10:00',
  end: '11:00',
  homework: '',
  amount,
  covered: amount === null ? null : 0,
});

/** Says the role once the session is known, so the modal is judged with the user's rights. */
function SessionProbe() {
  const { session } = useSession();
  return session.isLoggedIn ? <span>{`role: ${session.role}`}</span> : null;
}

async function open(teacher: number, amount: number | null, role = 'teacher') {
  seed({ lessons: [lessonOf(teacher, amount)], events: [participation(amount)], students: [] });
  renderWithProviders(
    <>
      <SessionProbe />
      <LessonModal id={5} dateText={(d) => d} onClose={() => undefined} />
    </>,
  );
  await screen.findByText(`role: ${role}`);
  await screen.findByText('Anna Kowal');
}

beforeAll(setupI18n);
beforeEach(() => {
  stubLayout();
  setSession(TEACHER);
});
afterEach(() => {
  cleanup();
  setSession(ADMIN);
});

describe('the lesson modal of a teacher', () => {
  it("shows another teacher's lesson read only: no form, no delete, no amount, no controls", async () => {
    await open(8, null);
    expect(screen.getByText('English A2', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete lesson' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Add a student')).toBeNull();
    expect(screen.queryByText(/zł/)).toBeNull();
  });

  it("says another teacher's lesson's participants are hidden for the role, not that there are none", async () => {
    seed({ lessons: [lessonOf(8, null, 6)], events: [], students: [] });
    renderWithProviders(<LessonModal id={5} dateText={(d) => d} onClose={() => undefined} />);
    expect(
      await screen.findByText(
        "The participants of another teacher's lesson are hidden for your role.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No Students yet')).toBeNull();
  });

  it("shows their own students in another teacher's lesson and says the others are hidden", async () => {
    seed({ lessons: [lessonOf(8, null, 3)], events: [participation(null)], students: [] });
    renderWithProviders(<LessonModal id={5} dateText={(d) => d} onClose={() => undefined} />);
    await screen.findByText('Anna Kowal');
    expect(
      screen.getByText(
        "Only your students are listed; the other participants of another teacher's lesson are hidden for your role.",
      ),
    ).toBeInTheDocument();
  });

  it("says nothing is hidden when another teacher's lesson has only their students", async () => {
    await open(8, null);
    expect(screen.queryByText(/hidden for your role/)).toBeNull();
  });

  it('offers on their own lesson the form, delete and attendance only of the participants', async () => {
    await open(7, 80);
    // the form's code downloads when the form first shows (docs/quality.md, First screen)
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByText(/hidden for your role/)).toBeNull();
    // their lesson stays theirs: no teacher to choose
    expect(screen.queryByLabelText('Teacher')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete lesson' })).toBeInTheDocument();
    expect(screen.getByLabelText('Attendance of Anna Kowal')).toBeInTheDocument();
    expect(screen.queryByLabelText('Whether Anna Kowal pays')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Not paid' })).toBeNull();
    expect(screen.getByText('Not paid')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a student')).toBeNull();
    expect(screen.queryByRole('button', { name: /remove anna kowal/i })).toBeNull();
  });

  it('leaves an admin every control', async () => {
    setSession(ADMIN);
    await open(8, 80, 'admin');
    expect(screen.getByRole('button', { name: 'Delete lesson' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Not paid' })).toBeInTheDocument();
    expect(screen.getByLabelText('Whether Anna Kowal pays')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a student')).toBeInTheDocument();
    expect(screen.getByLabelText('Teacher')).toBeInTheDocument();
  });

  it('has the lesson’s History for a teacher too, read when opened', async () => {
    await open(8, null);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    const read = calledUrls()
      .map((url) => url.pathname)
      .filter((path) => path.endsWith('/history'));
    expect(read.sort()).toEqual(['/api/events/21/history', '/api/lessons/5/history']);
  });

  it('shows in the History the participants’ changes too, each with the student’s name', async () => {
    setSession(ADMIN);
    const base = {
      userId: 1,
      userName: 'Anna Kowalska',
      action: 'update',
      requestId: null,
    };
    seed({
      audit: [
        {
          ...base,
          id: 1,
          at: '2026-11-26T10:00:00.000Z',
          entity: 'lessons',
          entityId: 5,
          changes: { start: ['09:00:00', '10:00:00'] },
        },
        {
          ...base,
          id: 2,
          at: '2026-11-26T11:00:00.000Z',
          entity: 'events',
          entityId: 21,
          changes: { attendence: [0, 1], isPaid: [false, true] },
        },
        {
          ...base,
          id: 3,
          at: '2026-11-26T09:00:00.000Z',
          action: 'create',
          entity: 'events',
          entityId: 21,
          changes: { id: 21, studentId: 11, lessonId: 5, attendence: 0, toPay: 1 },
        },
      ],
    });
    await open(8, 80, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const history = screen.getByRole('region', { name: 'History' });
    await within(history).findByText('3 of 3');
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(entries.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^ChangedAnna Kowal.*Attendance: Not marked → Present.*Paid: not paid → paid$/,
      ),
      expect.stringMatching(/^Changed.*Start: 09:00 → 10:00$/),
      // the student is the entry's subject, not a line of it
      expect.stringMatching(/^CreatedAnna Kowal.*Attendance: Not markedPays: Pays$/),
    ]);
  });
});
