import { beforeAll, describe, expect, it } from 'vitest';
import { events, lessons } from '../../db/schema/schedule.js';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

/**
 * A teacher's students (docs/roles.md, Students): only those who take part in one of the
 * teacher's lessons, past or future; every other student is 404 to them, and lists count
 * only theirs. Admin and manager see every student.
 */

let t: AppFixture;
let teacherA: Agent;
let teacherB: Agent;
let manager: Agent;
let teacherAId = 0;
let teacherBId = 0;
/** A's students: one in a past lesson, one in a future lesson, "Zoryana" in both */
const own: number[] = [];
let ofB = 0;
let inNoLesson = 0;

const admin = () => t.agent;

async function newStudent(name: string, surname: string): Promise<number> {
  const res = await admin().request({
    method: 'POST',
    url: '/api/students',
    payload: { name, surname },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

async function newLesson(teacherId: number, date: string, studentIds: number[]) {
  const [lesson] = await t.database.db
    .insert(lessons)
    .values({ date, start: '10:00', end: '11:00', duration: '1', teacherId })
    .returning({ id: lessons.id });
  if (!lesson) throw new Error('lesson not created');
  if (studentIds.length > 0) {
    await t.database.db
      .insert(events)
      .values(studentIds.map((studentId) => ({ lessonId: lesson.id, studentId })));
  }
}

const ids = (res: { json: <T>() => T }) => res.json<{ id: number }[]>().map((s) => s.id);

beforeAll(async () => {
  t = await setupApp({ admin: true });
  const a = await createUser(t, { login: 'teacher.a', role: 'teacher' });
  const b = await createUser(t, { login: 'teacher.b', role: 'teacher' });
  const m = await createUser(t, { login: 'manager.m', role: 'manager' });
  teacherAId = a.id;
  teacherBId = b.id;
  teacherA = await login(t.app, a);
  teacherB = await login(t.app, b);
  manager = await login(t.app, m);
  own.push(await newStudent('Anna', 'Past'));
  own.push(await newStudent('Bohdan', 'Future'));
  own.push(await newStudent('Zoryana', 'Both'));
  ofB = await newStudent('Vira', 'OfB');
  inNoLesson = await newStudent('Yarema', 'Nowhere');
  await newLesson(teacherAId, '2020-01-06', [own[0]!, own[2]!, ofB]);
  await newLesson(teacherAId, '2099-03-02', [own[1]!, own[2]!]);
  await newLesson(teacherBId, '2020-01-07', [ofB]);
  // a lesson without students makes nobody B's student
  await newLesson(teacherBId, '2020-01-08', []);
});

describe('a teacher sees only their students', () => {
  it('lists only the students of their lessons, past or future, counted in SQL', async () => {
    const res = await teacherA.request({ method: 'GET', url: '/api/students?limit=50' });
    expect(res.statusCode).toBe(200);
    // ofB takes part in one of A's lessons too: A's student as well
    expect(ids(res).sort()).toEqual([...own, ofB].sort());
    expect(res.headers['x-total-count']).toBe('4');

    const resB = await teacherB.request({ method: 'GET', url: '/api/students' });
    expect(ids(resB)).toEqual([ofB]);
    expect(resB.headers['x-total-count']).toBe('1');
  });

  it('filters within their students with search and paging', async () => {
    const search = await teacherA.request({ method: 'GET', url: '/api/students?search=Yarema' });
    expect(ids(search)).toEqual([]);
    expect(search.headers['x-total-count']).toBe('0');

    const found = await teacherA.request({ method: 'GET', url: '/api/students?search=zory' });
    expect(ids(found)).toEqual([own[2]]);
    expect(found.headers['x-total-count']).toBe('1');

    const page = await teacherA.request({
      method: 'GET',
      url: '/api/students?sort=id&limit=2&offset=2',
    });
    expect(ids(page)).toEqual([own[2], ofB]);
    expect(page.headers['x-total-count']).toBe('4');
    const past = await teacherA.request({ method: 'GET', url: '/api/students?limit=2&offset=9' });
    expect(ids(past)).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
  });

  it('exports only their students as CSV', async () => {
    const res = await teacherB.request({ method: 'GET', url: '/api/students/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('OfB');
    expect(res.body).not.toContain('Nowhere');
    expect(res.body).not.toContain('Past');
  });

  it('reads and changes their own student', async () => {
    const id = own[1]!;
    expect((await teacherA.request({ method: 'GET', url: `/api/students/${id}` })).statusCode).toBe(
      200,
    );
    const put = await teacherA.request({
      method: 'PUT',
      url: `/api/students/${id}`,
      payload: { location: 'Lviv' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ location: string }>().location).toBe('Lviv');
    const timeline = await teacherA.request({ method: 'GET', url: `/api/students/${id}/timeline` });
    expect(timeline.statusCode).toBe(200);
  });

  it("leaves documents out of their student's timeline, a right their role has not", async () => {
    const id = own[1]!;
    const doc = await admin().request({
      method: 'POST',
      url: '/api/studentdocuments',
      payload: { student: id, name: 'Passport', number: 'FX123456', dateTo: '2031-01-01' },
    });
    expect(doc.statusCode).toBe(201);
    const kinds = (res: { json: <T>() => T }) => res.json<{ kind: string }[]>().map((e) => e.kind);
    const all = await admin().request({ method: 'GET', url: `/api/students/${id}/timeline` });
    expect(kinds(all)).toContain('document');
    const asManager = await manager.request({ method: 'GET', url: `/api/students/${id}/timeline` });
    expect(kinds(asManager)).toContain('document');
    const res = await teacherA.request({ method: 'GET', url: `/api/students/${id}/timeline` });
    expect(res.statusCode).toBe(200);
    expect(kinds(res)).not.toContain('document');
    expect(res.body).not.toContain('FX123456');
    expect(res.headers['x-total-count']).toBe(String(Number(all.headers['x-total-count']) - 1));
  });

  for (const [label, target] of [
    ["another teacher's student", () => own[0]!],
    ['a student in no lesson', () => inNoLesson],
  ] as const) {
    it(`gets 404 for ${label}, for reads and writes, and nothing changes`, async () => {
      const id = target();
      const before = await admin().request({ method: 'GET', url: `/api/students/${id}` });
      const calls = [
        { method: 'GET', url: `/api/students/${id}` },
        { method: 'GET', url: `/api/students/${id}/timeline` },
        { method: 'PUT', url: `/api/students/${id}`, payload: { location: 'Odesa' } },
        // a body the validation would refuse: the 404 comes first
        { method: 'PUT', url: `/api/students/${id}`, payload: { name: 42 } },
        { method: 'DELETE', url: `/api/students/${id}` },
        { method: 'DELETE', url: `/api/students/${id}?dryRun=1` },
        { method: 'POST', url: `/api/students/${id}/hashcode` },
      ] as const;
      for (const call of calls) {
        const res = await teacherB.request(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json<{ error: string }>().error).toBe('not_found');
      }
      const after = await admin().request({ method: 'GET', url: `/api/students/${id}` });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(before.json());
    });
  }

  it('never answers the hashCode or page link of a student not theirs, in any list', async () => {
    const others = [own[0]!, own[1]!, own[2]!, inNoLesson];
    const secrets = await Promise.all(
      others.map(async (id) => {
        const res = await admin().request({ method: 'GET', url: `/api/students/${id}` });
        return res.json<{ hashCode: string }>().hashCode;
      }),
    );
    const mine = await teacherB.request({ method: 'GET', url: `/api/students/${ofB}` });
    expect(mine.json<{ pageLink: string }>().pageLink).toMatch(/\/me\?s=[\w-]{22}$/);
    for (const url of [
      '/api/students?limit=500',
      '/api/students/export.csv',
      '/api/events?limit=500',
      '/api/lessons?limit=500',
      '/api/schedule',
      '/api/gameresults',
      '/api/conversationprogress',
    ]) {
      const res = await teacherB.request({ method: 'GET', url });
      for (const secret of secrets) expect(res.body, url).not.toContain(secret);
    }
  });

  it('creates a student, who stays out of their list until added to a lesson', async () => {
    const res = await teacherB.request({
      method: 'POST',
      url: '/api/students',
      payload: { name: 'Nova', surname: 'Created' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect((await teacherB.request({ method: 'GET', url: `/api/students/${id}` })).statusCode).toBe(
      404,
    );
    await newLesson(teacherBId, '2099-05-05', [id]);
    expect((await teacherB.request({ method: 'GET', url: `/api/students/${id}` })).statusCode).toBe(
      200,
    );
  });
});

describe("a teacher's refused calls", () => {
  it('gets 403 for the CSV import, which could change any student, and for a client made a student', async () => {
    const csv = 'name,surname,email\nVira,Changed,\n';
    for (const url of ['/api/students/import/preview', '/api/students/import']) {
      const res = await teacherA.request({ method: 'POST', url, payload: { csv } });
      expect(res.statusCode, url).toBe(403);
    }
    const client = await admin().request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Client' },
    });
    const clientId = client.json<{ id: number }>().id;
    const res = await teacherA.request({ method: 'POST', url: `/api/clients/${clientId}/student` });
    expect(res.statusCode).toBe(403);
    const made = await admin().request({ method: 'POST', url: `/api/clients/${clientId}/student` });
    expect(made.statusCode).toBe(201);
  });
});

describe("a student's records listed by student", () => {
  it.each([
    '/api/conversationprogress',
    '/api/gameresults',
    '/api/events',
    '/api/events/infopanel',
  ])('%s?student= answers 404 to a teacher for a student not theirs', async (url) => {
    const mine = await teacherA.request({ method: 'GET', url: `${url}?student=${own[0]}` });
    expect(mine.statusCode).toBe(200);
    const other = await teacherB.request({ method: 'GET', url: `${url}?student=${own[0]}` });
    expect(other.statusCode).toBe(404);
    const all = await admin().request({ method: 'GET', url: `${url}?student=${inNoLesson}` });
    expect(all.statusCode).toBe(200);
  });
});

describe('admin and manager see every student', () => {
  it.each([
    ['admin', () => admin()],
    ['manager', () => manager],
  ])('%s lists and reads every student', async (_role, agent) => {
    const res = await agent().request({ method: 'GET', url: '/api/students?limit=50' });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(expect.arrayContaining([...own, ofB, inNoLesson]));
    const one = await agent().request({ method: 'GET', url: `/api/students/${inNoLesson}` });
    expect(one.statusCode).toBe(200);
  });
});
