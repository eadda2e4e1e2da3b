import { beforeAll, describe, expect, it } from 'vitest';
import type { LearnerPage } from '@school/contract/learner';
import type { TimelineEntry } from '@school/contract/students';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

/**
 * Every lesson instant these routes send is the school's clock read in its zone (docs/api.md,
 * Instants): the school in Kyiv, 17:00 there is 15:00 UTC in winter and 14:00 UTC in summer,
 * whoever asks and from whichever zone (the viewer's zone only words it).
 */
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true, env: { BOT_TIMEZONE: 'Europe/Kyiv' } }));
});

async function created<T>(url: string, payload: unknown): Promise<T> {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

/** A student in a lesson on each date at 17:00–18:30, marked present, to pay, not paid. */
async function studentWithLessons(dates: string[]) {
  const student = await created<{ id: number; hashCode: string }>('/api/students', {
    name: 'Zone',
  });
  for (const date of dates) {
    const lesson = await created<{ id: number }>('/api/lessons', {
      date,
      start: '17:00',
      end: '18:30',
      price: 60,
      course: `Lesson ${date}`,
    });
    const event = await created<{ id: number }>('/api/events', {
      lesson: lesson.id,
      student: student.id,
      toPay: '1',
    });
    const marked = await agent.request({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      payload: { attendence: 1 },
    });
    expect(marked.statusCode, marked.body).toBe(200);
  }
  return student;
}

describe('lesson instants with the school in Kyiv', () => {
  it("the timeline's `at` is the real start, its date and times the school's", async () => {
    const student = await studentWithLessons(['2026-10-22', '2026-11-25']);
    const res = await agent.request({
      method: 'GET',
      url: `/api/students/${student.id}/timeline`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lessons = res.json<TimelineEntry[]>().filter((e) => e.kind === 'participation');
    expect(lessons).toEqual([
      expect.objectContaining({
        at: '2026-11-25T15:00:00.000Z',
        date: '2026-11-25',
        start: '17:00',
        end: '18:30',
      }),
      // summer time in Kyiv until 25 October: the same clock is an hour earlier in UTC
      expect.objectContaining({ at: '2026-10-22T14:00:00.000Z', date: '2026-10-22' }),
    ]);
  });

  it("the learner's page sends the same instants for marks, and the lesson dates of what is due", async () => {
    const student = await studentWithLessons(['2026-10-22', '2026-11-25']);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/students/${student.hashCode}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<LearnerPage>();
    expect(page.marks.map((m) => m.start)).toEqual([
      '2026-11-25T15:00:00.000Z',
      '2026-10-22T14:00:00.000Z',
    ]);
    // what is due comes from the ledger, by the lessons' dates in the school's calendar
    expect(page.due.lessons.map((l) => l.date)).toEqual(['2026-10-22', '2026-11-25']);
  });
});
