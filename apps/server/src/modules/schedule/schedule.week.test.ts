import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { addDays, mondayOf, todayIn } from './schedule.dates.js';

let t: TestApp & { user: { id: number } };
let agent: Agent;
let teacher: number;
let other: number;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
  teacher = (await createUser(t, { firstName: 'Iryna', lastName: 'Teach' })).id;
  other = (await createUser(t, { firstName: 'Petro', lastName: 'Other' })).id;
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });

interface Clash {
  date: string;
  kind: string;
  id: number;
  name: string;
  lesson: number;
  course: string;
  start: string;
  end: string;
}
interface WeekLesson {
  id: number;
  date: string;
  course: string;
  clashes: Clash[];
}

/** A Monday some weeks ahead, so every test has days of its own. */
let weekCounter = 3;
const freshMonday = () => mondayOf(addDays(todayIn('UTC'), 7 * (weekCounter += 3)));

async function newLesson(payload: Record<string, unknown>) {
  const res = await post('/api/lessons', { start: '10:00', end: '11:00', price: 120, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WeekLesson & { nextId: number | null }>();
}

async function weekOf(monday: string) {
  const res = await get(`/api/schedule?dateFrom=${monday}&dateTo=${addDays(monday, 6)}`);
  expect(res.statusCode, res.body).toBe(200);
  const days = res.json<{ lessons: WeekLesson[] }[]>();
  return new Map(days.flatMap((d) => d.lessons).map((l) => [l.id, l]));
}

describe('the week says which lessons clash (docs/schedule.md, Clashes)', () => {
  it('names, on each of two lessons saved anyway on a busy teacher, the other one', async () => {
    const monday = freshMonday();
    const first = await newLesson({ date: monday, teacher, course: 'Grammar' });
    const second = await newLesson({
      date: monday,
      teacher,
      start: '10:30',
      end: '11:30',
      course: 'Speaking',
      force: true,
    });
    // back to back, and another teacher at the same time: no clash
    const after = await newLesson({ date: monday, teacher, start: '11:30', end: '12:30' });
    const beside = await newLesson({ date: monday, teacher: other, start: '10:00', end: '11:00' });

    const week = await weekOf(monday);
    expect(week.get(first.id)?.clashes).toEqual([
      {
        date: monday,
        kind: 'teacher',
        id: teacher,
        name: 'Iryna Teach',
        lesson: second.id,
        course: 'Speaking',
        start: '10:30',
        end: '11:30',
      },
    ]);
    expect(week.get(second.id)?.clashes).toEqual([
      expect.objectContaining({ lesson: first.id, course: 'Grammar', start: '10:00' }),
    ]);
    expect(week.get(after.id)?.clashes).toEqual([]);
    expect(week.get(beside.id)?.clashes).toEqual([]);
  });

  it('names a participant in two lessons at once, on both', async () => {
    const monday = freshMonday();
    const wednesday = addDays(monday, 2);
    const student = (await post('/api/students', { name: 'Olena', surname: 'Busy' })).json<{
      id: number;
    }>().id;
    const one = await newLesson({ date: wednesday, teacher, course: 'A1' });
    const two = await newLesson({ date: wednesday, teacher: other, course: 'B1' });
    for (const lesson of [one, two]) {
      expect((await post('/api/events', { lesson: lesson.id, student })).statusCode).toBe(201);
    }
    const week = await weekOf(monday);
    expect(week.get(one.id)?.clashes).toEqual([
      expect.objectContaining({ kind: 'student', id: student, name: 'Olena Busy', lesson: two.id }),
    ]);
    expect(week.get(two.id)?.clashes).toEqual([
      expect.objectContaining({ kind: 'student', id: student, lesson: one.id }),
    ]);
  });
});

describe('the weekly template (docs/schedule.md, Weekly series)', () => {
  it('has no clashes, and its info pieces leave out what only dated lessons have', async () => {
    const monday = freshMonday();
    await newLesson({ date: monday, teacher, isCycled: 1, course: 'Template A' });
    await newLesson({ date: monday, teacher, isCycled: 1, course: 'Template B', force: true });
    const days = (await get('/api/schedule?cycled=1')).json<{ lessons: WeekLesson[] }[]>();
    const template = days.flatMap((d) => d.lessons).filter((l) => l.course.startsWith('Template'));
    expect(template).toHaveLength(2);
    for (const lesson of template) expect(lesson.clashes).toEqual([]);

    const panel = (await get('/api/schedule/infopanel?cycled=1')).json<{ id: string }[]>();
    expect(panel.map((p) => p.id)).toEqual(['lessons', 'hours', 'students']);
    const week = (await get('/api/schedule/infopanel')).json<{ id: string }[]>();
    expect(week.map((p) => p.id)).toContain('attendanceRate');
  });
});

describe('alternative dates (docs/schedule.md, Alternative dates)', () => {
  const datesOf = async (id: number, query = '') => {
    const res = await get(`/api/lessons/${id}/alternatives${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ date: string }[]>().map((a) => a.date);
  };

  it('never offers a day before today', async () => {
    const today = todayIn('UTC');
    // last week's lesson: its week is past, only next week's day (today) is left
    const lastWeek = await newLesson({
      date: addDays(today, -7),
      teacher: other,
      start: '06:00',
      end: '06:30',
    });
    expect(await datesOf(lastWeek.id, '?tz=UTC')).toEqual([today]);
    // without ?tz=, the zone given at login (none here: UTC)
    expect(await datesOf(lastWeek.id)).toEqual([today]);

    // today's lesson: the rest of this week and the same day next week, none before today
    const own = await newLesson({ date: today, teacher: other, start: '06:00', end: '06:30' });
    const dates = await datesOf(own.id, '?tz=UTC');
    const monday = mondayOf(today);
    const later = Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((d) => d > today);
    expect(dates).toEqual([...later, addDays(today, 7)]);

    // "today" is the user's: far east of UTC it may already be tomorrow
    const east = todayIn('Pacific/Kiritimati');
    for (const date of await datesOf(own.id, '?tz=Pacific/Kiritimati')) {
      expect(date >= east).toBe(true);
    }
    expect((await get(`/api/lessons/${own.id}/alternatives?tz=Mars/Base`)).statusCode).toBe(400);
  });
});
