import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SECRET, type AuditEntry } from '@school/contract/audit';
import { cookiesOf, login, setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

/** docs/history.md, What is recorded and Secrets: sign-in events, passwords, roles, hashCodes. */

let t: AppFixture;
let admin: Agent;

beforeAll(async () => {
  t = await setupApp({ admin: true, user: { firstName: 'Anna', lastName: 'Boss' } });
  admin = t.agent;
});

const historyOf = async (url: string) => {
  const res = await admin.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditEntry[]>();
};

describe('sign-in events and secrets', () => {
  it('records logins, failed logins, password and role changes, revokes and logouts, and keeps no secret', async () => {
    const secrets: string[] = [];
    const first = 'first secret password 1';
    const mistyped = 'mistyped secret password 2';
    const second = 'second secret password 3';
    const third = 'third secret password 4';
    secrets.push(first, mistyped, second, third);

    // an admin creates a user with a password
    const made = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { login: 'history.user', password: first, firstName: 'Iryna', lastName: 'Lys' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ id: number }>().id;

    // a wrong password, an unknown login, then a good login
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/authentication',
      payload: { login: 'history.user', password: mistyped },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/authentication',
      payload: { login: 'nobody.here', password: mistyped },
    });
    expect(unknown.statusCode).toBe(401);
    const user = await login(t.app, { login: 'history.user', password: first });
    secrets.push(...Object.values(user.cookies), user.xsrf);

    // the user changes their password (mistyping the current one first), the admin sets one
    const badCurrent = await user.request({
      method: 'PUT',
      url: `/api/users/${id}/password`,
      payload: { currentPassword: mistyped, password: second, endOtherSessions: false },
    });
    expect(badCurrent.statusCode).toBe(400);
    const own = await user.request({
      method: 'PUT',
      url: `/api/users/${id}/password`,
      payload: { currentPassword: first, password: second, endOtherSessions: false },
    });
    expect(own.statusCode).toBe(204);
    const set = await admin.request({
      method: 'PUT',
      url: `/api/users/${id}/password`,
      payload: { password: third, endOtherSessions: false },
    });
    expect(set.statusCode).toBe(204);

    // a role change with another field: role_change and an update
    const role = await admin.request({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { role: 'teacher', position: 'Tutor' },
    });
    expect(role.statusCode).toBe(200);

    // the user's calendar feed address, whose token is a secret too
    const feed = await user.request({ method: 'POST', url: '/api/me/ical' });
    expect(feed.statusCode).toBe(200);
    const token = feed.json<{ token: string }>().token;
    secrets.push(token);

    // a second session, revoked from the list, then a logout
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/authentication',
      payload: { login: 'history.user', password: third },
    });
    secrets.push(...Object.values(cookiesOf(other)));
    const sessions = await user.request({ method: 'GET', url: '/api/sessions' });
    const otherSession = sessions
      .json<{ id: number; current: boolean }[]>()
      .find((s) => !s.current)!;
    const revoke = await user.request({
      method: 'DELETE',
      url: `/api/sessions/${otherSession.id}`,
    });
    expect(revoke.statusCode).toBe(204);
    const out = await user.request({ method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(204);
    // an admin disabling the user ends their sessions: each a revoke
    const again = await login(t.app, { login: 'history.user', password: third });
    secrets.push(...Object.values(again.cookies), again.xsrf);
    const disabled = await admin.request({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);

    // a student with a hashCode, renewed
    const student = await admin.request({
      method: 'POST',
      url: '/api/students',
      payload: { name: 'Secret', surname: 'Keeper' },
    });
    const s = student.json<{ id: number; hashCode: string }>();
    const renewed = await admin.request({ method: 'POST', url: `/api/students/${s.id}/hashcode` });
    expect(renewed.statusCode).toBe(200);
    secrets.push(s.hashCode, renewed.json<{ hashCode: string }>().hashCode);

    const entries = await historyOf(`/api/users/${id}/history`);
    const actions = entries.map((e) => e.action).reverse();
    expect(actions).toEqual([
      'create',
      'login_failed',
      'login',
      'password_change',
      'password_change',
      'update',
      'role_change',
      'update',
      'login',
      'session_revoke',
      'logout',
      'login',
      'update',
      'session_revoke',
    ]);
    const byAction = (a: string) => entries.filter((e) => e.action === a);
    expect(byAction('login_failed')[0]).toMatchObject({
      userId: null,
      entityId: id,
      changes: { login: 'history.user' },
    });
    expect(byAction('role_change')[0]).toMatchObject({
      userId: t.user.id,
      changes: { role: ['manager', 'teacher'] },
    });
    expect(byAction('update').map((e) => e.changes)).toEqual([
      { disabled: [false, true] },
      { icalToken: [AUDIT_SECRET, AUDIT_SECRET] },
      { position: ['', 'Tutor'] },
    ]);
    expect(byAction('session_revoke')[0]).toMatchObject({ userId: t.user.id, entityId: id });
    expect(
      byAction('password_change')
        .map((e) => e.userId)
        .reverse(),
    ).toEqual([id, t.user.id]);
    expect(byAction('password_change')[0]!.changes).toEqual({ password: AUDIT_SECRET });
    expect(byAction('login')[0]).toMatchObject({ userId: id, userName: 'Iryna Lys' });
    expect(byAction('create')[0]!.changes).toMatchObject({ passwordHash: AUDIT_SECRET });

    // a login naming nobody: no record, the login tried
    const [nobody] = await historyOf('/api/audit?action=login_failed&search=nobody.here');
    expect(nobody).toMatchObject({
      entityId: null,
      userId: null,
      changes: { login: 'nobody.here' },
    });

    const hash = (await historyOf(`/api/students/${s.id}/history`))[0]!;
    expect(hash).toMatchObject({
      action: 'update',
      changes: { hashCode: [AUDIT_SECRET, AUDIT_SECRET] },
    });

    // no secret anywhere: neither through the API nor in the table
    const all = JSON.stringify(await historyOf('/api/audit?limit=5000'));
    const raw = await t.database.db.execute(sql`select * from history`);
    const table = JSON.stringify(raw.rows);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(all).not.toContain(secret);
      expect(table).not.toContain(secret);
      const found = await historyOf(`/api/audit?search=${encodeURIComponent(secret)}`);
      expect(found).toEqual([]);
    }
    expect(table).not.toMatch(/\$argon2/);
  });
});

