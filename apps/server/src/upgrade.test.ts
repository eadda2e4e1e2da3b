import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { api } from '@school/contract/paths';
import { createTestDatabase } from '../test/databases.js';
import { firstMigrations as firstOf } from '../test/migrations.js';
import { loadConfig } from './config.js';
import { hashPassword } from './modules/auth/password.js';
import { startServer, type RunningServer } from './server.js';
import { migrationsFolder } from './db/migrate.js';

/**
 * docs/operations.md, Upgrades: a database made by the first release is migrated by the
 * server's own start-up and keeps every row; instances starting together migrate it once.
 */

/** The migrations of the first release: 0000_init. */
const FIRST_RELEASE = 1;
const PASSWORD = 'an old release password';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of its own (no migrations applied). */
async function emptyDatabase() {
  const database = await createTestDatabase(inject('adminDatabaseUrl'), 'template0');
  cleanups.push(database.drop);
  return database.url;
}

/** The first `count` migrations in a folder of their own, removed when the file ends. */
async function firstMigrations(count: number) {
  const folder = await firstOf(count);
  cleanups.push(folder.remove);
  return folder;
}

async function start(url: string, env: Record<string, string> = {}) {
  const server = await startServer(
    loadConfig({ DATABASE_URL: url, PORT: '0', LOG_LEVEL: 'silent', ...env }),
  );
  cleanups.push(server.close);
  return server;
}

