import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@school/contract/users';
import { quizBuilder } from '../../test/bot.js';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../test/helper.js';
import { POLICY, rightOf, type Action, type Domain } from './policy.js';

/**
 * Every write route of the API as its OpenAPI document lists it, against the policy table
 * (docs/roles.md): for each role, every write the table refuses answers 403 `forbidden`; for a
 * role of reach `own`, a write on a record not theirs answers as docs/roles.md says (404 for a
 * student's record, 403 for another teacher's lesson or feed); and after each such call the
 * whole database reads as before. A write route this table does not name fails the test, so
 * the table stays complete: a new route names its domain here, or why it is open to everyone.
 */

let t: AppFixture;
const agents = {} as Record<Role, Agent>;
const users = {} as Record<Role, number>;
/** records made by the admin before the calls; `theirs…`: of another teacher and their student */
const ids = {
  stage: 0,
  product: 0,
  source: 0,
  category: 0,
  level: 0,
  project: 0,
  group: 0,
  target: 0,
  otherTeacher: 0,
  client: 0,
  mine: 0,
  theirs: 0,
  document: 0,
  ownLesson: 0,
  theirsLesson: 0,
  ownEvent: 0,
  theirsEvent: 0,
  conversation: 0,
  theirsRun: 0,
};
let serial = 0;

/** A call a role makes; the path's `{id}` is given by `id`. */
interface Call {
  id?: () => number;
  payload?: () => unknown;
}

interface Rule extends Call {
  domain: Domain;
  action: Action;
  /** a second right the route also needs (making a student of a client: clients too) */
  also?: [Domain, Action];
  /** only a reach `all` may call it (the students' import changes anyone's students) */
  allOnly?: true;
  /** a role of reach `own` on a record not theirs, and what it answers */
  notTheirs?: Call & { status: 403 | 404 };
}

/** Routes open to every user, or to no user at all, each with why (not a right of the table). */
interface Open {
  open: string;
}

const lesson = (teacher: number) => () => ({
  date: '2031-03-03',
  start: '10:00',
  end: '11:00',
  price: 60,
  teacher,
});
const csv = () => ({ csv: `firstName,name\nImported ${++serial},Imported ${serial}\n` });
const named = () => ({ name: `Named ${++serial}` });
const everyone = (why: string): Open => ({ open: why });

/** The lookups' three writes: the admin's. */
function lookup(path: string, id: () => number): Record<string, Rule> {
  return {
    [`POST /api/${path}`]: { domain: 'lookups', action: 'create', payload: named },
    [`PUT /api/${path}/{id}`]: { domain: 'lookups', action: 'update', id, payload: named },
    [`DELETE /api/${path}/{id}`]: { domain: 'lookups', action: 'delete', id },
  };
}

/** Projects' and groups' three writes: an admin's and a manager's. */
function organised(path: string, id: () => number): Record<string, Rule> {
  return {
    [`POST /api/${path}`]: { domain: 'projects', action: 'create', payload: named },
    [`PUT /api/${path}/{id}`]: { domain: 'projects', action: 'update', id, payload: named },
    [`DELETE /api/${path}/{id}`]: { domain: 'projects', action: 'delete', id },
  };
}

const ACTION_OF: Record<string, Action> = { POST: 'create', PUT: 'update', DELETE: 'delete' };

/** Teaching material's writes: every role's (docs/roles.md); the method names the action. */
const teaching = (...keys: string[]): Record<string, Rule> =>
  Object.fromEntries(
    keys.map((k) => [
      k,
      { domain: 'teaching', action: ACTION_OF[k.split(' ')[0] ?? ''] ?? 'update' },
    ]),
  );

