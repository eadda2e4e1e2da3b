import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../test/helper.js';

// ADR 038: every item carries its version; a PUT made on an older version answers 409 conflict
// naming what changed since, who and when, and changes nothing; a PUT without a version is
// saved as before; one on the current version is saved and answers the next version.

let t: TestApp & { user: { id: number } };
let agent: Agent;
let other: Agent;

type Item = { id: number; version: number } & Record<string, unknown>;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
  const second = await createUser(t, { firstName: 'Marta', lastName: 'Other', isAdmin: true });
  other = await login(t.app, second);
});

const post = async (url: string, payload: unknown): Promise<Item> => {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  return res.json<Item>();
};

interface Case {
  /** the path of the record, /api/{path}/{id} */
  path: string;
  /** makes a record, answering it */
  make: () => Promise<Item>;
  /** a change another staff member saves meanwhile, and the field it shows as */
  theirs: [Record<string, unknown>, string];
  /** a change of another field, saved on the old version */
  mine: Record<string, unknown>;
}

let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;
const conversation = () => post('/api/conversations', { name: unique('Dialogue') });
const grid = () => post('/api/grid', { name: unique('Grid'), type: 1 });
const student = () => post('/api/students', { name: unique('Olena'), surname: 'Koval' });
const lesson = () =>
  post('/api/lessons', { date: '2031-04-07', start: '10:00', end: '11:00', price: 60 });

const cases: Case[] = [
  {
    path: 'clients',
    make: () => post('/api/clients', { firstName: 'Ira', tel: '111' }),
    theirs: [{ lastName: 'Moved' }, 'lastName'],
    mine: { tel: '222' },
  },
  {
    path: 'students',
    make: student,
    theirs: [{ surname: 'Changed' }, 'surname'],
    mine: { name: 'Mine' },
  },
  {
    path: 'studentdocuments',
    make: async () =>
      post('/api/studentdocuments', { student: (await student()).id, name: 'Passport' }),
    theirs: [{ number: 'FX1' }, 'number'],
    mine: { name: 'Visa' },
  },
  {
    path: 'users',
    make: () =>
      post('/api/users', {
        // not `user{n}`: the test helpers' own users are named so
        login: unique('versioned').replace(' ', ''),
        password: 'a long secret pw',
        firstName: 'Ira',
      }),
    theirs: [{ lastName: 'Theirs' }, 'lastName'],
    mine: { firstName: 'Mine' },
  },
  {
    path: 'groups',
    make: () => post('/api/groups', { name: unique('Group') }),
    theirs: [{ name: unique('Renamed') }, 'name'],
    mine: { name: unique('Mine') },
  },
  {
    path: 'projects',
    make: () => post('/api/projects', { name: unique('Project') }),
    theirs: [{ description: 'theirs' }, 'description'],
    mine: { name: unique('Mine') },
  },
  {
    path: 'conversations',
    make: conversation,
    theirs: [{ description: 'theirs' }, 'description'],
    mine: { name: unique('Mine') },
  },
  {
    path: 'answers',
    make: async () =>
      post('/api/answers', { text: 'Hi', conversationId: (await conversation()).id }),
    theirs: [{ isLast: 1 }, 'isLast'],
    mine: { text: 'Hello' },
  },
  {
    path: 'answerconnectors',
    make: async () => {
      const c = await conversation();
      const from = await post('/api/answers', { text: 'Q', conversationId: c.id });
      const next = await post('/api/answers', { text: 'A', conversationId: c.id });
      return post('/api/answerconnectors', { text: 'Yes', fromId: from.id, nextId: next.id });
    },
    theirs: [{ point: 2 }, 'point'],
    mine: { text: 'Sure' },
  },
  {
    path: 'estimationgroup',
    make: async () =>
      post('/api/estimationgroup', { name: 'Grammar', conversation: (await conversation()).id }),
    theirs: [{ name: 'Vocabulary' }, 'name'],
    mine: { name: 'Reading' },
  },
  {
    path: 'grid',
    make: grid,
    theirs: [{ type: 2 }, 'type'],
    mine: { name: unique('Mine') },
  },
  {
    path: 'gridcard',
    make: async () => post('/api/gridcard', { grid: (await grid()).id, value: 'cat' }),
    theirs: [{ answer: 'kit' }, 'answer'],
    mine: { value: 'dog' },
  },
  {
    path: 'set',
    make: () => post('/api/set', { name: unique('Set') }),
    theirs: [{ name: unique('Theirs') }, 'name'],
    mine: { name: unique('Mine') },
  },
  {
    path: 'setcard',
    make: async () => {
      const set = await post('/api/set', { name: unique('Set') });
      return post('/api/setcard', { set: set.id, grid: (await grid()).id });
    },
    theirs: [{ position: 5 }, 'position'],
    mine: { position: 7 },
  },
  ...['stages', 'products', 'sources', 'categories', 'levels'].map((path): Case => ({
    path,
    make: () => post(`/api/${path}`, { name: unique(path) }),
    theirs: [{ name: unique('Theirs') }, 'name'],
    mine: { name: unique('Mine') },
  })),
  {
    path: 'lessons',
    make: lesson,
    theirs: [{ comment: 'theirs' }, 'comment'],
    mine: { course: 'Mine' },
  },
  {
    path: 'events',
    make: async () =>
      post('/api/events', { lesson: (await lesson()).id, student: (await student()).id }),
    theirs: [{ notes: 'theirs' }, 'notes'],
    mine: { homework: 'mine' },
  },
];

