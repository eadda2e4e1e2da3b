import { beforeAll, expect, it, vi } from 'vitest';
import { createUser, setupApp, type Agent } from '../../../test/helper.js';
import { addDays, mondayOf, todayIn } from './schedule.dates.js';

// docs/schedule.md, Alternative dates: a lesson is offered only times ahead of now, now being
// the school's wall clock (BOT_TIMEZONE, ADR 035) whatever the viewer's zone, and its own
// series is no clash. The school here is in Tokyo (UTC+9, no summer time); the agent logs in
// from Kyiv.

let agent: Agent;
let teacher: number;
let other: number;

beforeAll(async () => {
  const app = await setupApp({ admin: true, env: { BOT_TIMEZONE: 'Asia/Tokyo' } });
  agent = app.agent;
  teacher = (await createUser(app, { firstName: 'Orysia', lastName: 'Alt' })).id;
  other = (await createUser(app, { firstName: 'Bohdan', lastName: 'Alt' })).id;
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });

/** The Monday `weeks` weeks from now: the tests' weeks of their own. */
const mondayIn = (weeks: number) => mondayOf(addDays(todayIn('UTC'), 7 * weeks));

async function newLesson(payload: Record<string, unknown>) {
  const res = await post('/api/lessons', { teacher, price: 100, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; nextId: number | null }>();
}

interface Offered {
  date: string;
  status: string;
  clashes: { kind: string; lesson: number }[];
}

/** What is offered for lesson `id` at `instant` (real time when none), asked with `query`. */
async function offered(id: number, instant?: string, query = '') {
  if (instant) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  }
  const res = await agent.request({
    method: 'GET',
    url: `/api/lessons/${id}/alternatives${query}`,
  });
  vi.useRealTimers();
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Offered[]>();
}

it('offers no time already past today in the school, whatever zone it is asked from', async () => {
  const monday = mondayIn(5);
  const week = (from: number) =>
    Array.from({ length: 7 - from }, (_, i) => addDays(monday, from + i));
  const early = await newLesson({ date: monday, start: '10:00', end: '10:30' });
  const late = await newLesson({ date: monday, start: '12:00', end: '12:30' });
  // Wednesday 11:00 in Tokyo: Wednesday 04:00 in Kyiv, Thursday 04:00 at Kiritimati
  const now = `${addDays(monday, 2)}T02:00:00Z`;
  for (const query of ['', '?tz=Europe/Kyiv', '?tz=Pacific/Kiritimati', '?tz=Pacific/Honolulu']) {
    const earlyDates = (await offered(early.id, now, query)).map((o) => o.date);
    expect(earlyDates, query).toEqual([...week(3), addDays(monday, 7)]);
    const lateDates = (await offered(late.id, now, query)).map((o) => o.date);
    expect(lateDates, query).toEqual([...week(2), addDays(monday, 7)]);
  }
  // a minute before the late lesson starts it is still offered; at its start it is not
  expect((await offered(late.id, `${addDays(monday, 2)}T02:59:00Z`))[0]?.date).toBe(
    addDays(monday, 2),
  );
  expect((await offered(late.id, `${addDays(monday, 2)}T03:00:00Z`))[0]?.date).toBe(
    addDays(monday, 3),
  );
  const bad = await agent.request({
    method: 'GET',
    url: `/api/lessons/${early.id}/alternatives?tz=Mars/Base`,
  });
  expect(bad.statusCode).toBe(400);
});

it('does not count the lesson’s own series as a clash, and still counts the others', async () => {
  const wednesday = addDays(mondayIn(8), 2);
  const series = await newLesson({ date: wednesday, start: '10:00', end: '11:00', isCycled: 1 });
  const student = (await post('/api/students', { name: 'Ostap', surname: 'Series' })).json<{
    id: number;
  }>().id;
  // the student takes part in this and every later lesson of the series
  expect((await post('/api/events', { lesson: series.id, student })).statusCode).toBe(201);
  const friday = addDays(wednesday, 2);
  const blocker = await newLesson({ date: friday, start: '10:30', end: '11:30', teacher: other });
  expect((await post('/api/events', { lesson: blocker.id, student })).statusCode).toBe(201);

  const options = await offered(series.id);
  const nextWeek = options.find((o) => o.date === addDays(wednesday, 7));
  expect(series.nextId).not.toBeNull();
  expect(nextWeek).toMatchObject({ status: 'free', clashes: [] });
  expect(options.find((o) => o.date === friday)).toMatchObject({
    status: 'clashing',
    clashes: [{ kind: 'student', lesson: blocker.id }],
  });
});