const WRITES: Record<string, Rule | Open> = {
  'POST /api/authentication': everyone('logging in: there is no user yet'),
  'POST /api/logout': everyone("ends the caller's own session"),
  'DELETE /api/sessions/{id}': {
    domain: 'profile',
    action: 'update',
  },
  'POST /api/public/results': everyone(
    "the games player's, no login: a play recorded for the student of the link's hashCode",
  ),
  ...organised('projects', () => ids.project),
  ...organised('groups', () => ids.group),

  ...lookup('stages', () => ids.stage),
  ...lookup('products', () => ids.product),
  ...lookup('sources', () => ids.source),
  ...lookup('categories', () => ids.category),
  ...lookup('levels', () => ids.level),
  // fixed ids 0 to 5, edited only (docs/money.md, Attendance statuses)
  'PUT /api/attendancestatuses/{id}': {
    domain: 'lookups',
    action: 'update',
    id: () => 3,
    payload: () => ({ charge: true }),
  },

  // the money ledger (docs/money.md): admins and managers record, void and adjust
  'POST /api/payments': {
    domain: 'money',
    action: 'create',
    payload: () => ({ student: ids.mine, amount: 10, date: '2031-03-03', method: 'cash' }),
  },
  'POST /api/payments/{id}/void': {
    domain: 'money',
    action: 'create',
    id: () => 1,
    payload: () => ({ reason: 'refused' }),
  },
  'POST /api/adjustments': {
    domain: 'money',
    action: 'create',
    payload: () => ({ student: ids.mine, amount: -10, date: '2031-03-03', reason: 'refused' }),
  },
  // a bank statement and the review of its transfers (docs/money.md, Bank statements)
  'POST /api/payments/import/preview': { domain: 'money', action: 'create' },
  'POST /api/payments/import': { domain: 'money', action: 'create' },
  'POST /api/payments/unmatched/{id}/assign': {
    domain: 'money',
    action: 'create',
    id: () => 1,
    payload: () => ({ student: ids.mine }),
  },
  'POST /api/payments/unmatched/{id}/dismiss': { domain: 'money', action: 'create', id: () => 1 },
  'POST /api/payments/unmatched/{id}/restore': { domain: 'money', action: 'create', id: () => 1 },

  // invoices (docs/money.md, Invoices): admins and managers issue and correct them
  'POST /api/invoices': {
    domain: 'invoices',
    action: 'create',
    payload: () => ({ student: ids.mine, month: '2025-01' }),
  },
  'POST /api/invoices/{id}/correct': {
    domain: 'invoices',
    action: 'create',
    id: () => 1,
    payload: () => ({ reason: 'refused' }),
  },

  // teachers' pay (docs/money.md, Teachers' pay): admins and managers approve, pay, keep rates
  'POST /api/payroll/{month}/{teacher}/approve': {
    domain: 'pay',
    action: 'create',
    id: () => users.teacher,
  },
  'POST /api/payroll/{month}/{teacher}/paid': {
    domain: 'pay',
    action: 'create',
    id: () => users.teacher,
    payload: () => ({ date: '2025-02-01' }),
  },
  'POST /api/users/{id}/payrates': {
    domain: 'pay',
    action: 'create',
    id: () => users.teacher,
    payload: () => ({ kind: 'hour', value: '500', from: '2025-01-01' }),
  },
  'DELETE /api/users/{id}/payrates/{rate}': {
    domain: 'pay',
    action: 'delete',
    id: () => users.teacher,
  },

  // a backup of the whole database: an admin's (ADR 028)
  'POST /api/backups': { domain: 'backups', action: 'create' },
  'PUT /api/settings/school': {
    domain: 'school',
    action: 'update',
    payload: () => ({ name: 'Changed school' }),
  },

  // someone else's account; one's own is the profile's (everyone)
  'POST /api/users': {
    domain: 'users',
    action: 'create',
    payload: () => ({
      login: `new${++serial}`,
      password: 'a long enough password',
      firstName: 'N',
    }),
  },
  'PUT /api/users/{id}': {
    domain: 'users',
    action: 'update',
    id: () => ids.target,
    payload: () => ({ firstName: 'Changed' }),
  },
  'DELETE /api/users/{id}': { domain: 'users', action: 'delete', id: () => ids.target },
  'PUT /api/users/{id}/password': {
    domain: 'users',
    action: 'update',
    id: () => ids.target,
    payload: () => ({ password: 'another long password' }),
  },

  'POST /api/clients': { domain: 'clients', action: 'create', payload: named },
  'PUT /api/clients/{id}': {
    domain: 'clients',
    action: 'update',
    id: () => ids.client,
    payload: () => ({ lastName: 'Changed' }),
  },
  'DELETE /api/clients/{id}': { domain: 'clients', action: 'delete', id: () => ids.client },
  'POST /api/clients/import/preview': { domain: 'clients', action: 'create', payload: csv },
  'POST /api/clients/import': { domain: 'clients', action: 'create', payload: csv },

  'POST /api/students': { domain: 'students', action: 'create' },
  'PUT /api/students/{id}': {
    domain: 'students',
    action: 'update',
    id: () => ids.mine,
    payload: () => ({ surname: 'Changed' }),
    notTheirs: { id: () => ids.theirs, payload: () => ({ surname: 'Changed' }), status: 404 },
  },
  'DELETE /api/students/{id}': {
    domain: 'students',
    action: 'delete',
    id: () => ids.mine,
    notTheirs: { id: () => ids.theirs, status: 404 },
  },
  'POST /api/students/{id}/hashcode': {
    domain: 'students',
    action: 'update',
    id: () => ids.mine,
    notTheirs: { id: () => ids.theirs, status: 404 },
  },
  'POST /api/students/import/preview': {
    domain: 'students',
    action: 'create',
    allOnly: true,
    payload: csv,
  },
  'POST /api/students/import': {
    domain: 'students',
    action: 'create',
    allOnly: true,
    payload: csv,
  },
  'POST /api/clients/{id}/student': {
    domain: 'students',
    action: 'create',
    also: ['clients', 'read'],
    id: () => ids.client,
  },

  'POST /api/studentdocuments': {
    domain: 'studentDocuments',
    action: 'create',
    payload: () => ({ student: ids.mine, name: 'Passport' }),
  },
  'PUT /api/studentdocuments/{id}': {
    domain: 'studentDocuments',
    action: 'update',
    id: () => ids.document,
    payload: () => ({ number: 'AB123' }),
  },
  'DELETE /api/studentdocuments/{id}': {
    domain: 'studentDocuments',
    action: 'delete',
    id: () => ids.document,
  },

  'POST /api/lessons': {
    domain: 'lessons',
    action: 'create',
    notTheirs: { payload: () => lesson(ids.otherTeacher)(), status: 403 },
  },
  'PUT /api/lessons/{id}': {
    domain: 'lessons',
    action: 'update',
    id: () => ids.ownLesson,
    notTheirs: { id: () => ids.theirsLesson, payload: () => ({ course: 'Changed' }), status: 403 },
  },
  'DELETE /api/lessons/{id}': {
    domain: 'lessons',
    action: 'delete',
    id: () => ids.ownLesson,
    notTheirs: { id: () => ids.theirsLesson, status: 403 },
  },
  'POST /api/events': {
    domain: 'participations',
    action: 'create',
    payload: () => ({ lesson: ids.ownLesson, student: ids.theirs }),
  },
  'PUT /api/events/{id}': {
    domain: 'participations',
    action: 'update',
    id: () => ids.ownEvent,
    payload: () => ({ isPaid: true }),
    notTheirs: { id: () => ids.theirsEvent, payload: () => ({ attendence: 1 }), status: 404 },
  },
  'DELETE /api/events/{id}': {
    domain: 'participations',
    action: 'delete',
    id: () => ids.ownEvent,
  },

  'POST /api/me/ical': { domain: 'ical', action: 'create' },
  'POST /api/users/{id}/ical': {
    domain: 'ical',
    action: 'create',
    notTheirs: { id: () => ids.otherTeacher, status: 403 },
  },

  // conversation runs are records of students
  'POST /api/conversationprogress': {
    domain: 'students',
    action: 'create',
    notTheirs: {
      payload: () => ({ student: ids.theirs, conversationId: ids.conversation }),
      status: 404,
    },
  },
  'DELETE /api/conversationprogress/{id}': {
    domain: 'students',
    action: 'delete',
    notTheirs: { id: () => ids.theirsRun, status: 404 },
  },
  'POST /api/conversationprogress/byalgorithm': { domain: 'students', action: 'create' },

  ...teaching(
    'POST /api/conversations',
    'PUT /api/conversations/{id}',
    'DELETE /api/conversations/{id}',
    'POST /api/conversations/{id}/preview',
    'POST /api/answers',
    'PUT /api/answers/{id}',
    'DELETE /api/answers/{id}',
    'POST /api/answerconnectors',
    'DELETE /api/answerconnectors',
    'PUT /api/answerconnectors/{id}',
    'DELETE /api/answerconnectors/{id}',
    'POST /api/estimationgroup',
    'DELETE /api/estimationgroup',
    'PUT /api/estimationgroup/{id}',
    'DELETE /api/estimationgroup/{id}',
    'POST /api/grid',
    'PUT /api/grid/{id}',
    'DELETE /api/grid/{id}',
    'POST /api/grid/{id}/order',
    'POST /api/gridcard',
    'PUT /api/gridcard/{id}',
    'DELETE /api/gridcard/{id}',
    'POST /api/set',
    'PUT /api/set/{id}',
    'DELETE /api/set/{id}',
    'POST /api/set/{id}/order',
    'POST /api/setcard',
    'PUT /api/setcard/{id}',
    'DELETE /api/setcard/{id}',
  ),
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];
let documented: string[] = [];

