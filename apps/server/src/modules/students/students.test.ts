import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@school/contract/audit';
import { gameResults, gameSets } from '../../db/schema/games.js';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp & { user: { id: number } };
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true, env: { BOT_USERNAME: 'school_bot' } }));
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const put = (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });
const del = (url: string) => agent.request({ method: 'DELETE', url });

interface StudentJson {
  id: number;
  hashCode: string;
  deepLink: string | null;
  client: number | null;
  [field: string]: unknown;
}

async function newStudent(payload: Record<string, unknown> = {}) {
  const res = await post('/api/students', { name: 'Olena', surname: 'Koval', ...payload });
  expect(res.statusCode).toBe(201);
  return res.json<StudentJson>();
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('students', () => {
  it('creates a student with every field, reads, edits and deletes it', async () => {
    const [group] = (
      await Promise.all([post('/api/groups', { name: `Evening ${Date.now()}` })])
    ).map((r) => r.json<{ id: number }>());
    const full = {
      name: 'Taras',
      surname: 'Shevchenko',
      email: 'taras@example.com',
      gMeetId: 'https://meet.google.com/abc-defg-hij',
      gdocument: 'https://docs.google.com/document/d/1',
      gDictionaryUa: 'https://docs.google.com/spreadsheets/d/ua',
      gDictionaryEng: 'https://docs.google.com/spreadsheets/d/en',
      telegramUsername: 'taras_s',
      facebook: 'fb.com/taras',
      schedule: 'Mon, Wed 18:00',
      ocupation: 'Engineer',
      location: 'Lviv',
      responsibleId: String(t.user.id),
      project: '',
      level: '2',
      groupe: group?.id,
      timezone: 'Europe/Kyiv',
      hasBroadcast: true,
    };
    const created = await newStudent(full);
    expect(created).toMatchObject({
      ...full,
      responsibleId: t.user.id,
      project: null,
      level: 2,
      client: null,
    });
    expect(created.hashCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.deepLink).toBe(`https://t.me/school_bot?start=${created.hashCode}`);

    const edited = await put(`/api/students/${created.id}`, {
      location: 'Kyiv',
      hasBroadcast: false,
      groupe: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      location: 'Kyiv',
      hasBroadcast: false,
      groupe: null,
      name: 'Taras',
    });
    // hashCode is not written by hand: the field is not part of the body
    const sneaky = await put(`/api/students/${created.id}`, { hashCode: 'mine' });
    expect(sneaky.json<StudentJson>().hashCode).toBe(created.hashCode);
    expect((await get(`/api/students/${created.id}`)).json()).toMatchObject({ location: 'Kyiv' });

    expect((await del(`/api/students/${created.id}`)).statusCode).toBe(204);
    expect((await get(`/api/students/${created.id}`)).statusCode).toBe(404);
    expect((await put(`/api/students/${created.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it.each([
    ['a missing name', { name: '' }, 'name'],
    ['a too long name', { name: 'x'.repeat(101) }, 'name'],
    ['a bad e-mail', { email: 'nope' }, 'email'],
    ['an e-mail of the wrong type', { email: 123 }, 'email'],
    ['a level that is not a number', { level: 'B2' }, 'level'],
    ['a level that does not exist', { level: 999 }, 'level'],
    ['a group that does not exist', { groupe: 999_999 }, 'groupe'],
    ['an unknown responsible', { responsibleId: 999_999 }, 'responsibleId'],
    ['hasBroadcast as a string', { hasBroadcast: 'yes' }, 'hasBroadcast'],
    ['a too long schedule', { schedule: 'x'.repeat(501) }, 'schedule'],
  ])('refuses %s with 400 naming the field and writes nothing', async (_k, change, field) => {
    const before = Number((await get('/api/students?limit=1')).headers['x-total-count']);
    const res = await post('/api/students', { name: 'Bad', ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
    expect(Number((await get('/api/students?limit=1')).headers['x-total-count'])).toBe(before);
  });

  it('lists with search, filters, sort, paging and X-Total-Count', async () => {
    const tag = `Zz${Date.now()}`;
    await newStudent({ name: `${tag}a`, surname: 'Alpha', level: 3, telegramUsername: 'alpha_t' });
    await newStudent({ name: `${tag}b`, surname: 'Beta', level: 3 });
    await newStudent({ name: `${tag}c`, surname: 'Gamma', level: 4 });
    const all = await get(`/api/students?search=${tag}&sort=-surname&limit=2`);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json<{ surname: string }[]>().map((s) => s.surname)).toEqual(['Gamma', 'Beta']);
    const page2 = await get(`/api/students?search=${tag}&sort=-surname&limit=2&offset=2`);
    expect(page2.json<{ surname: string }[]>().map((s) => s.surname)).toEqual(['Alpha']);
    const byLevel = await get(`/api/students?search=${tag}&level=3`);
    expect(byLevel.headers['x-total-count']).toBe('2');
    const byTelegram = await get('/api/students?search=alpha_t');
    expect(byTelegram.json<{ surname: string }[]>().map((s) => s.surname)).toContain('Alpha');
    expect((await get('/api/students?sort=hashCode')).statusCode).toBe(400);
    expect((await get('/api/students?level=abc')).statusCode).toBe(400);
  });

  it('regenerates the hashCode: the old deep link stops working', async () => {
    const s = await newStudent();
    const res = await post(`/api/students/${s.id}/hashcode`, {});
    expect(res.statusCode).toBe(200);
    const renewed = res.json<StudentJson>();
    expect(renewed.hashCode).not.toBe(s.hashCode);
    expect(renewed.deepLink).toContain(renewed.hashCode);
    expect((await post('/api/students/999999/hashcode', {})).statusCode).toBe(404);
  });

  it('gives 50 students created at once 50 different hashCodes', async () => {
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post('/api/students', { name: `Parallel ${i}` })),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const codes = new Set(created.map((r) => r.json<StudentJson>().hashCode));
    expect(codes.size).toBe(50);
  });

  it('has no deep link while the bot has no username', async () => {
    const other = await setupApp({ admin: true });
    const res = await other.agent.request({
      method: 'POST',
      url: '/api/students',
      payload: { name: 'No bot' },
    });
    expect(res.json<StudentJson>().deepLink).toBeNull();
  });

  it('refuses to delete a student with documents (409 linked), nothing deleted', async () => {
    const s = await newStudent();
    const doc = await post('/api/studentdocuments', { student: s.id, name: 'Passport' });
    expect(doc.statusCode).toBe(201);
    const res = await del(`/api/students/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'linked' });
    expect((await get(`/api/students/${s.id}`)).statusCode).toBe(200);
    expect((await get(`/api/studentdocuments/bystudent/${s.id}`)).json()).toHaveLength(1);
  });

  it('records the game results a deleted student takes with them in the record history', async () => {
    const s = await newStudent();
    const [game] = await t.database.db
      .insert(gameSets)
      .values({ name: 'Numbers', type: 1 })
      .returning();
    const [result] = await t.database.db
      .insert(gameResults)
      .values({
        gridId: game!.id,
        studentId: s.id,
        score: 3,
        max: 4,
        durationMs: 12_000,
        playId: `gone-${s.id}`,
      })
      .returning();
    expect((await del(`/api/students/${s.id}`)).statusCode).toBe(204);
    const history = await get(`/api/audit?entity=gameresults&entityId=${result!.id}`);
    expect(history.statusCode, history.body).toBe(200);
    const [gone] = history.json<AuditEntry[]>();
    expect(gone).toMatchObject({
      action: 'delete',
      entity: 'gameresults',
      entityId: result!.id,
      changes: { studentId: s.id, score: 3, max: 4 },
    });
    const [studentGone] = (await get(`/api/audit?entity=students&entityId=${s.id}`)).json<
      AuditEntry[]
    >();
    expect(studentGone).toMatchObject({ action: 'delete', requestId: gone!.requestId });
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/students' });
    expect(res.statusCode).toBe(401);
  });
});

describe('student documents', () => {
  it('adds, lists, edits and deletes documents of a student', async () => {
    const s = await newStudent();
    const later = await post('/api/studentdocuments', {
      student: String(s.id),
      name: 'Visa',
      number: 'V-1',
      dateFrom: isoDay(-10),
      dateTo: isoDay(200),
      carRegistrNum: 'AA1234BB',
    });
    expect(later.statusCode).toBe(201);
    const soon = await post('/api/studentdocuments', {
      student: s.id,
      name: 'Residence permit',
      dateTo: isoDay(10),
    });
    const list = await get(`/api/studentdocuments/bystudent/${s.id}`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<{ name: string }[]>().map((d) => d.name)).toEqual([
      'Residence permit',
      'Visa',
    ]);
    expect(later.json()).toMatchObject({
      student: s.id,
      number: 'V-1',
      carRegistrNum: 'AA1234BB',
      dateTo: isoDay(200),
    });
    const docId = soon.json<{ id: number }>().id;
    const edited = await put(`/api/studentdocuments/${docId}`, { number: 'RP-7', dateFrom: '' });
    expect(edited.json()).toMatchObject({
      number: 'RP-7',
      dateFrom: null,
      name: 'Residence permit',
    });
    expect((await del(`/api/studentdocuments/${docId}`)).statusCode).toBe(204);
    expect((await get(`/api/studentdocuments/bystudent/${s.id}`)).json()).toHaveLength(1);
    // the timeline shows the documents, newest first
    const timeline = await get(`/api/students/${s.id}/timeline`);
    expect(timeline.json()).toEqual([expect.objectContaining({ kind: 'document', title: 'Visa' })]);
  });

  it('refuses dateTo before dateFrom, also against the stored dates', async () => {
    const s = await newStudent();
    const bad = await post('/api/studentdocuments', {
      student: s.id,
      name: 'Visa',
      dateFrom: '2026-05-01',
      dateTo: '2026-04-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: object }>().fields).toHaveProperty('dateTo');
    const ok = await post('/api/studentdocuments', {
      student: s.id,
      name: 'Visa',
      dateFrom: '2026-05-01',
      dateTo: '2026-06-01',
    });
    const id = ok.json<{ id: number }>().id;
    const badEdit = await put(`/api/studentdocuments/${id}`, { dateTo: '2026-01-01' });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json<{ fields: object }>().fields).toHaveProperty('dateTo');
    expect((await get(`/api/studentdocuments/${id}`)).json()).toMatchObject({
      dateTo: '2026-06-01',
    });
  });

  it.each([
    ['an unknown student', { student: 999_999 }, 'student'],
    ['no student', { student: '' }, 'student'],
    ['a student that is not a number', { student: 'me' }, 'student'],
    ['no name', { name: '' }, 'name'],
    ['a bad date', { dateFrom: '2026-13-01' }, 'dateFrom'],
  ])('refuses %s with 400 naming the field', async (_k, change, field) => {
    const s = await newStudent();
    const res = await post('/api/studentdocuments', { student: s.id, name: 'Doc', ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
  });

  it('answers 404 for the documents of a student that does not exist', async () => {
    expect((await get('/api/studentdocuments/bystudent/999999')).statusCode).toBe(404);
    expect((await get('/api/students/999999/timeline')).statusCode).toBe(404);
  });

  it('refuses a bad page or sort of the lists under a student with 400', async () => {
    const s = await newStudent();
    expect((await get(`/api/students/${s.id}/timeline?limit=abc`)).statusCode).toBe(400);
    expect((await get(`/api/studentdocuments/bystudent/${s.id}?sort=student`)).statusCode).toBe(
      400,
    );
    expect((await get('/api/studentdocuments/bystudent/abc')).statusCode).toBe(400);
  });

  it('filters the students with a document ending within 30 days', async () => {
    const tag = `Exp${Date.now()}`;
    const soon = await newStudent({ name: `${tag} soon` });
    const late = await newStudent({ name: `${tag} late` });
    const gone = await newStudent({ name: `${tag} gone` });
    await post('/api/studentdocuments', { student: soon.id, name: 'A', dateTo: isoDay(27) });
    await post('/api/studentdocuments', { student: late.id, name: 'B', dateTo: isoDay(33) });
    await post('/api/studentdocuments', { student: gone.id, name: 'C', dateTo: isoDay(-2) });
    const ids = async (flag: string) =>
      (await get(`/api/students?search=${tag}&documentsExpiring=${flag}&sort=id`))
        .json<{ id: number }[]>()
        .map((r) => r.id);
    expect(await ids('1')).toEqual([soon.id]);
    expect(await ids('true')).toEqual([soon.id]);
    expect(await ids('false')).toEqual([soon.id, late.id, gone.id]);
    expect(await ids('0')).toEqual([soon.id, late.id, gone.id]);
  });
});

describe('a client becoming a student', () => {
  it('makes a student from a client once; a second request answers the same student', async () => {
    const client = await post('/api/clients', {
      firstName: 'Iryna',
      lastName: 'Bondar',
      email: 'iryna@example.com',
      telegramUsername: 'iryna_b',
      facebook: 'fb.com/iryna',
      timezone: 'Europe/Warsaw',
      responsibleId: t.user.id,
    });
    const clientId = client.json<{ id: number }>().id;
    const [first, second] = await Promise.all([
      post(`/api/clients/${clientId}/student`, {}),
      post(`/api/clients/${clientId}/student`, {}),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 201]);
    const made = first?.json<StudentJson>();
    expect(second?.json<StudentJson>().id).toBe(made?.id);
    expect(made).toMatchObject({
      name: 'Iryna',
      surname: 'Bondar',
      email: 'iryna@example.com',
      telegramUsername: 'iryna_b',
      facebook: 'fb.com/iryna',
      timezone: 'Europe/Warsaw',
      responsibleId: t.user.id,
      client: clientId,
    });
    const third = await post(`/api/clients/${clientId}/student`, {});
    expect(third.statusCode).toBe(200);
    const byClient = await get(`/api/students?client=${clientId}`);
    expect(byClient.headers['x-total-count']).toBe('1');
    expect((await post('/api/clients/999999/student', {})).statusCode).toBe(404);
  });
});
