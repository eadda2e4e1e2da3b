import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { addDays, mondayOf, todayIn } from './schedule.dates.js';

/** docs/roles.md, Lessons, Participations and Amounts: what a teacher may do in the schedule. */

let t: TestApp;
let admin: Agent;
let teacherAgent: Agent;
let managerAgent: Agent;
let me: number;
let other: number;
let student: number;

interface LessonJson {
  id: number;
  teacher: number | null;
  start: string;
  course: string;
  amount: number | null;
  [k: string]: unknown;
}
interface EventJson {
  id: number;
  attendence: number;
  isPaid: boolean;
  toPay: number;
  amount: number | null;
  [k: string]: unknown;
}
interface DayJson {
  date: string;
  earned: number;
  lessons: LessonJson[];
}

const call = (
  a: Agent,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => a.request({ method, url, payload });

let weekCounter = 3;
const freshMonday = () => mondayOf(addDays(todayIn('UTC'), 7 * (weekCounter += 2)));

async function lessonOf(teacher: number, date: string, start = '10:00') {
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const res = await call(admin, 'POST', '/api/lessons', {
    date,
    start,
    end,
    price: 60,
    teacher,
    course: `Course of ${teacher}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LessonJson>();
}

async function participation(lesson: number) {
  const res = await call(admin, 'POST', '/api/events', { lesson, student, toPay: 1 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<EventJson>();
}

const readLesson = async (id: number) =>
  (await call(admin, 'GET', `/api/lessons/${id}`)).json<LessonJson>();
const readEvent = async (id: number) =>
  (await call(admin, 'GET', `/api/events/${id}`)).json<EventJson>();

/** Two lessons on one Monday: the teacher's own at 10:00 and another teacher's at 12:00. */
async function twoLessons() {
  const date = freshMonday();
  const own = await lessonOf(me, date, '10:00');
  const others = await lessonOf(other, date, '12:00');
  return { date, own, others };
}

beforeAll(async () => {
  const fixture = await setupApp({ admin: true });
  ({ agent: admin, ...t } = fixture);
  const teacher = await createUser(t, { role: 'teacher', firstName: 'Iryna' });
  me = teacher.id;
  other = (await createUser(t, { role: 'teacher', firstName: 'Petro' })).id;
  teacherAgent = await login(t.app, teacher);
  managerAgent = await login(t.app, await createUser(t, { role: 'manager' }));
  const res = await call(admin, 'POST', '/api/students', { name: 'Olena', surname: 'Koval' });
  expect(res.statusCode, res.body).toBe(201);
  student = res.json<{ id: number }>().id;
});

describe('a teacher and lessons', () => {
  it('reads the whole week, with the amounts of their own lessons only', async () => {
    const { date, own, others } = await twoLessons();
    await participation(own.id);
    await participation(others.id);
    const url = `/api/schedule?dateFrom=${date}&dateTo=${date}`;
    const res = await call(teacherAgent, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json<DayJson[]>();
    const byId = new Map(day?.lessons.map((l) => [l.id, l]));
    expect(byId.get(own.id)?.amount).toBe(60);
    expect(byId.has(others.id)).toBe(true);
    expect(byId.get(others.id)?.amount).toBeNull();
    expect(day?.earned).toBe(60);

    const [adminDay] = (await call(admin, 'GET', url)).json<DayJson[]>();
    expect(adminDay?.earned).toBe(120);
    expect(adminDay?.lessons.every((l) => l.amount === 60)).toBe(true);

    const lesson = await call(teacherAgent, 'GET', `/api/lessons/${others.id}`);
    expect(lesson.json<LessonJson>().amount).toBeNull();
    const list = await call(teacherAgent, 'GET', `/api/lessons?date=${date}`);
    expect(list.json<LessonJson[]>().map((l) => l.amount)).toEqual([60, null]);
  });

  it("is told that another teacher's lesson hides its participants from them, not that it has none", async () => {
    const { date, own, others } = await twoLessons();
    const made = await call(admin, 'POST', '/api/students', { name: 'Hidden', surname: 'One' });
    const notTheirs = made.json<{ id: number }>().id;
    const added = await call(admin, 'POST', '/api/events', {
      lesson: others.id,
      student: notTheirs,
    });
    expect(added.statusCode, added.body).toBe(201);
    const hiddenFor = async (agent: Agent) => {
      const [day] = (
        await call(agent, 'GET', `/api/schedule?dateFrom=${date}&dateTo=${date}`)
      ).json<DayJson[]>();
      const listed = (await call(agent, 'GET', `/api/lessons?date=${date}`)).json<LessonJson[]>();
      const one = (await call(agent, 'GET', `/api/lessons/${others.id}`)).json<LessonJson>();
      return [
        day?.lessons.map((l) => [l.id, l.participants, l.participantsHidden]),
        listed.map((l) => l.participantsHidden),
        one.participantsHidden,
      ];
    };
    expect(await hiddenFor(teacherAgent)).toEqual([
      [
        [own.id, 0, false],
        [others.id, 1, true],
      ],
      [false, true],
      true,
    ]);
    // the participant counted is not listed to them: hidden, not absent
    const events = await call(teacherAgent, 'GET', `/api/events?lesson=${others.id}`);
    expect(events.json<unknown[]>()).toEqual([]);
    for (const agent of [admin, managerAgent]) {
      expect(await hiddenFor(agent)).toEqual([
        [
          [own.id, 0, false],
          [others.id, 1, false],
        ],
        [false, false],
        false,
      ]);
    }
  });

  it("gets neither the price nor the payers of another teacher's lesson, nor its price's history", async () => {
    const { date, own, others } = await twoLessons();
    await participation(own.id);
    await participation(others.id);
    const priced = await call(admin, 'PUT', `/api/lessons/${others.id}`, { price: 90 });
    expect(priced.statusCode, priced.body).toBe(200);
    const hidden = { price: null, payers: null, amount: null };
    const shown = { price: 60, payers: 1, amount: 60 };

    const [day] = (
      await call(teacherAgent, 'GET', `/api/schedule?dateFrom=${date}&dateTo=${date}`)
    ).json<DayJson[]>();
    const byId = new Map(day?.lessons.map((l) => [l.id, l]));
    expect(byId.get(others.id)).toMatchObject(hidden);
    expect(byId.get(own.id)).toMatchObject(shown);
    const one = await call(teacherAgent, 'GET', `/api/lessons/${others.id}`);
    expect(one.json<LessonJson>()).toMatchObject(hidden);
    const list = await call(teacherAgent, 'GET', `/api/lessons?date=${date}`);
    expect(list.json<LessonJson[]>()).toEqual([
      expect.objectContaining(shown),
      expect.objectContaining(hidden),
    ]);
    const [adminDay] = (
      await call(managerAgent, 'GET', `/api/schedule?dateFrom=${date}&dateTo=${date}`)
    ).json<DayJson[]>();
    expect(adminDay?.lessons.find((l) => l.id === others.id)).toMatchObject({ price: 90 });

    type Entry = { action: string; changes: Record<string, unknown> };
    const history = async (agent: Agent, id: number) => {
      const res = await call(agent, 'GET', `/api/lessons/${id}/history`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Entry[]>();
    };
    const theirs = await history(teacherAgent, others.id);
    expect(theirs.map((e) => e.action)).toEqual(['update', 'create']);
    for (const entry of theirs) expect(entry.changes).not.toHaveProperty('price');
    expect(theirs[1]?.changes).toMatchObject({ teacherId: other });
    expect((await history(admin, others.id))[0]?.changes).toMatchObject({
      price: ['60.00', '90.00'],
    });
    expect((await history(teacherAgent, own.id))[0]?.changes).toMatchObject({ price: '60.00' });
    // deleted, the lesson is judged by its last entry
    expect((await call(admin, 'DELETE', `/api/lessons/${others.id}`)).statusCode).toBe(204);
    const gone = await history(teacherAgent, others.id);
    expect(gone.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of gone) expect(entry.changes).not.toHaveProperty('price');
  });

  it("sums earned and unpaid over the teacher's own lessons in the info panel", async () => {
    const { date, own, others } = await twoLessons();
    await participation(own.id);
    await participation(others.id);
    const url = `/api/schedule/infopanel?dateFrom=${date}&dateTo=${date}`;
    const value = (pieces: { id: string; value: number }[], id: string) =>
      pieces.find((p) => p.id === id)?.value;
    const mine = (await call(teacherAgent, 'GET', url)).json<{ id: string; value: number }[]>();
    expect(value(mine, 'earned')).toBe(60);
    expect(value(mine, 'unpaid')).toBe(60);
    expect(value(mine, 'lessons')).toBe(2);
    const all = (await call(admin, 'GET', url)).json<{ id: string; value: number }[]>();
    expect(value(all, 'earned')).toBe(120);
    expect(value(all, 'unpaid')).toBe(120);
  });

  it("may not change, move or delete another teacher's lesson: 403 and nothing changes", async () => {
    const { others } = await twoLessons();
    const before = await readLesson(others.id);
    for (const body of [{ course: 'Taken' }, { start: '13:00', end: '14:00' }, { teacher: me }]) {
      const res = await call(teacherAgent, 'PUT', `/api/lessons/${others.id}`, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('forbidden');
    }
    const del = await call(teacherAgent, 'DELETE', `/api/lessons/${others.id}`);
    expect(del.statusCode).toBe(403);
    expect(await readLesson(others.id)).toEqual(before);
  });

  it('changes, moves and deletes their own lesson, but may not give it away', async () => {
    const { date, own } = await twoLessons();
    const changed = await call(teacherAgent, 'PUT', `/api/lessons/${own.id}`, {
      course: 'Mine',
      date: addDays(date, 1),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<LessonJson>().course).toBe('Mine');
    const before = await readLesson(own.id);
    const away = await call(teacherAgent, 'PUT', `/api/lessons/${own.id}`, { teacher: other });
    expect(away.statusCode).toBe(403);
    expect(await readLesson(own.id)).toEqual(before);
    const del = await call(teacherAgent, 'DELETE', `/api/lessons/${own.id}`);
    expect(del.statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/lessons/${own.id}`)).statusCode).toBe(404);
  });

  it('creates lessons of their own only; without a teacher the lesson is theirs', async () => {
    const date = freshMonday();
    const lesson = { date, start: '09:00', end: '10:00', price: 60 };
    const others = await call(teacherAgent, 'POST', '/api/lessons', { ...lesson, teacher: other });
    expect(others.statusCode).toBe(403);
    expect(others.json<{ error: string }>().error).toBe('forbidden');
    const listed = await call(admin, 'GET', `/api/lessons?date=${date}`);
    expect(listed.json<LessonJson[]>()).toEqual([]);

    const own = await call(teacherAgent, 'POST', '/api/lessons', { ...lesson, teacher: me });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<LessonJson>().teacher).toBe(me);
    const unnamed = await call(teacherAgent, 'POST', '/api/lessons', {
      ...lesson,
      start: '11:00',
      end: '12:00',
    });
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    expect(unnamed.json<LessonJson>().teacher).toBe(me);
  });
});

