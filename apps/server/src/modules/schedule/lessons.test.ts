import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { extendDue, extendSeries, seriesHorizon } from './lessons.queries.js';
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
const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });
const del = (url: string) => agent.request({ method: 'DELETE', url });

interface LessonJson {
  id: number;
  date: string;
  start: string;
  end: string;
  series: number | null;
  nextId: number | null;
  amount: number;
  payers: number;
  participants: number;
  isCycled: number;
  [k: string]: unknown;
}

/** A Monday some weeks ahead, so every test has days of its own. */
let weekCounter = 2;
const freshMonday = () => mondayOf(addDays(todayIn('UTC'), 7 * (weekCounter += 3)));

async function newLesson(payload: Record<string, unknown>) {
  const res = await post('/api/lessons', { start: '10:00', end: '11:00', price: 120, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LessonJson>();
}
async function newStudent(name = 'Olena') {
  const res = await post('/api/students', { name, surname: 'Koval' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('lessons', () => {
  it('creates, reads, lists by date, edits and deletes a lesson', async () => {
    const date = freshMonday();
    const created = await newLesson({
      date,
      start: '09:30',
      end: '11:00',
      price: '80.50',
      teacher,
      course: 'B1 grammar',
      comment: 'Room 2',
      resources: 'Unit 5',
      homework: 'Ex. 3',
      hasBroadcast: true,
    });
    expect(created).toMatchObject({
      date,
      start: '09:30',
      end: '11:00',
      price: 80.5,
      duration: 90,
      teacher,
      teacherName: 'Iryna Teach',
      isCycled: 2,
      series: null,
      course: 'B1 grammar',
      hasBroadcast: true,
      participants: 0,
      amount: 0,
    });
    expect((await get(`/api/lessons/${created.id}`)).json()).toEqual(created);
    const list = await get(`/api/lessons?date=${date}`);
    expect(list.json<LessonJson[]>().map((l) => l.id)).toEqual([created.id]);
    expect(list.headers['x-total-count']).toBe('1');

    const edited = await put(`/api/lessons/${created.id}`, { comment: 'Room 3', duration: 60 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ comment: 'Room 3', duration: 60, course: 'B1 grammar' });
    const moved = await put(`/api/lessons/${created.id}`, { date: addDays(date, 2) });
    expect(moved.json()).toMatchObject({ date: addDays(date, 2) });

    expect((await del(`/api/lessons/${created.id}`)).statusCode).toBe(204);
    expect((await get(`/api/lessons/${created.id}`)).statusCode).toBe(404);
    expect((await del(`/api/lessons/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for each kind of bad input', async () => {
    const date = freshMonday();
    const cases: [Record<string, unknown>, string][] = [
      [{ date, start: '11:00', end: '10:00' }, 'end'],
      [{ date, duration: -5 }, 'duration'],
      [{ date, duration: 'long' }, 'duration'],
      [{ date, price: -1 }, 'price'],
      [{ date, price: 1.234 }, 'price'],
      [{ date, teacher: 99999 }, 'teacher'],
      [{ date, groupe: 99999 }, 'groupe'],
      [{ date: '2025-02-30' }, 'date'],
      [{ date, start: '25:00' }, 'start'],
      [{ date, isCycled: 3 }, 'isCycled'],
      [{ date, course: 'x'.repeat(201) }, 'course'],
      [{ date, hasBroadcast: 'yes' }, 'hasBroadcast'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/lessons', { start: '10:00', end: '11:00', ...payload });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
    }
    const lesson = await newLesson({ date });
    const bad = await put(`/api/lessons/${lesson.id}`, { end: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { end: expect.any(String) } });
    expect((await put(`/api/lessons/${lesson.id}`, { teacher: 99999 })).json()).toMatchObject({
      fields: { teacher: 'does not exist' },
    });
    expect((await get('/api/lessons/abc')).statusCode).toBe(400);
    expect((await get('/api/lessons/99999')).statusCode).toBe(404);
    expect((await get('/api/lessons?date=tomorrow')).statusCode).toBe(400);
  });

  it('computes the amount from price, duration and the participants who pay', async () => {
    const date = freshMonday();
    const lesson = await newLesson({ date, price: '12.50', duration: '90' });
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((n) => newStudent(n)));
    for (const [student, toPay] of [
      [a, 0],
      [b, 1],
      [c, 1],
      [d, 2],
    ] as const) {
      expect((await post('/api/events', { lesson: lesson.id, student, toPay })).statusCode).toBe(
        201,
      );
    }
    const read = (await get(`/api/lessons/${lesson.id}`)).json<LessonJson>();
    // 12.50 / 60 × 90 × 3 payers (toPay 0 or 1; the one with 2 does not count)
    expect(read).toMatchObject({ participants: 4, payers: 3, amount: 56.25 });
    const day = (await get(`/api/schedule?dateFrom=${date}&dateTo=${date}`)).json<
      { earned: number; hours: number }[]
    >();
    expect(day[0]).toMatchObject({ earned: 56.25, hours: 1.5 });
  });

  it('refuses a lesson on a busy teacher with 409 clash, unless forced', async () => {
    const date = freshMonday();
    const first = await newLesson({ date, teacher, start: '10:00', end: '11:00' });
    const res = await post('/api/lessons', {
      date,
      teacher,
      start: '10:30',
      end: '11:30',
      price: 100,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'clash',
      clashes: [{ date, kind: 'teacher', id: teacher, name: 'Iryna Teach', lesson: first.id }],
    });
    // back to back is not a clash; another teacher is not either
    await newLesson({ date, teacher, start: '11:00', end: '12:00' });
    await newLesson({ date, teacher: other, start: '10:30', end: '11:30' });
    const forced = await post('/api/lessons', {
      date,
      teacher,
      start: '10:30',
      end: '11:30',
      force: true,
    });
    expect(forced.statusCode).toBe(201);

    // moving a lesson onto a participant's other lesson clashes too
    const student = await newStudent('Busy');
    await post('/api/events', { lesson: first.id, student });
    const late = await newLesson({ date, teacher: other, start: '15:00', end: '16:00' });
    await post('/api/events', { lesson: late.id, student });
    const move = await put(`/api/lessons/${late.id}`, { start: '10:15', end: '10:45' });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({
      error: 'clash',
      clashes: expect.arrayContaining([expect.objectContaining({ kind: 'student', id: student })]),
    });
    const forcedMove = await put(`/api/lessons/${late.id}`, {
      start: '10:15',
      end: '10:45',
      force: true,
    });
    expect(forcedMove.json()).toMatchObject({ start: '10:15', end: '10:45', duration: 30 });
  });

  it('lists the alternative dates of a lesson, free or clashing', async () => {
    const monday = freshMonday();
    const wednesday = addDays(monday, 2);
    const lesson = await newLesson({ date: wednesday, teacher, isCycled: 1 });
    const blocker = await newLesson({
      date: addDays(monday, 4),
      teacher,
      start: '10:30',
      end: '12:00',
    });
    const res = await get(`/api/lessons/${lesson.id}/alternatives`);
    expect(res.statusCode).toBe(200);
    const alternatives = res.json<{ date: string; status: string; dayOfWeek: number }[]>();
    expect(alternatives.map((a) => a.date)).toEqual([
      monday,
      addDays(monday, 1),
      addDays(monday, 3),
      addDays(monday, 4),
      addDays(monday, 5),
      addDays(monday, 6),
      addDays(wednesday, 7),
    ]);
    const friday = alternatives.find((a) => a.date === addDays(monday, 4));
    expect(friday).toMatchObject({ status: 'clashing', dayOfWeek: 5 });
    expect(friday).toMatchObject({ clashes: [{ lesson: blocker.id, kind: 'teacher' }] });
    expect(alternatives.find((a) => a.date === monday)).toMatchObject({ status: 'free' });
    // next week's lesson of the same series is its own, not a clash
    expect(alternatives.at(-1)).toMatchObject({ status: 'free' });

    // choosing one moves that occurrence only
    const moved = await put(`/api/lessons/${lesson.id}`, { date: monday });
    expect(moved.json()).toMatchObject({ date: monday, series: lesson.series });
    const next = (await get(`/api/lessons/${lesson.nextId}`)).json<LessonJson>();
    expect(next.date).toBe(addDays(wednesday, 7));
  });
});

describe('weekly series', () => {
  it('materialises a series 8 weeks ahead with its participants, linked week to week', async () => {
    const monday = freshMonday();
    const first = await newLesson({ date: monday, isCycled: 1, teacher: other, course: 'A2' });
    expect(first).toMatchObject({ isCycled: 1, series: expect.any(Number) });
    const student = await newStudent('Series');
    const join = await post('/api/events', { lesson: first.id, student, toPay: 1 });
    expect(join.statusCode).toBe(201);

    const all = (await get(`/api/lessons?series=${first.series}`)).json<LessonJson[]>();
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all[0]?.id).toBe(first.id);
    all.forEach((l, i) => {
      expect(l.date).toBe(addDays(monday, 7 * i));
      expect(l.nextId).toBe(all[i + 1]?.id ?? null);
      expect(l).toMatchObject({ participants: 1, amount: 120, course: 'A2' });
    });
    expect((all.at(-1)?.date ?? '') >= seriesHorizon()).toBe(true);

    // reading further ahead makes the later weeks, with the participant copied forward
    const later = addDays(monday, 7 * 15);
    const far = (await get(`/api/lessons?date=${later}&series=${first.series}`)).json<
      LessonJson[]
    >();
    expect(far).toHaveLength(1);
    expect(far[0]).toMatchObject({ participants: 1 });
  });

  it('makes each week once when two instances extend the same series at once', async () => {
    const monday = freshMonday();
    const first = await newLesson({ date: monday, isCycled: 1 });
    const series = first.series ?? 0;
    const until = addDays(monday, 7 * 30);
    await Promise.all([
      extendSeries(t.database.db, series, until),
      extendSeries(t.database.db, series, until),
      extendDue(t.database.db, until),
      extendDue(t.database.db, until),
    ]);
    await extendSeries(t.database.db, series, until);
    const counts = await t.database.db.execute<{ n: number; slots: number }>(
      sql`select count(*)::int n, count(distinct slot_date)::int slots from lessons where series_id = ${series}`,
    );
    expect(counts.rows[0]).toEqual({ n: 31, slots: 31 });
  });

  it('shows a series made after the schedule was read today, within the horizon and past it', async () => {
    // a read today, within the horizon and past it: the series are made sure of for the day
    expect((await get('/api/schedule?bias=0')).statusCode).toBe(200);
    expect((await get('/api/schedule?bias=20')).statusCode).toBe(200);
    const monday = freshMonday();
    const first = await newLesson({ date: monday, isCycled: 1, course: 'Later' });
    const weekOf = async (date: string) =>
      (await get(`/api/schedule?dateFrom=${date}&dateTo=${addDays(date, 6)}`))
        .json<{ lessons: LessonJson[] }[]>()
        .flatMap((day) => day.lessons)
        .filter((l) => l.series === first.series);
    // in its first 8 weeks: made with the series
    expect(await weekOf(addDays(monday, 7 * 4))).toHaveLength(1);
    // past the horizon: made when a read reaches it, on the same day
    expect(await weekOf(addDays(monday, 7 * 14))).toHaveLength(1);
  });

  it('previews, then changes or deletes this or the following lessons of a series', async () => {
    const monday = freshMonday();
    const first = await newLesson({ date: monday, isCycled: 1, course: 'Old' });
    const all = (await get(`/api/lessons?series=${first.series}`)).json<LessonJson[]>();
    const third = all[2] as LessonJson;

    const preview = await get(`/api/lessons/${third.id}/affected?scope=following`);
    expect(preview.statusCode).toBe(200);
    const affected = preview.json<{ lessons: { id: number }[] }>().lessons.map((l) => l.id);
    expect(affected).toEqual(all.slice(2).map((l) => l.id));
    expect((await get(`/api/lessons/${third.id}/affected`)).json()).toMatchObject({
      scope: 'this',
      lessons: [{ id: third.id }],
    });
    // the preview changed nothing
    expect((await get(`/api/lessons/${third.id}`)).json()).toMatchObject({ course: 'Old' });

    await put(`/api/lessons/${third.id}`, { course: 'New', scope: 'following' });
    const after = (await get(`/api/lessons?series=${first.series}`)).json<LessonJson[]>();
    expect(after.map((l) => l.course)).toEqual(all.map((_, i) => (i < 2 ? 'Old' : 'New')));

    // a 'following' move takes the series to the new weekday from there on
    const move = await put(`/api/lessons/${third.id}`, {
      date: addDays(third.date, 1),
      scope: 'following',
    });
    expect(move.statusCode).toBe(200);
    const movedSeries = move.json<LessonJson>().series;
    expect(movedSeries).not.toBe(first.series);
    const moved = (await get(`/api/lessons?series=${movedSeries}`)).json<LessonJson[]>();
    expect(moved.map((l) => l.date)).toEqual(all.slice(2).map((l) => addDays(l.date, 1)));
    expect((await get(`/api/lessons/${all[1]?.id}`)).json()).toMatchObject({ nextId: null });

    // delete one: it is not made again; delete the following: the series ends
    expect((await del(`/api/lessons/${moved[0]?.id}`)).statusCode).toBe(204);
    await extendDue(t.database.db, addDays(monday, 7 * 20));
    expect((await get(`/api/lessons/${moved[0]?.id}`)).statusCode).toBe(404);
    expect((await del(`/api/lessons/${moved[2]?.id}?scope=following`)).statusCode).toBe(204);
    await extendDue(t.database.db, addDays(monday, 7 * 20));
    const left = (await get(`/api/lessons?series=${movedSeries}`)).json<LessonJson[]>();
    expect(left.map((l) => l.id)).toEqual([moved[1]?.id]);
    expect((await get(`/api/lessons/${first.id}?scope=nope`)).statusCode).toBe(200);
    expect((await del(`/api/lessons/${first.id}?scope=nope`)).statusCode).toBe(400);
  });
});
