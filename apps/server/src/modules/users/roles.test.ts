import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  login,
  setupApp,
  type Agent,
  type AppFixture,
} from '../../../test/helper.js';
import { ensureAdmin } from './admin.js';

/** Roles of users (docs/roles.md): who sets them, the last admin, and when they apply. */

let t: AppFixture;
let admin: Agent;

const put = (agent: Agent, id: number, payload: unknown) =>
  agent.request({ method: 'PUT', url: `/api/users/${id}`, payload });
const read = async (id: number) =>
  (await admin.request({ method: 'GET', url: `/api/users/${id}` })).json<{
    role: string;
    isAdmin: boolean;
    disabled: boolean;
    firstName: string;
  }>();

beforeAll(async () => {
  t = await setupApp({ admin: true, user: { login: 'roles-admin' } });
  admin = t.agent;
});

describe('roles', () => {
  it('the first user the server creates is an admin', async () => {
    const empty = await createTestApp();
    await ensureAdmin(empty.database.db, {
      ...empty.config,
      ADMIN_PASSWORD: 'a long enough password',
    });
    const first = await login(empty.app, {
      login: empty.config.ADMIN_LOGIN,
      password: 'a long enough password',
    });
    const me = await first.request({ method: 'GET', url: '/api/islogin' });
    expect(me.json()).toMatchObject({ role: 'admin' });
  });

  it('an admin creates a user of a role and changes it; isAdmin follows the role', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: {
        login: 'new.teacher',
        password: 'a long enough password',
        firstName: 'Iryna',
        role: 'teacher',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect(res.json()).toMatchObject({ role: 'teacher', isAdmin: false });
    expect((await put(admin, id, { role: 'admin' })).json()).toMatchObject({
      role: 'admin',
      isAdmin: true,
    });
    expect((await put(admin, id, { role: 'manager' })).json()).toMatchObject({
      role: 'manager',
      isAdmin: false,
    });
    const unknown = await put(admin, id, { role: 'owner' });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists users by role and sorts by it', async () => {
    await createUser(t, { login: 'list-teacher', role: 'teacher' });
    const res = await admin.request({ method: 'GET', url: '/api/users?role=teacher&limit=1000' });
    const rows = res.json<{ role: string }[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((u) => u.role === 'teacher')).toBe(true);
    const sorted = await admin.request({ method: 'GET', url: '/api/users?sort=role&limit=1000' });
    const roles = sorted.json<{ role: string }[]>().map((u) => u.role);
    expect(roles).toEqual([...roles].sort());
  });

  it('a non-admin who sends a role, even their own, gets 403 and nothing changes', async () => {
    const manager = await createUser(t, { login: 'self-manager', role: 'manager' });
    const agent = await login(t.app, manager);
    for (const role of ['admin', 'manager', 'teacher']) {
      const res = await put(agent, manager.id, { firstName: 'Changed', role });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect(await read(manager.id)).toMatchObject({ role: 'manager', firstName: 'Olena' });
    // the own profile stays editable
    expect((await put(agent, manager.id, { firstName: 'Oksana' })).statusCode).toBe(200);
  });

  it('the last enabled admin keeps the role and stays enabled (409)', async () => {
    const other = await createUser(t, { login: 'second-admin', role: 'admin' });
    // two admins: one may become a manager
    expect((await put(admin, other.id, { role: 'manager' })).statusCode).toBe(200);
    for (const payload of [{ role: 'teacher' }, { role: 'manager' }]) {
      const res = await put(admin, t.user.id, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'last_admin' });
      expect(res.json<{ message: string }>().message).toMatch(/last enabled admin/);
    }
    expect(await read(t.user.id)).toMatchObject({ role: 'admin', isAdmin: true });
    // a disabled admin does not count
    expect((await put(admin, other.id, { role: 'admin', disabled: true })).statusCode).toBe(200);
    expect((await put(admin, t.user.id, { role: 'manager' })).statusCode).toBe(409);
    // nor may the last enabled admin be disabled, and nothing of the request changes
    const before = await read(t.user.id);
    const disable = await put(admin, t.user.id, { disabled: true, firstName: 'Changed' });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ error: 'last_admin' });
    expect(await read(t.user.id)).toEqual(before);
    expect(before).toMatchObject({ disabled: false, role: 'admin' });
  });

  it('a role change applies on the next request, without a new login', async () => {
    const user = await createUser(t, { login: 'switching', role: 'manager' });
    const agent = await login(t.app, user);
    const clients = () => agent.request({ method: 'GET', url: '/api/clients' });
    expect((await clients()).statusCode).toBe(200);
    expect((await put(admin, user.id, { role: 'teacher' })).statusCode).toBe(200);
    expect((await clients()).statusCode).toBe(403);
    expect((await agent.request({ method: 'GET', url: '/api/islogin' })).json()).toMatchObject({
      role: 'teacher',
    });
    expect((await put(admin, user.id, { role: 'admin' })).statusCode).toBe(200);
    const lookup = await agent.request({
      method: 'POST',
      url: '/api/sources',
      payload: { name: 'Made by a new admin' },
    });
    expect(lookup.statusCode).toBe(201);
    expect((await put(admin, user.id, { disabled: true })).statusCode).toBe(200);
    expect((await clients()).statusCode).toBe(401);
  });

  it('the login answers the role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authentication',
      payload: { login: 'roles-admin', password: t.user.password },
    });
    expect(res.json()).toMatchObject({ login: 'roles-admin', role: 'admin' });
  });
});