describe('a teacher and participations', () => {
  it('marks attendance in their own lesson, nothing else', async () => {
    const { own } = await twoLessons();
    const e = await participation(own.id);
    const marked = await call(teacherAgent, 'PUT', `/api/events/${e.id}`, { attendence: 1 });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<EventJson>().attendence).toBe(1);
    const before = await readEvent(e.id);
    for (const body of [{ isPaid: true }, { toPay: 2 }, { attendence: 2, isPaid: true }]) {
      const res = await call(teacherAgent, 'PUT', `/api/events/${e.id}`, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('forbidden');
    }
    expect(await readEvent(e.id)).toEqual(before);
  });

  it('marks attendance with the version it was made on (ADR 043); an older one is 409', async () => {
    const { own } = await twoLessons();
    const e = await participation(own.id);
    const url = `/api/events/${e.id}`;
    const version = (await readEvent(e.id)).version as number;
    const marked = await call(teacherAgent, 'PUT', url, { attendence: 3, version });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<EventJson>()).toMatchObject({ attendence: 3, version: version + 1 });
    const stale = await call(teacherAgent, 'PUT', url, { attendence: 1, version });
    expect(stale.statusCode, stale.body).toBe(409);
    // the version names no field: paying is still not a teacher's, with or without it
    const paying = await call(teacherAgent, 'PUT', url, { toPay: 2, version: version + 1 });
    expect(paying.statusCode, paying.body).toBe(403);
    expect(await readEvent(e.id)).toMatchObject({ attendence: 3, toPay: 1 });
  });

  it('may neither add nor remove students', async () => {
    const { own } = await twoLessons();
    const e = await participation(own.id);
    const removed = await call(teacherAgent, 'DELETE', `/api/events/${e.id}`);
    expect(removed.statusCode).toBe(403);
    expect((await call(admin, 'GET', `/api/events/${e.id}`)).statusCode).toBe(200);
    await call(admin, 'DELETE', `/api/events/${e.id}`);
    const added = await call(teacherAgent, 'POST', '/api/events', { lesson: own.id, student });
    expect(added.statusCode).toBe(403);
    const listed = await call(admin, 'GET', `/api/events?lesson=${own.id}`);
    expect(listed.json<EventJson[]>()).toEqual([]);
  });

  it("writes nothing in another teacher's lesson and sees no amounts there", async () => {
    const { own, others } = await twoLessons();
    const e = await participation(others.id);
    await participation(own.id);
    const before = await readEvent(e.id);
    const res = await call(teacherAgent, 'PUT', `/api/events/${e.id}`, { attendence: 1 });
    expect(res.statusCode).toBe(403);
    expect(await readEvent(e.id)).toEqual(before);

    const theirs = await call(teacherAgent, 'GET', `/api/events?lesson=${others.id}`);
    expect(theirs.json<EventJson[]>().map((x) => x.amount)).toEqual([null]);
    const one = await call(teacherAgent, 'GET', `/api/events/${e.id}`);
    expect(one.json<EventJson>().amount).toBeNull();
    const mine = await call(teacherAgent, 'GET', `/api/events?lesson=${own.id}`);
    expect(mine.json<EventJson[]>().map((x) => x.amount)).toEqual([60]);
  });
});

describe('admin and manager', () => {
  it('change any lesson and participation, with every amount', async () => {
    for (const agent of [admin, managerAgent]) {
      const { date, own, others } = await twoLessons();
      const e = await participation(others.id);
      const paid = await call(agent, 'PUT', `/api/events/${e.id}`, { isPaid: true, toPay: 1 });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<EventJson>().amount).toBe(60);
      const moved = await call(agent, 'PUT', `/api/lessons/${others.id}`, { course: 'Moved' });
      expect(moved.statusCode, moved.body).toBe(200);
      const days = await call(agent, 'GET', `/api/schedule?dateFrom=${date}&dateTo=${date}`);
      expect(days.json<DayJson[]>()[0]?.lessons.every((l) => l.amount !== null)).toBe(true);
      expect((await call(agent, 'DELETE', `/api/lessons/${own.id}`)).statusCode).toBe(204);
    }
  });
});
