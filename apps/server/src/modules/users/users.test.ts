import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp & { user: { id: number } };
let admin: Agent;
let adminId: number;
let staff: Agent;
let staffUser: { id: number; login: string; password: string };

const valid = {
  login: 'maria.k',
  password: 'a long enough password',
  firstName: 'Maria',
  lastName: 'Koval',
  email: 'maria@example.com',
  tel: '+380 67 123 45 67',
  dateBirth: '1990-05-17',
  position: 'Teacher',
  project: '',
  language: 1, // Ukrainian (languages lookup)
};

beforeAll(async () => {
  ({ agent: admin, ...t } = await setupApp({
    admin: true,
    user: { login: 'boss', firstName: 'Anna', lastName: 'Boss' },
  }));
  adminId = t.user.id;
  staffUser = await createUser(t, { login: 'teacher1', firstName: 'Petro', lastName: 'Shevchuk' });
  staff = await login(t.app, staffUser);
});

describe('users', () => {
  it('creates a user (201) who can then log in; lists it with name, firstName, lastName', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/users', payload: valid });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: number; name: string; dateBirth: string; project: null }>();
    expect(created).toMatchObject({
      login: 'maria.k',
      name: 'Maria Koval',
      firstName: 'Maria',
      dateBirth: '1990-05-17',
      project: null,
      role: 'manager',
      isAdmin: false,
    });
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('passwordHash');
    const list = await admin.request({ method: 'GET', url: '/api/users?search=koval' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, name: 'Maria Koval' })]);
    await login(t.app, { login: 'maria.k', password: valid.password });
  });

  it('answers 409 with the field for a login that is taken (any case)', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...valid, login: 'TEACHER1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', fields: { login: 'is taken' } });
  });

  it.each([
    ['missing', { firstName: undefined }, 'firstName'],
    ['wrong type', { firstName: 42 }, 'firstName'],
    ['too long', { lastName: 'x'.repeat(101) }, 'lastName'],
    ['bad email', { email: 'not-an-email' }, 'email'],
    ['bad date', { dateBirth: '1990-13-45' }, 'dateBirth'],
    ['bad project id', { project: 'abc' }, 'project'],
    ['short password', { password: 'short' }, 'password'],
    ['spaces in login', { login: 'two words' }, 'login'],
  ])(
    'refuses a %s value with 400 naming the field, and writes nothing',
    async (_k, change, field) => {
      const before = (await admin.request({ method: 'GET', url: '/api/users' })).headers[
        'x-total-count'
      ];
      const res = await admin.request({
        method: 'POST',
        url: '/api/users',
        payload: { ...valid, login: `new${field}`, ...change },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: string; fields: Record<string, string> }>();
      expect(body.error).toBe('validation');
      expect(Object.keys(body.fields)).toContain(field);
      if (field === 'email') expect(body.fields.email).toBe('The email is not correct format !');
      const after = (await admin.request({ method: 'GET', url: '/api/users' })).headers[
        'x-total-count'
      ];
      expect(after).toBe(before);
    },
  );

  it('refuses a common password', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...valid, login: 'commonpw', password: 'password123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { password: 'is too common, choose another' } });
  });

  it('sorts, pages and counts', async () => {
    for (const name of ['Zoryana', 'Bohdan', 'Oksana']) {
      await admin.request({
        method: 'POST',
        url: '/api/users',
        payload: { ...valid, login: `sort-${name}`, firstName: name, email: '' },
      });
    }
    const asc = await admin.request({ method: 'GET', url: '/api/users?sort=firstName&limit=2' });
    const names = asc.json<{ firstName: string }[]>().map((u) => u.firstName);
    expect(names).toEqual(['Anna', 'Bohdan']);
    expect(Number(asc.headers['x-total-count'])).toBeGreaterThanOrEqual(6);
    const desc = await admin.request({ method: 'GET', url: '/api/users?sort=-firstName&limit=1' });
    expect(desc.json<{ firstName: string }[]>()[0]?.firstName).toBe('Zoryana');
    const beyond = await admin.request({ method: 'GET', url: '/api/users?offset=1000' });
    expect(beyond.json()).toEqual([]);
    expect(Number(beyond.headers['x-total-count'])).toBeGreaterThanOrEqual(6);
    const bad = await admin.request({ method: 'GET', url: '/api/users?sort=passwordHash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { sort: expect.any(String) } });
    const tooMany = await admin.request({ method: 'GET', url: '/api/users?limit=5001' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/users?search=%25' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('updates a user; 404 for an unknown one', async () => {
    const { id } = (await admin.request({ method: 'GET', url: '/api/users?search=maria.k' })).json<
      { id: number }[]
    >()[0] ?? { id: 0 };
    const res = await admin.request({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { ...valid, password: undefined, position: 'Head teacher' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ position: 'Head teacher', login: 'maria.k' });
    const one = await admin.request({ method: 'GET', url: `/api/users/${id}` });
    expect(one.json()).toMatchObject({ position: 'Head teacher' });
    const missing = await admin.request({
      method: 'PUT',
      url: '/api/users/999999',
      payload: valid,
    });
    expect(missing.statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: '/api/users/999999' })).statusCode).toBe(404);
  });

  it('lets staff edit themselves but not others, nor make themselves admin (403)', async () => {
    const self = await staff.request({
      method: 'PUT',
      url: `/api/users/${staffUser.id}`,
      payload: { firstName: 'Petro', lastName: 'Shevchuk', tel: '123' },
    });
    expect(self.statusCode).toBe(200);
    const escalate = await staff.request({
      method: 'PUT',
      url: `/api/users/${staffUser.id}`,
      payload: { firstName: 'Petro', role: 'admin' },
    });
    expect(escalate.statusCode).toBe(403);
    // isAdmin is only answered: sent, it changes nothing
    const viaIsAdmin = await staff.request({
      method: 'PUT',
      url: `/api/users/${staffUser.id}`,
      payload: { isAdmin: true },
    });
    expect(viaIsAdmin.json()).toMatchObject({ role: 'manager', isAdmin: false });
    const other = await staff.request({
      method: 'PUT',
      url: `/api/users/${adminId}`,
      payload: { firstName: 'Hacked' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'forbidden' });
    const create = await staff.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...valid, login: 'x1' },
    });
    expect(create.statusCode).toBe(403);
    const del = await staff.request({ method: 'DELETE', url: `/api/users/${adminId}` });
    expect(del.statusCode).toBe(403);
  });

  it('keeps the last admin: no self-delete, no demotion, no delete', async () => {
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/users/${adminId}` })).json(),
    ).toMatchObject({ error: 'self' });
    const demote = await admin.request({
      method: 'PUT',
      url: `/api/users/${adminId}`,
      payload: { firstName: 'Anna', role: 'manager' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: 'last_admin' });
  });

  it('deleting a user ends their sessions; disabling too', async () => {
    const victim = await createUser(t);
    const session = await login(t.app, victim);
    const res = await admin.request({ method: 'DELETE', url: `/api/users/${victim.id}` });
    expect(res.statusCode).toBe(204);
    expect((await session.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(401);

    const other = await createUser(t);
    const otherSession = await login(t.app, other);
    const dis = await admin.request({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      payload: { firstName: 'X', disabled: true },
    });
    expect(dis.statusCode).toBe(200);
    expect((await otherSession.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(
      401,
    );
  });

  it('changes my own password with the current one and ends my other sessions', async () => {
    const me = await createUser(t);
    const a = await login(t.app, me);
    const b = await login(t.app, me);
    const wrong = await a.request({
      method: 'PUT',
      url: `/api/users/${me.id}/password`,
      payload: { currentPassword: 'nope', password: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: 'is wrong' } });
    const ok = await a.request({
      method: 'PUT',
      url: `/api/users/${me.id}/password`,
      payload: {
        currentPassword: me.password,
        password: 'a brand new password',
        endOtherSessions: true,
      },
    });
    expect(ok.statusCode).toBe(204);
    expect((await a.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(200);
    expect((await b.request({ method: 'GET', url: '/api/islogin' })).statusCode).toBe(401);
    await login(t.app, { login: me.login, password: 'a brand new password' });
    const other = await staff.request({
      method: 'PUT',
      url: `/api/users/${me.id}/password`,
      payload: { password: 'another new password' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers 401 without a session and 403 without the XSRF header', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: valid,
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});
