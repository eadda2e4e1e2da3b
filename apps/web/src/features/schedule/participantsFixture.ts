import type { Event, Lesson } from '@school/contract/schedule';
import { vi } from 'vitest';
import { CARDS_QUERY } from './Participants';

/** A lesson and its participants for the participants' component tests (test/server.ts serves them). */

export const LESSON: Lesson = {
  id: 5,
  version: 1,
  date: '2026-11-30',
  start: '10:00',
  end: '11:00',
  price: 80,
  duration: 60,
  groupe: null,
  teacher: null,
  teacherName: '',
  isCycled: 2,
  hasBroadcast: false,
  course: 'English A2',
  comment: '',
  resources: '',
  homework: '',
  nextId: null,
  series: null,
  participants: 2,
  participantsHidden: false,
  payers: 2,
  amount: 160,
};

export const STUDENTS = [
  { id: 11, name: 'Anna', surname: 'Kowal' },
  { id: 12, name: 'Bohdan', surname: 'Melnyk' },
  { id: 13, name: 'Olena', surname: 'Shevchenko' },
];

export const participation = (id: number, student: (typeof STUDENTS)[number]): Event => ({
  id,
  version: 1,
  student: student.id,
  studentName: `${student.name} ${student.surname}`,
  lesson: LESSON.id,
  lessonCourse: LESSON.course,
  toPay: 0,
  attendence: 0,
  isPaid: false,
  notes: '',
  date: LESSON.date,
  start: LESSON.start,
  end: LESSON.end,
  homework: '',
  amount: 80,
  covered: 0,
});

export const [anna, bohdan, olena] = STUDENTS as [
  (typeof STUDENTS)[number],
  (typeof STUDENTS)[number],
  (typeof STUDENTS)[number],
];

/** A phone's width (docs/screens.md, Schedule): the participants are cards. */
export function onPhone(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query === CARDS_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}