describe('a deleted user', () => {
  it('takes their sessions with them, each a revoke, in the delete', async () => {
    const made = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { login: 'leaving.user', password: 'leaving secret password', firstName: 'Ira' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ id: number }>().id;
    const one = await login(t.app, { login: 'leaving.user', password: 'leaving secret password' });
    await login(t.app, { login: 'leaving.user', password: 'leaving secret password' });
    const deleted = await admin.request({ method: 'DELETE', url: `/api/users/${id}` });
    expect(deleted.statusCode).toBe(204);

    const entries = await historyOf(`/api/users/${id}/history`);
    const [gone, ...revokes] = entries.filter((e) => e.requestId === entries[0]!.requestId);
    expect(gone).toMatchObject({ action: 'delete', userId: t.user.id });
    expect(gone!.changes).toMatchObject({ login: 'leaving.user', passwordHash: AUDIT_SECRET });
    expect(revokes.map((e) => e.action)).toEqual(['session_revoke', 'session_revoke']);
    expect(revokes.map((e) => Object.keys(e.changes).sort())).toEqual([
      ['device', 'session'],
      ['device', 'session'],
    ]);
    const table = JSON.stringify((await t.database.db.execute(sql`select * from history`)).rows);
    for (const secret of Object.values(one.cookies)) expect(table).not.toContain(secret);
  });
});

describe('a login the throttle refuses', () => {
  it('is a refused login too: the login tried and the reason, never the password', async () => {
    const { db } = t.database;
    const tried = 'throttled secret password';
    // the login has failed from this address as often as allowed (ADR 011)
    await db.execute(sql`insert into login_failures (login, ip)
      select ${t.user.login}, '127.0.0.1' from generate_series(1, ${t.config.LOGIN_MAX_FAILURES})`);
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/authentication',
        payload: { login: t.user.login, password: tried },
      });
      expect(refused.statusCode).toBe(429);
      const [entry] = await historyOf(`/api/users/${t.user.id}/history?limit=1`);
      expect(entry).toMatchObject({
        action: 'login_failed',
        userId: null,
        entityId: t.user.id,
        requestId: refused.headers['x-request-id'],
        changes: { login: t.user.login, reason: 'throttled' },
      });
      const table = JSON.stringify((await db.execute(sql`select * from history`)).rows);
      expect(table).not.toContain(tried);
    } finally {
      await db.execute(sql`delete from login_failures where login = ${t.user.login}`);
    }
  });
});
