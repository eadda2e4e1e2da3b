import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@school/contract/audit';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../../test/helper.js';
import { addDays, mondayOf, todayIn } from './schedule.dates.js';

/** docs/history.md: lessons, series and participations leave their entries. */

let t: AppFixture;
let admin: Agent;
let teacherAgent: Agent;
let teacherId: number;

beforeAll(async () => {
  t = await setupApp({ admin: true });
  admin = t.agent;
  const teacher = await createUser(t, { role: 'teacher' });
  teacherId = teacher.id;
  teacherAgent = await login(t.app, teacher);
});

const monday = mondayOf(addDays(todayIn('UTC'), 21));
const history = async (agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  return { status: res.statusCode, list: res.statusCode === 200 ? res.json<AuditEntry[]>() : [] };
};

describe('history of the schedule', () => {
  it('records a lesson, its participants, a change of the following lessons and the deletes', async () => {
    const made = await admin.request({
      method: 'POST',
      url: '/api/lessons',
      payload: { date: monday, start: '10:00', end: '11:00', price: 100, isCycled: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const first = made.json<{ id: number; series: number }>();
    const { list: created } = await history(admin, `/api/audit?entity=lessons&action=create`);
    expect(created.length).toBeGreaterThanOrEqual(8);

    const student = (
      await admin.request({ method: 'POST', url: '/api/students', payload: { name: 'Olha' } })
    ).json<{ id: number }>().id;
    const joined = await admin.request({
      method: 'POST',
      url: '/api/events',
      payload: { lesson: first.id, student },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const eventId = joined.json<{ id: number }>().id;
    const joinedAll = await history(admin, `/api/audit?entity=events&action=create`);
    expect(joinedAll.list.length).toBe(created.length);

    const marked = await admin.request({
      method: 'PUT',
      url: `/api/events/${eventId}`,
      payload: { attendence: 1, notes: 'on time' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const { list: eventHistory } = await history(admin, `/api/events/${eventId}/history`);
    expect(eventHistory[0]).toMatchObject({
      action: 'update',
      changes: { attendence: [0, 1], notes: ['', 'on time'] },
    });

    const moved = await admin.request({
      method: 'PUT',
      url: `/api/lessons/${first.id}`,
      payload: { start: '12:00', end: '13:00', scope: 'following' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const { list: updates } = await history(admin, `/api/audit?entity=lessons&action=update`);
    expect(updates.length).toBe(created.length);
    expect(updates[0]!.changes).toMatchObject({ start: ['10:00:00', '12:00:00'] });

    // a teacher reads a lesson's history; the participations of another's lesson are 404
    expect((await history(teacherAgent, `/api/lessons/${first.id}/history`)).status).toBe(200);
    expect((await history(teacherAgent, `/api/events/${eventId}/history`)).status).toBe(404);

    const gone = await admin.request({ method: 'DELETE', url: `/api/lessons/${first.id}` });
    expect(gone.statusCode).toBe(204);
    const { list: lessonHistory } = await history(admin, `/api/lessons/${first.id}/history`);
    expect(lessonHistory.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const { list: afterDelete } = await history(admin, `/api/events/${eventId}/history`);
    expect(afterDelete[0]).toMatchObject({ action: 'delete', entityId: eventId });
    // deleted, the participation of a student not theirs stays 404 to a teacher (docs/roles.md)
    expect((await history(teacherAgent, `/api/events/${eventId}/history`)).status).toBe(404);
    expect(teacherId).toBeGreaterThan(0);
  });

  it("a teacher reads a deleted participation's history only if its lesson was theirs", async () => {
    const date = addDays(monday, 2);
    const lessonOf = async (teacher: number, start: string, end: string) => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/lessons',
        payload: { date, start, end, price: 100, teacher },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const other = await createUser(t, { login: 'teacher.other', role: 'teacher' });
    const mine = await lessonOf(teacherId, '08:00', '09:00');
    const theirs = await lessonOf(other.id, '15:00', '16:00');
    const student = (
      await admin.request({ method: 'POST', url: '/api/students', payload: { name: 'Ivanna' } })
    ).json<{ id: number }>().id;
    const join = async (lesson: number) => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/events',
        payload: { lesson, student },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const inMine = await join(mine);
    const inTheirs = await join(theirs);
    for (const id of [inMine, inTheirs]) {
      const gone = await admin.request({ method: 'DELETE', url: `/api/events/${id}` });
      expect(gone.statusCode).toBe(204);
    }
    const own = await history(teacherAgent, `/api/events/${inMine}/history`);
    expect(own.status).toBe(200);
    expect(own.list.map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await history(teacherAgent, `/api/events/${inTheirs}/history`)).status).toBe(404);
    expect((await history(admin, `/api/events/${inTheirs}/history`)).status).toBe(200);
    // the lesson deleted too: judged by the lesson's last entry
    await admin.request({ method: 'DELETE', url: `/api/lessons/${theirs}` });
    expect((await history(teacherAgent, `/api/events/${inTheirs}/history`)).status).toBe(404);
    await admin.request({ method: 'DELETE', url: `/api/lessons/${mine}` });
    expect((await history(teacherAgent, `/api/events/${inMine}/history`)).status).toBe(200);
  });

  it('a refused change (a clash) leaves no entry', async () => {
    const date = addDays(monday, 1);
    const one = await admin.request({
      method: 'POST',
      url: '/api/lessons',
      payload: { date, start: '10:00', end: '11:00', price: 100, teacher: teacherId },
    });
    expect(one.statusCode).toBe(201);
    const before = (await history(admin, '/api/audit?entity=lessons&limit=1')).list[0]!.id;
    const clash = await admin.request({
      method: 'POST',
      url: '/api/lessons',
      payload: { date, start: '10:30', end: '11:30', price: 100, teacher: teacherId },
    });
    expect(clash.statusCode).toBe(409);
    expect((await history(admin, '/api/audit?entity=lessons&limit=1')).list[0]!.id).toBe(before);
  });
});
