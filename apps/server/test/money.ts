import { hash } from '@node-rs/argon2';
import { beforeAll, expect } from 'vitest';
import { api } from '@school/contract/paths';
import type { Role } from '@school/contract/users';
import { insertUser } from '../src/modules/users/users.queries.js';
import { createTestApp, login, type Agent, type TestApp } from './helper.js';

/** A past and a future date: lessons on the first have ended, on the second are ahead. */
export const PAST = '2025-01-06';
export const AHEAD = '2031-06-02';
/** The school's zone the tests' app reckons lessons in (BOT_TIMEZONE's default). */
export const SCHOOL_ZONE = 'Europe/Kyiv';

/**
 * The school's wall clock `minutes` from now (negative: ago), to the minute: a lesson's date
 * and an end time. Never 00:00, which no lesson ends at: a minute earlier then.
 */
export function clockIn(minutes: number, zone = SCHOOL_ZONE) {
  let at = new Date(Date.now() + minutes * 60_000);
  const read = () =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
  let parts = read();
  if (parts.hour === '00' && parts.minute === '00') {
    at = new Date(at.getTime() - 60_000);
    parts = read();
  }
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** A user of `role` whose password hash has argon2's cheapest cost: its login verifies at once. */
async function quickLogin(t: TestApp, role: Role, login_: string) {
  const password = 'correct horse battery';
  await insertUser(t.database.db, {
    login: login_,
    passwordHash: await hash(password, { memoryCost: 64, timeCost: 1, parallelism: 1 }),
    firstName: 'Olena',
    lastName: 'Shevchenko',
    role,
  });
  return login(t.app, { login: login_, password });
}

export interface LedgerEntryRead {
  id: number;
  at: string;
  kind: string;
  amount: number;
  balance: number;
  correction: boolean;
  date: string;
  event: number | null;
  lesson: number | null;
}

/** The calls of the money tests, as one staff user. */
export function moneyCalls(agent: Agent) {
  const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
  const get = (url: string) => agent.request({ method: 'GET', url });
  let serial = 0;
  const calls = {
    post,
    get,
    put: (url: string, payload: unknown) => agent.request({ method: 'PUT', url, payload }),
    del: (url: string) => agent.request({ method: 'DELETE', url }),
    async student(name = 'Payer') {
      const res = await post(api.students, { name, surname: `Money ${++serial}` });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    },
    /** a lesson; its id */
    async lesson(lesson: {
      date: string;
      price: number;
      start?: string;
      end?: string;
      duration?: number;
    }) {
      const made = await post(api.lessons, {
        start: lesson.start ?? '10:00',
        end: lesson.end ?? '11:00',
        force: true,
        ...lesson,
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ id: number }>().id;
    },
    /** a lesson with one participant; its participation's id */
    async takes(
      student: number,
      lesson: { date: string; price: number; start?: string; end?: string; duration?: number },
      fields: Record<string, unknown> = {},
    ) {
      const res = await post(api.events, {
        lesson: await calls.lesson(lesson),
        student,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    },
    /** the lesson of participation `event` */
    lessonOf: async (event: number) =>
      (await get(`/api/events/${event}`)).json<{ lesson: number }>().lesson,
    paidOf: async (event: number) =>
      (await get(`/api/events/${event}`)).json<{ isPaid: boolean }>().isPaid,
    ledger: async (student: number) =>
      (await get(`/api/ledger?student=${student}`)).json<LedgerEntryRead[]>(),
    async account(student: number) {
      const res = await get(`/api/students/${student}/account`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        balance: number;
        due: number;
        credit: number;
        upcoming: number;
        oldestDueDate: string | null;
        currency: string;
      }>();
    },
    async pay(payload: Record<string, unknown>) {
      const res = await post('/api/payments', { date: '2025-02-01', method: 'cash', ...payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number; covers: { event: number; amount: number }[] }>();
    },
  };
  return calls;
}

export type MoneyApp = ReturnType<typeof moneyCalls> & {
  t: TestApp;
  db: TestApp['database']['db'];
  agent: Agent;
  /** another user of `role`, logged in */
  loginAs: (role: Role) => Promise<Agent>;
};

/**
 * The one start of a money test file: the whole app on its own database and an admin logged in,
 * made once before the file's tests; the object it answers is filled then (its calls as that
 * admin, `t`, `db` and `agent`). The users' password hashes cost argon2's least, so the file's
 * logins take no time.
 */
export function useMoneyApp(): MoneyApp {
  const money = {} as MoneyApp;
  let users = 0;
  beforeAll(async () => {
    const t = await createTestApp();
    const loginAs = (role: Role) => quickLogin(t, role, `money${++users}`);
    const agent = await loginAs('admin');
    Object.assign(money, moneyCalls(agent), { t, db: t.database.db, agent, loginAs });
  });
  return money;
}