/** Whether `role` may make the call the table's way (both rights, reach `all` where asked). */
function mayCall(role: Role, rule: Rule) {
  const rights = [[rule.domain, rule.action] as const, ...(rule.also ? [rule.also] : [])];
  return rights.every(([domain, action]) => {
    const { reach } = rightOf(role, domain, action);
    return rule.allOnly ? reach === 'all' : reach !== 'none';
  });
}

/**
 * The whole database as a string per table: its row count and a digest of its rows. Sessions
 * are left out: every request notes its session's last activity.
 */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE'
       and table_name <> 'sessions' order by 1`,
  );
  const digest = tables
    .map(
      ({ name }) =>
        `select '${name}' as name, count(*) || ' ' || md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from "${name}" x`,
    )
    .join(' union all ');
  const { rows } = await t.database.pool.query<{ name: string; digest: string }>(digest);
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

async function created(url: string, payload?: unknown): Promise<number> {
  const res = await agents.admin.request({ method: 'POST', url, payload: payload ?? {} });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}
async function firstOf(url: string): Promise<number> {
  const res = await agents.admin.request({ method: 'GET', url: `${url}?limit=1` });
  const [row] = res.json<{ id: number }[]>();
  return row?.id ?? created(url, named());
}

beforeAll(async () => {
  t = await setupApp({ admin: true, user: { login: 'writes-admin' } });
  agents.admin = t.agent;
  users.admin = t.user.id;
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const user = await createUser(t, { login: `writes-${role}`, role });
    users[role] = user.id;
    agents[role] = await login(t.app, user);
  }
  ids.otherTeacher = (await createUser(t, { login: 'writes-other', role: 'teacher' })).id;
  ids.target = (await createUser(t, { login: 'writes-target' })).id;
  ids.stage = await firstOf('/api/stages');
  ids.product = await firstOf('/api/products');
  ids.source = await firstOf('/api/sources');
  ids.category = await firstOf('/api/categories');
  ids.level = await firstOf('/api/levels');
  ids.project = await firstOf('/api/projects');
  ids.group = await firstOf('/api/groups');
  ids.client = await created('/api/clients', { firstName: 'Client' });
  ids.mine = await created('/api/students', { name: 'Mine', surname: 'Student' });
  ids.theirs = await created('/api/students', { name: 'Theirs', surname: 'Student' });
  ids.document = await created('/api/studentdocuments', { student: ids.mine, name: 'Visa' });
  ids.ownLesson = await created('/api/lessons', lesson(users.teacher)());
  ids.theirsLesson = await created('/api/lessons', {
    ...lesson(ids.otherTeacher)(),
    start: '12:00',
    end: '13:00',
  });
  ids.ownEvent = await created('/api/events', { lesson: ids.ownLesson, student: ids.mine });
  ids.theirsEvent = await created('/api/events', {
    lesson: ids.theirsLesson,
    student: ids.theirs,
  });
  ids.conversation = (await quizBuilder(agents.admin)({ isPublic: 0 })).conv.id;
  ids.theirsRun = await created('/api/conversationprogress', {
    student: ids.theirs,
    conversationId: ids.conversation,
  });
  const doc = await agents.admin.request({ method: 'GET', url: '/api/docs/json' });
  const paths = doc.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  documented = Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => WRITE_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
});

describe('every write route against the policy table', () => {
  it('names every write route of the OpenAPI document, and no other', () => {
    expect(documented.length).toBeGreaterThan(50);
    const missing = documented.filter((route) => !(route in WRITES));
    expect(missing, 'write routes without a rule: name their domain or why they are open').toEqual(
      [],
    );
    const stale = Object.keys(WRITES).filter((route) => !documented.includes(route));
    expect(stale, 'rules of routes the API no longer has').toEqual([]);
    for (const [route, rule] of Object.entries(WRITES)) {
      if ('open' in rule) expect(rule.open, route).not.toBe('');
      else expect(POLICY[rule.domain], route).toBeDefined();
    }
  });

  for (const role of ROLES) {
    it(`refuses the ${role} what the table refuses, and nothing changes`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      let before = await snapshot();
      const send = async (route: string, call: Call, status: number) => {
        const [method = '', path = ''] = route.split(' ');
        const id = String(call.id?.() ?? 0);
        const url = path
          .replace('{id}', id)
          .replace('{teacher}', id)
          .replace('{month}', '2025-01')
          .replace('{rate}', '1');
        const payload = call.payload?.();
        const res = await agents[role].request({
          method: method as 'POST' | 'PUT' | 'DELETE',
          url,
          ...(payload === undefined ? {} : { payload }),
        });
        const error = res.statusCode >= 400 ? res.json<{ error: string }>().error : '';
        outcomes.push(`${route} ${res.statusCode} ${error}`);
        expected.push(`${route} ${status} ${status === 403 ? 'forbidden' : 'not_found'}`);
        const after = await snapshot();
        expect(after, `${role}: ${method} ${url} changed the database`).toEqual(before);
        before = after;
      };
      for (const [route, rule] of Object.entries(WRITES)) {
        if ('open' in rule) continue;
        if (!mayCall(role, rule)) await send(route, rule, 403);
        else if (rule.notTheirs && rightOf(role, rule.domain, rule.action).reach === 'own') {
          await send(route, rule.notTheirs, rule.notTheirs.status);
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
