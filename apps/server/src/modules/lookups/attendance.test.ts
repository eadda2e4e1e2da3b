import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@school/contract/paths';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
});

const get = (url: string) => agent.request({ method: 'GET', url });
const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });

describe('attendance statuses (docs/money.md, Attendance statuses)', () => {
  it('are seeded 0 to 5: 0, 1, 2 and 4 charge and pay the teacher, 3 and 5 neither', async () => {
    const res = await get(api.attendanceStatuses);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.json()).toEqual([
      {
        id: 0,
        name: 'Not marked',
        key: 'attendance.notMarked',
        charge: true,
        payTeacher: true,
        version: 1,
      },
      {
        id: 1,
        name: 'Present',
        key: 'attendance.present',
        charge: true,
        payTeacher: true,
        version: 1,
      },
      {
        id: 2,
        name: 'Absent',
        key: 'attendance.absent',
        charge: true,
        payTeacher: true,
        version: 1,
      },
      {
        id: 3,
        name: 'Excused',
        key: 'attendance.excused',
        charge: false,
        payTeacher: false,
        version: 1,
      },
      {
        id: 4,
        name: 'Late cancel',
        key: 'attendance.lateCancel',
        charge: true,
        payTeacher: true,
        version: 1,
      },
      {
        id: 5,
        name: 'Cancelled by the school',
        key: 'attendance.cancelledBySchool',
        charge: false,
        payTeacher: false,
        version: 1,
      },
    ]);
  });

  it('an admin edits the flags and the name; a rename drops the key; none is made or deleted', async () => {
    const flags = await put(api.attendanceStatus(4), { charge: false });
    expect(flags.statusCode, flags.body).toBe(200);
    expect(flags.json()).toMatchObject({ id: 4, key: 'attendance.lateCancel', charge: false });
    const renamed = await put(api.attendanceStatus(4), { name: 'Cancelled late', charge: true });
    expect(renamed.json()).toMatchObject({ name: 'Cancelled late', key: null, charge: true });
    expect((await put(api.attendanceStatus(4), { charge: 'maybe' })).statusCode).toBe(400);
    expect((await put(api.attendanceStatus(9), { charge: true })).statusCode).toBe(404);
    expect((await put(api.attendanceStatus(-1), { charge: true })).statusCode).toBe(400);
    const zero = await put(api.attendanceStatus(0), { charge: true });
    expect(zero.statusCode, zero.body).toBe(200);
    const made = await agent.request({ method: 'POST', url: api.attendanceStatuses, payload: {} });
    expect(made.statusCode).toBe(404);
    const history = await get(`${api.attendanceStatus(4)}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json<unknown[]>().length).toBe(2);
  });

  it('an edit sent on an older version is 409 naming what changed, and changes nothing (ADR 038)', async () => {
    const before = (await get(api.attendanceStatus(5))).json<{
      version: number;
      charge: boolean;
    }>();
    const theirs = await put(api.attendanceStatus(5), { charge: true, version: before.version });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ charge: true, version: before.version + 1 });
    const mine = await put(api.attendanceStatus(5), {
      payTeacher: true,
      version: before.version,
    });
    expect(mine.statusCode, mine.body).toBe(409);
    expect(mine.json()).toMatchObject({ error: 'conflict', changed: ['charge'] });
    expect((await get(api.attendanceStatus(5))).json()).toMatchObject({
      charge: true,
      payTeacher: false,
      version: before.version + 1,
    });
    const back = await put(api.attendanceStatus(5), {
      charge: false,
      version: before.version + 1,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('a manager and a teacher read them; only an admin edits them', async () => {
    for (const role of ['manager', 'teacher'] as const) {
      const other = await login(t.app, await createUser(t, { role }));
      expect((await other.request({ method: 'GET', url: api.attendanceStatuses })).statusCode).toBe(
        200,
      );
      const res = await other.request({
        method: 'PUT',
        url: api.attendanceStatus(1),
        payload: { charge: false },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('a participation takes an attendance of 0 to 5 only', async () => {
    const lesson = await agent.request({
      method: 'POST',
      url: api.lessons,
      payload: { date: '2030-01-07', start: '10:00', end: '11:00', price: 60 },
    });
    const student = await agent.request({
      method: 'POST',
      url: api.students,
      payload: { name: 'Marta', surname: 'Status' },
    });
    const made = await agent.request({
      method: 'POST',
      url: api.events,
      payload: {
        lesson: lesson.json<{ id: number }>().id,
        student: student.json<{ id: number }>().id,
      },
    });
    const id = made.json<{ id: number }>().id;
    expect((await put(api.event(id), { attendence: 4 })).json()).toMatchObject({ attendence: 4 });
    for (const attendence of [6, -1, 'x']) {
      const res = await put(api.event(id), { attendence });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.attendence).toBeTruthy();
    }
    expect((await get(`${api.events}?attendence=7`)).statusCode).toBe(400);
    expect((await get(api.event(id))).json()).toMatchObject({ attendence: 4 });
  });
});
