import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { addDays, mondayOf, todayIn } from './schedule.dates.js';
import { lessonsBetween, selectLessons } from './lessons.queries.js';
import { clashesAt } from './lessons.clashes.js';
import { RANGE_READS_AT_ONCE, rangeReads } from './schedule.service.js';

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

async function newStudent(name: string, surname: string) {
  const res = await post('/api/students', { name, surname });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** `student` takes part in each of `lessons`. */
async function join(student: number, ...lessons: number[]) {
  for (const lesson of lessons) {
    expect((await post('/api/events', { lesson, student })).statusCode).toBe(201);
  }
}

/**
 * A student named `name` Busy who takes part in two lessons at the same time on `date`: `one`
 * of the first teacher, `two` of the other, of the courses `courses`.
 */
async function busyInTwo(date: string, name: string, courses: [string, string]) {
  const student = await newStudent(name, 'Busy');
  const one = await newLesson({ date, teacher, course: courses[0] });
  const two = await newLesson({ date, teacher: other, course: courses[1] });
  await join(student, one.id, two.id);
  return { student, one, two };
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
    const { student, one, two } = await busyInTwo(wednesday, 'Olena', ['A1', 'B1']);
    const week = await weekOf(monday);
    expect(week.get(one.id)?.clashes).toEqual([
      expect.objectContaining({ kind: 'student', id: student, name: 'Olena Busy', lesson: two.id }),
    ]);
    expect(week.get(two.id)?.clashes).toEqual([
      expect.objectContaining({ kind: 'student', id: student, lesson: one.id }),
    ]);
  });

  it('counts a participation on its own date and times, also one moved from another week', async () => {
    const monday = freshMonday();
    const thursday = addDays(monday, 3);
    const student = await newStudent('Taras', 'Moved');
    const here = await newLesson({ date: thursday, teacher, course: 'Here' });
    // a lesson of the week before, whose participation is moved onto this Thursday at 10:30
    const before = await newLesson({ date: addDays(monday, -4), teacher: other, course: 'Before' });
    const free = await newLesson({ date: addDays(monday, 1), teacher: other, course: 'Free' });
    await join(student, here.id, before.id, free.id);
    const moved = (await get(`/api/events?student=${student}&lesson=${before.id}`)).json<
      { id: number }[]
    >()[0];
    const put = await agent.request({
      method: 'PUT',
      url: `/api/events/${moved?.id}`,
      payload: { date: thursday, start: '10:30', end: '11:30' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const week = await weekOf(monday);
    expect(week.get(here.id)?.clashes).toEqual([
      {
        date: thursday,
        kind: 'student',
        id: student,
        name: 'Taras Moved',
        lesson: before.id,
        course: 'Before',
        start: '10:30',
        end: '11:30',
      },
    ]);
    // its own lesson's day no longer has it: the Tuesday lesson clashes with nothing
    expect(week.get(free.id)?.clashes).toEqual([]);
  });
});

describe('a filtered week (docs/schedule.md, Clashes)', () => {
  it('shows only the lessons the filters match, with their counts, still naming clashes with the others', async () => {
    const monday = freshMonday();
    const friday = addDays(monday, 4);
    const {
      student,
      one: mine,
      two: theirs,
    } = await busyInTwo(friday, 'Filtered', ['Mine', 'Theirs']);
    const shown = async (query: string) => {
      const res = await get(
        `/api/schedule?dateFrom=${monday}&dateTo=${addDays(monday, 6)}&${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ lessons: (WeekLesson & { participants: number; payers: number })[] }[]>()
        .flatMap((d) => d.lessons);
    };
    for (const query of [`teacher=${teacher}`, 'search=mine']) {
      const lessons = await shown(query);
      expect(
        lessons.map((l) => l.id),
        query,
      ).toEqual([mine.id]);
      expect(lessons[0]).toMatchObject({ participants: 1, payers: 1 });
      expect(lessons[0]?.clashes, query).toEqual([
        expect.objectContaining({
          kind: 'student',
          id: student,
          lesson: theirs.id,
          course: 'Theirs',
        }),
      ]);
    }
    expect(await shown('search=nothing%20like%20it')).toEqual([]);
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

describe('the week read as arrays (db/rows.ts)', () => {
  it('answers the very lessons the general mapping of the same select does', async () => {
    const monday = freshMonday();
    await newLesson({
      date: monday,
      teacher,
      course: 'Arrays',
      price: 99.5,
      duration: 1.5,
      force: true,
    });
    await newLesson({
      date: addDays(monday, 1),
      course: 'No teacher',
      start: '08:00',
      end: '09:15',
    });
    const where = lessonsBetween(monday, addDays(monday, 6));
    const fast = await selectLessons(t.database.db, where);
    const general = await t.database.db.transaction((tx) => selectLessons(tx, where));
    expect(fast.rows.map((l) => l.course)).toEqual(
      expect.arrayContaining(['Arrays', 'No teacher']),
    );
    expect(fast).toEqual(general);
  });
});

describe('the week applies the one clash rule (docs/schedule.md, Clashes)', () => {
  it('names for each lesson what the rule a write checks names, and nothing else', async () => {
    const monday = freshMonday();
    const tuesday = addDays(monday, 1);
    const [a, b, c] = [
      await newStudent('Rule', 'A'),
      await newStudent('Rule', 'B'),
      await newStudent('Rule', 'C'),
    ];
    const made = [
      await newLesson({ date: monday, teacher, course: 'M1', force: true }),
      await newLesson({ date: monday, teacher, start: '10:30', end: '11:30', force: true }),
      await newLesson({ date: monday, teacher, start: '11:00', end: '12:00', force: true }),
      await newLesson({ date: monday, teacher: other, start: '10:00', end: '10:45', force: true }),
      await newLesson({ date: tuesday, teacher: other, start: '09:00', end: '10:00', force: true }),
      await newLesson({
        date: tuesday,
        start: '09:30',
        end: '10:30',
        course: 'No teacher',
        force: true,
      }),
      await newLesson({
        date: addDays(monday, -3),
        teacher: other,
        course: 'Week before',
        force: true,
      }),
    ];
    await join(a, made[0]!.id, made[3]!.id);
    await join(b, made[4]!.id, made[5]!.id);
    await join(c, made[5]!.id, made[6]!.id);
    // c's participation in last week's lesson moved onto Tuesday 10:00–11:00
    const movedId = (await get(`/api/events?student=${c}&lesson=${made[6]!.id}`)).json<
      { id: number }[]
    >()[0]?.id;
    const put = await agent.request({
      method: 'PUT',
      url: `/api/events/${movedId}`,
      payload: { date: tuesday, start: '10:00', end: '11:00' },
    });
    expect(put.statusCode, put.body).toBe(200);

    const week = await weekOf(monday);
    const order = (list: Clash[]) =>
      [...list].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    let named = 0;
    for (const lesson of made.slice(0, 6)) {
      const row = (
        await t.database.pool.query<{ start: string; end: string; teacher: number }>(
          'select start::text, "end"::text, teacher_id as teacher from lessons where id = $1',
          [lesson.id],
        )
      ).rows[0]!;
      const students = (
        await t.database.pool.query<{ id: number }>(
          'select student_id as id from events where lesson_id = $1',
          [lesson.id],
        )
      ).rows.map((r) => r.id);
      const expected = await clashesAt(t.database.db, {
        dates: [lesson.date],
        start: row.start,
        end: row.end,
        teacher: row.teacher,
        students,
        exclude: [lesson.id],
      });
      const shown = week.get(lesson.id)?.clashes ?? [];
      expect(order(shown), lesson.course).toEqual(order(expected));
      named += shown.length;
    }
    expect(named).toBeGreaterThanOrEqual(8);
  });
});

describe('reads of more than a week take turns (docs/quality.md, Memory)', () => {
  /** The most reads running and waiting at once while `work` runs. */
  async function watched<T>(work: Promise<T>) {
    let running = 0;
    let waiting = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        running = Math.max(running, rangeReads.activeCount);
        waiting = Math.max(waiting, rangeReads.pendingCount);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await work.finally(() => {
      done = true;
    });
    await watch;
    return { result, running, waiting };
  }

  it(`runs at most ${RANGE_READS_AT_ONCE} at once, each answering in full, and never holds up a week`, async () => {
    const monday = freshMonday();
    await newLesson({ date: addDays(monday, 20), teacher, course: 'In the range' });
    const range = `/api/schedule?dateFrom=${monday}&dateTo=${addDays(monday, 59)}`;
    const info = range.replace('/schedule?', '/schedule/infopanel?');
    const many = await watched(
      Promise.all([...Array(6).keys()].map((i) => get(i % 2 ? range : info))),
    );
    expect(many.result.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(many.result[0]?.body).toBe(many.result[2]?.body);
    expect(many.result[1]?.body).toBe(many.result[3]?.body);
    expect(many.result[1]?.json<{ lessons: WeekLesson[] }[]>()).toHaveLength(60);
    expect(many.running).toBe(RANGE_READS_AT_ONCE);
    expect(many.waiting).toBeGreaterThan(0);

    const week = await watched(
      get(`/api/schedule?dateFrom=${monday}&dateTo=${addDays(monday, 6)}`),
    );
    expect(week.result.statusCode).toBe(200);
    expect(week.running + week.waiting).toBe(0);
  });
});