const get = async (path: string, id: number) =>
  (await agent.request({ method: 'GET', url: `/api/${path}/${id}` })).json<Item>();

describe('record versions', () => {
  it.each(cases)('$path: a save on an older version is 409 and changes nothing', async (c) => {
    const made = await c.make();
    expect(made.version).toBe(1);
    const url = `/api/${c.path}/${made.id}`;
    // another staff member saves first, on the version they opened
    const [theirs, field] = c.theirs;
    const saved = await other.request({ method: 'PUT', url, payload: { ...theirs, version: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Item>().version).toBe(2);
    const before = await get(c.path, made.id);

    const refused = await agent.request({ method: 'PUT', url, payload: { ...c.mine, version: 1 } });
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json<{ changed: string[]; by: string; at: string; error: string }>();
    expect(body).toMatchObject({ error: 'conflict', by: 'Marta Other' });
    expect(body.changed).toEqual([field]);
    expect(Date.parse(body.at)).not.toBeNaN();
    expect(await get(c.path, made.id)).toEqual(before);

    // on the version it now has, the same change is saved and answers the next version
    const retried = await agent.request({ method: 'PUT', url, payload: { ...c.mine, version: 2 } });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Item>()).toMatchObject({ ...c.mine, version: 3 });
    // without a version, as API clients did before: saved whatever the version
    const blind = await agent.request({ method: 'PUT', url, payload: theirs });
    expect(blind.statusCode, blind.body).toBe(200);
  });

  it('counts a pipeline move as a change: a client form saved on the old version is refused', async () => {
    const stage = (await agent.request({ method: 'GET', url: '/api/stages' })).json<Item[]>();
    const client = await post('/api/clients', { firstName: 'Pipeline', stage: stage[0]!.id });
    const url = `/api/clients/${client.id}`;
    expect(
      (await other.request({ method: 'PUT', url, payload: { stage: stage[1]!.id } })).statusCode,
    ).toBe(200);
    const refused = await agent.request({
      method: 'PUT',
      url,
      payload: { tel: '333', stage: stage[0]!.id, version: client.version },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ changed: ['stage'], by: 'Marta Other' });
    expect(await get('clients', client.id)).toMatchObject({ stage: stage[1]!.id, tel: '' });
  });

  it('a body of only the current version changes nothing and answers the record', async () => {
    const group = await post('/api/groups', { name: unique('Still') });
    const url = `/api/groups/${group.id}`;
    const res = await agent.request({ method: 'PUT', url, payload: { version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(group);
    // an update that changes no value leaves the version as it is
    const same = await agent.request({ method: 'PUT', url, payload: { name: group.name } });
    expect(same.json<Item>().version).toBe(1);
  });

  it('a version that is not a positive integer is 400 naming it', async () => {
    const group = await post('/api/groups', { name: unique('Bad') });
    const res = await agent.request({
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      payload: { name: 'x', version: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { version: expect.any(String) } });
  });
});
