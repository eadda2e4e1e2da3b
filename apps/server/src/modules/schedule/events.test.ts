import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../../test/helper.js';
import { addDays, dayOfWeek, mondayOf, todayIn, weekOf } from './schedule.dates.js';

let t: TestApp & { user: { id: number; login: string; password: string } };
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });
const del = (url: string) => agent.request({ method: 'DELETE', url });

let weekCounter = 1;
const freshMonday = () => mondayOf(addDays(todayIn('UTC'), 7 * (weekCounter += 3)));
/** A Monday weeks ago, of this file's own (the lessons there have taken place). */
const pastMonday = () => mondayOf(addDays(todayIn('UTC'), -7 * (weekCounter += 3)));

async function newLesson(payload: Record<string, unknown>) {
  const res = await post('/api/lessons', { start: '10:00', end: '11:00', price: 60, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; series: number | null; date: string }>();
}
async function newStudent(name: string, groupe?: number) {
  const res = await post('/api/students', { name, surname: 'Test', groupe });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
interface EventJson {
  id: number;
  student: number;
  lesson: number;
  [k: string]: unknown;
}

describe('events', () => {
  it('adds, reads, marks and removes a participation', async () => {
    const lesson = await newLesson({ date: freshMonday(), duration: 45 });
    const student = await newStudent('Anna');
    const res = await post('/api/events', { lesson: lesson.id, student, toPay: '1', notes: 'new' });
    expect(res.statusCode).toBe(201);
    const created = res.json<EventJson>();
    expect(created).toMatchObject({
      student,
      studentName: 'Anna Test',
      lesson: lesson.id,
      toPay: 1,
      attendence: 0,
      isPaid: false,
      notes: 'new',
      date: lesson.date,
      start: '10:00',
      end: '11:00',
      amount: 45,
    });
    expect((await get(`/api/events/${created.id}`)).json()).toEqual(created);
    const marked = await put(`/api/events/${created.id}`, {
      attendence: 1,
      isPaid: true,
      homework: 'p. 12',
      start: '10:15',
    });
    expect(marked.json()).toMatchObject({
      attendence: 1,
      isPaid: true,
      homework: 'p. 12',
      start: '10:15',
    });
    expect((await put(`/api/events/${created.id}`, { toPay: 5 })).json()).toMatchObject({
      fields: { toPay: expect.any(String) },
    });
    expect((await put(`/api/events/${created.id}`, { isPaid: 'maybe' })).statusCode).toBe(400);
    expect((await get('/api/events/abc')).statusCode).toBe(400);
    expect((await del(`/api/events/${created.id}`)).statusCode).toBe(204);
    expect((await get(`/api/events/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const lesson = await newLesson({ date: freshMonday() });
    const student = await newStudent('Bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ student }, 'lesson'],
      [{ lesson: 99999, student }, 'lesson'],
      [{ lesson: lesson.id, student: 99999 }, 'student'],
      [{ lesson: lesson.id }, 'student'],
      [{ lesson: lesson.id, groupe: 99999 }, 'groupe'],
      [{ lesson: lesson.id, student, attendence: 'x' }, 'attendence'],
      [{ lesson: lesson.id, student, toPay: 3 }, 'toPay'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/events', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
    }
  });

  it('takes a student into a lesson once, also when asked at the same moment', async () => {
    const lesson = await newLesson({ date: freshMonday() });
    const student = await newStudent('Twice');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/events', { lesson: lesson.id, student })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      error: 'conflict',
      fields: { student: 'takes part in this lesson already' },
    });
    expect((await get(`/api/events?lesson=${lesson.id}`)).json()).toHaveLength(1);
  });

  it('adds a whole group, skipping those already in, and a series copies them forward', async () => {
    const group = (await post('/api/groups', { name: `Group ${Date.now()}` })).json<{
      id: number;
    }>().id;
    const members = [await newStudent('G1', group), await newStudent('G2', group)];
    const series = await newLesson({ date: freshMonday(), isCycled: 1 });
    await post('/api/events', { lesson: series.id, student: members[0], scope: 'this' });
    const res = await post('/api/events', { lesson: series.id, groupe: group });
    expect(res.statusCode).toBe(201);
    const batch = res.json<{ created: EventJson[]; skipped: number[] }>();
    expect(batch.created.map((e) => e.student)).toEqual([members[1]]);
    expect(batch.skipped).toEqual([members[0]]);
    // the group joined the series: its later lessons have both members
    const later = (await get(`/api/lessons?series=${series.series}`)).json<
      { id: number; participants: number }[]
    >();
    expect(later.length).toBeGreaterThan(1);
    expect(later.every((l) => l.participants === 2)).toBe(true);
  });

  it('filters a student’s participations and sums them in the info panel', async () => {
    const student = await newStudent('Filter');
    const monday = pastMonday();
    const lessons = await Promise.all(
      [0, 1, 2, 3].map((i) => newLesson({ date: addDays(monday, i), price: 90, duration: 60 })),
    );
    const marks = [
      { attendence: 1, isPaid: true, toPay: 1 },
      { attendence: 2, isPaid: false, toPay: 1 },
      { attendence: 1, isPaid: false, toPay: 0 },
      { attendence: 0, isPaid: false, toPay: 2, notes: 'trial lesson' },
    ];
    for (const [i, l] of lessons.entries()) {
      expect((await post('/api/events', { lesson: l.id, student, ...marks[i] })).statusCode).toBe(
        201,
      );
    }
    // a lesson weeks ahead: listed, but not yet counted in the panel nor on the timeline
    const ahead = await newLesson({ date: freshMonday(), price: 90, duration: 60 });
    await post('/api/events', { lesson: ahead.id, student, toPay: 1 });
    const list = async (query: string) =>
      (await get(`/api/events?student=${student}&${query}`)).json<{ date: string }[]>();
    expect((await list('')).map((e) => e.date)).toEqual([
      ahead.date,
      ...[3, 2, 1, 0].map((i) => addDays(monday, i)),
    ]);
    // isPaid is derived (docs/money.md): the ticked one and the one of toPay 2, charged nothing
    expect(await list('isPaid=1')).toHaveLength(2);
    expect(await list('isPaid=0')).toHaveLength(3);
    expect(await list('isPaid=true')).toHaveLength(2);
    expect(await list('isPaid=false')).toHaveLength(3);
    expect(await list('isPaid=2')).toHaveLength(3);
    const maybe = await get(`/api/events?student=${student}&isPaid=maybe`);
    expect(maybe.statusCode).toBe(400);
    expect(maybe.json()).toMatchObject({ fields: { isPaid: 'must be true, false, 1, 0 or 2' } });
    expect(await list('attendence=1')).toHaveLength(2);
    expect(await list('toPay=2')).toHaveLength(1);
    expect(await list('search=trial')).toHaveLength(1);
    expect(await list(`dateFrom=${addDays(monday, 1)}&dateTo=${addDays(monday, 2)}`)).toHaveLength(
      2,
    );
    expect((await get(`/api/events?student=${student}&toPay=7`)).statusCode).toBe(400);
    expect((await get(`/api/events?student=${student}&dateFrom=soon`)).statusCode).toBe(400);

    const panel = await get(`/api/events/infopanel?student=${student}`);
    expect(panel.json()).toEqual([
      { id: 'lessons', name: 'Lessons', value: 4 },
      { id: 'attended', name: 'Attended', value: 2 },
      { id: 'absences', name: 'Absences', value: 1 },
      { id: 'paid', name: 'Paid', value: 2 },
      // two unpaid lessons that count (toPay 0 and 1) at 90 zł an hour
      { id: 'toPay', name: 'To pay', value: 180 },
    ]);
    expect((await get('/api/events/infopanel')).statusCode).toBe(400);
    expect((await get('/api/events/infopanel?student=99999')).statusCode).toBe(404);

    // a student who took part in lessons is not deleted
    const refused = await del(`/api/students/${student}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'linked' });
    // and the participation shows on the student's timeline
    const timeline = (await get(`/api/students/${student}/timeline`)).json<{ kind: string }[]>();
    expect(timeline.filter((e) => e.kind === 'participation')).toHaveLength(4);
  });
});

describe('schedule', () => {
  it('answers the Monday–Sunday week of bias in the given time zone across a DST change', async () => {
    // the week holding the last Sunday of March (Warsaw goes to summer time that night)
    const today = todayIn('Europe/Warsaw');
    let march = `${today.slice(0, 4)}-03-31`;
    if (march < today) march = `${Number(today.slice(0, 4)) + 1}-03-31`;
    const lastSunday = addDays(march, -(dayOfWeek(march) % 7));
    const bias = Math.round(
      (Date.parse(mondayOf(lastSunday)) - Date.parse(mondayOf(today))) / (7 * 86_400_000),
    );
    const sunday = await newLesson({ date: lastSunday, start: '09:00', end: '10:00' });
    const monday = await newLesson({ date: addDays(lastSunday, 1), start: '09:00', end: '10:00' });
    const res = await get(`/api/schedule?bias=${bias}&tz=Europe/Warsaw`);
    expect(res.statusCode).toBe(200);
    const days =
      res.json<{ id: string; date: string; dayOfWeek: number; lessons: { id: number }[] }[]>();
    expect(days.map((d) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(mondayOf(lastSunday), i)),
    );
    expect(days[6]?.lessons.map((l) => l.id)).toContain(sunday.id);
    const next = (await get(`/api/schedule?bias=${bias + 1}&tz=Europe/Warsaw`)).json<
      { date: string; lessons: { id: number }[] }[]
    >();
    expect(next[0]).toMatchObject({ date: addDays(lastSunday, 1) });
    expect(next[0]?.lessons.map((l) => l.id)).toContain(monday.id);
    expect(weekOf(bias, 'Europe/Warsaw').from).toBe(mondayOf(lastSunday));
    // without tz: the zone the user logged in with
    expect((await get(`/api/schedule?bias=${bias}`)).json()).toHaveLength(7);
    expect((await get('/api/schedule?tz=Mars/Olympus')).json()).toMatchObject({
      fields: { tz: expect.any(String) },
    });
  });

  it('answers every day of a range, the weekly template, and the info panel', async () => {
    const monday = freshMonday();
    const student = await newStudent('Panel');
    // a teacher of its own: other tests' series run through these weeks too
    const teacher = (await createUser(t, { firstName: 'Range' })).id;
    const a = await newLesson({ date: monday, price: 100, duration: 60, teacher });
    const b = await newLesson({
      date: addDays(monday, 2),
      price: 100,
      duration: 30,
      isCycled: 1,
      teacher,
    });
    await post('/api/events', { lesson: a.id, student, attendence: 1, isPaid: true });
    await post('/api/events', { lesson: b.id, student, attendence: 2, scope: 'this' });
    const range = `dateFrom=${monday}&dateTo=${addDays(monday, 9)}&teacher=${teacher}`;
    const days = (await get(`/api/schedule?${range}`)).json<
      { date: string; earned: number; hours: number; lessons: unknown[] }[]
    >();
    expect(days).toHaveLength(10);
    expect(days[0]).toMatchObject({ date: monday, earned: 100, hours: 1 });
    expect(days[2]).toMatchObject({ earned: 50, hours: 0.5 });
    const panel = (await get(`/api/schedule/infopanel?${range}`)).json<
      { id: string; value: number }[]
    >();
    expect(Object.fromEntries(panel.map((p) => [p.id, p.value]))).toEqual({
      lessons: 3,
      hours: 2,
      earned: 150,
      unpaid: 50,
      students: 1,
      attendanceRate: 50,
    });
    expect(
      (await get(`/api/schedule?dateFrom=${monday}&dateTo=${addDays(monday, -1)}`)).json(),
    ).toMatchObject({ fields: { dateTo: expect.any(String) } });
    expect(
      (await get(`/api/schedule?dateFrom=${monday}&dateTo=${addDays(monday, 400)}`)).statusCode,
    ).toBe(400);
    expect((await get('/api/schedule?bias=x')).statusCode).toBe(400);

    const template = (await get('/api/schedule?cycled=1')).json<
      { id: string; dayOfWeek: number; lessons: { series: number }[] }[]
    >();
    expect(template.map((d) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(template.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `cycled-${n}`));
    const wednesday = template[2]?.lessons.filter((l) => l.series === b.series);
    expect(wednesday).toHaveLength(1);
    expect(template.flatMap((d) => d.lessons).filter((l) => l.series === b.series)).toHaveLength(1);

    // an occurrence moved to another day does not move the series in the template
    const moved = await agent.request({
      method: 'PUT',
      url: `/api/lessons/${b.id}`,
      payload: { date: addDays(monday, 3), scope: 'this', force: true },
    });
    expect(moved.statusCode).toBe(200);
    const after = (await get('/api/schedule?cycled=1')).json<
      { dayOfWeek: number; lessons: { series: number }[] }[]
    >();
    const onDays = after.flatMap((d) =>
      d.lessons.filter((l) => l.series === b.series).map(() => d.dayOfWeek),
    );
    expect(onDays).toEqual([3]);
  });
});

describe('iCal feed', () => {
  it('serves a teacher’s lessons at a secret address that can be replaced', async () => {
    const teacher = await createUser(t, {
      firstName: 'Feed',
      lastName: 'Teacher',
      role: 'teacher',
    });
    const own = await login(t.app, teacher);
    const date = addDays(todayIn('UTC'), 2);
    await newLesson({ date, teacher: teacher.id, start: '10:00', end: '11:30', course: 'Feed A2' });
    const none = await own.request({ method: 'GET', url: '/api/me/ical' });
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^application\/json/);
    expect(none.json()).toBeNull();
    const made = await own.request({ method: 'POST', url: '/api/me/ical' });
    expect(made.statusCode).toBe(200);
    const { url, token } = made.json<{ url: string; token: string }>();
    expect(url).toMatch(new RegExp(`/api/ical/${token}\\.ics$`));
    expect((await own.request({ method: 'GET', url: '/api/me/ical' })).json()).toMatchObject({
      token,
    });

    const feed = await t.app.inject({ method: 'GET', url: `/api/ical/${token}.ics` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('SUMMARY:Feed A2');
    // the school's clock time in its zone (docs/schedule.md, Calendar feed)
    expect(feed.body).toContain(`DTSTART;TZID=Europe/Kyiv:${date.replaceAll('-', '')}T100000`);
    expect(feed.body).toContain(`DTEND;TZID=Europe/Kyiv:${date.replaceAll('-', '')}T113000`);

    // an admin draws a new address: the old one answers 404
    const again = await post(`/api/users/${teacher.id}/ical`, {});
    expect(again.statusCode).toBe(200);
    const fresh = again.json<{ token: string }>().token;
    expect(fresh).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: `/api/ical/${token}.ics` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/ical/${fresh}.ics` })).statusCode).toBe(
      200,
    );
    // a teacher may not replace someone else's address (docs/roles.md)
    const refused = await own.request({ method: 'POST', url: `/api/users/${t.user.id}/ical` });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/ical/nope.ics' })).statusCode).toBe(404);
  });
});