const port = (server: RunningServer) => {
  const address = server.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe('an upgrade from the first release', () => {
  it('migrates a database of the first release at start-up and reads every row back', async () => {
    const url = await emptyDatabase();
    const { dir, tags } = await firstMigrations(FIRST_RELEASE);
    expect(tags[0]).toMatch(/^0000_/);
    const old = new pg.Pool({ connectionString: url });
    cleanups.push(() => old.end());
    await migrate(drizzle(old), { migrationsFolder: dir });

    // every table of that release gets rows
    const tables = await old.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'
       order by table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'app_secrets',
      'login_failures',
      'sessions',
      'users',
    ]);
    const hash = await hashPassword(PASSWORD);
    const users = await old.query<{ id: number }>(
      `insert into users (login, password_hash, first_name, last_name, email, tel, date_birth,
         position, language, is_admin, disabled)
       values ('olderadmin', $1, 'Olha', 'Starenko', 'olha@example.com', '+380 44 000 0001',
               '1980-02-03', 'Director', 'ukrainian', true, false),
              ('oldmanager', $1, 'Petro', 'Davnii', 'petro@example.com', '', null, '', 'Klingon',
               false, false),
              ('oldgone', $1, 'Gone', 'Away', '', '', null, '', '', false, true)
       returning id`,
      [hash],
    );
    const [adminId, managerId] = users.rows.map((r) => r.id);
    const secret = randomBytes(32);
    await old.query(`insert into app_secrets (name, value) values ('xsrf', $1)`, [secret]);
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest();
    await old.query(
      `insert into sessions (user_id, token_hash, device, timezone, ip, expires_at)
       values ($1, $2, 'Firefox 120 on Windows', 'Europe/Warsaw', '10.0.0.5',
               now() + interval '10 days')`,
      [managerId, tokenHash],
    );
    await old.query(
      `insert into login_failures (login, ip) values ('olderadmin', '10.0.0.9'),
         ('nobody', '10.0.0.9')`,
    );

    const server = await start(url);
    const base = `http://127.0.0.1:${port(server)}`;

    // the session of the old release still works, with its XSRF secret
    const cookie = `sid=${token}`;
    const me = await fetch(`${base}${api.islogin}`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: managerId,
      login: 'oldmanager',
      imie: 'Petro',
      role: 'manager',
    });
    const sessions = (await (
      await fetch(`${base}${api.sessions}`, { headers: { cookie } })
    ).json()) as { device: string; timezone: string }[];
    expect(sessions).toEqual([
      expect.objectContaining({ device: 'Firefox 120 on Windows', timezone: 'Europe/Warsaw' }),
    ]);
    const xsrf = createHmac('sha256', secret).update(tokenHash).digest('base64url');
    const created = await fetch(`${base}${api.clients}`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'After', lastName: 'Upgrade' }),
    });
    expect(created.status).toBe(201);

    // the admin logs in with the old password and reads every user back
    const loggedIn = await fetch(`${base}${api.authentication}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'olderadmin', password: PASSWORD }),
    });
    expect(loggedIn.status).toBe(200);
    const adminCookie = loggedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const admin = (await (
      await fetch(`${base}${api.user(adminId ?? 0)}`, { headers: { cookie: adminCookie } })
    ).json()) as Record<string, unknown>;
    expect(admin).toMatchObject({
      login: 'olderadmin',
      firstName: 'Olha',
      lastName: 'Starenko',
      email: 'olha@example.com',
      tel: '+380 44 000 0001',
      dateBirth: '1980-02-03',
      position: 'Director',
      role: 'admin',
      disabled: false,
    });
    // the language kept as its name then is the lookup's id now (an unknown one is none)
    const ukrainian = await old.query<{ id: number }>(
      `select id from languages where name = 'Ukrainian'`,
    );
    expect(admin.language).toBe(ukrainian.rows[0]?.id);
    const list = (await (
      await fetch(`${base}${api.users}?limit=50`, { headers: { cookie: adminCookie } })
    ).json()) as { login: string; role: string; disabled: boolean; language: number | null }[];
    expect(
      list.map(({ login, role, disabled, language }) => ({ login, role, disabled, language })),
    ).toEqual(
      expect.arrayContaining([
        { login: 'olderadmin', role: 'admin', disabled: false, language: ukrainian.rows[0]?.id },
        { login: 'oldmanager', role: 'manager', disabled: false, language: null },
        { login: 'oldgone', role: 'manager', disabled: true, language: null },
      ]),
    );
    expect(list).toHaveLength(3); // no first admin was added to a database with users
    const gone = await fetch(`${base}${api.authentication}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'oldgone', password: PASSWORD }),
    });
    expect(gone.status).toBe(401);

    // what the API does not show: the throttling's failures and the secret, as they were
    const failures = await old.query(
      `select login, ip from login_failures where ip = '10.0.0.9' order by id`,
    );
    expect(failures.rows).toEqual([
      { login: 'olderadmin', ip: '10.0.0.9' },
      { login: 'nobody', ip: '10.0.0.9' },
    ]);
    const kept = await old.query<{ value: Buffer }>(
      `select value from app_secrets where name = 'xsrf'`,
    );
    expect(kept.rows[0]?.value.equals(secret)).toBe(true);
    const applied = await old.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const all = JSON.parse(
      await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied.rows[0]?.n).toBe(all.entries.length);
  }, 60_000);
});

describe('two instances starting together on an empty database', () => {
  it('migrate it once, create the first admin once, and both come up', async () => {
    const url = await emptyDatabase();
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    let servers: RunningServer[];
    try {
      servers = await Promise.all([start(url), start(url)]);
    } finally {
      write.mockRestore();
    }
    for (const server of servers) {
      const res = await fetch(`http://127.0.0.1:${port(server)}${api.health}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', db: 'up' });
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const users = await check.query<{ login: string; role: string }>(
        'select login, role from users',
      );
      expect(users.rows).toEqual([{ login: 'admin', role: 'admin' }]);
      const applied = await check.query<{ hash: string }>(
        'select hash from drizzle.__drizzle_migrations',
      );
      const all = JSON.parse(
        await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied.rows).toHaveLength(all.entries.length);
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(all.entries.length);
    } finally {
      await check.end();
    }
    // the generated password is printed once, by the instance that made the admin
    expect(printed.filter((line) => line.startsWith('First start: log in as'))).toHaveLength(1);
    expect(printed.filter((line) => line.includes('is running on'))).toHaveLength(2);
  }, 60_000);
});
