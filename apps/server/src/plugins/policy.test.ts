import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@school/contract/users';
import { createUser, login, setupApp, type Agent, type AppFixture } from '../../test/helper.js';
import { mayDo, POLICY, type Action, type Domain } from './policy.js';

/**
 * The policy table as the API answers it (docs/roles.md): for one user of each role and each
 * route of the domains with whole-domain rules, 403 exactly where the table says `none`, and
 * a refused write changes nothing.
 */

let t: AppFixture;
const agents = {} as Record<Role, Agent>;
const ids = {} as Record<Role, number>;
let student = 0;
let client = 0;
let document = 0;
let serial = 0;

const admin = () => t.agent;
async function created(url: string, payload: unknown): Promise<number> {
  const res = await admin().request({ method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}
const newUser = async () => (await createUser(t, { login: `target${++serial}` })).id;
const newClient = () => created('/api/clients', { firstName: `Client ${++serial}` });
const newStage = () => created('/api/stages', { name: `Stage ${++serial}` });
const newDocument = () => created('/api/studentdocuments', { student, name: `Visa ${++serial}` });

interface Case {
  domain: Domain;
  action: Action;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the URL; `id` is the record made by `fresh` (or none), `self` the caller's own user id */
  url: (id: number, self: number) => string;
  payload?: () => unknown;
  /** a record of its own for a write, made by the admin before each call */
  fresh?: () => Promise<number>;
  /** what the admin reads back: a refused write leaves it as it was */
  readBack?: (id: number) => string;
}

const csv = () => ({ csv: `firstName\nImported ${++serial}\n` });

const CASES: Case[] = [
  // users: everyone reads the list (names in selectors); managing users is the admin's
  { domain: 'users', action: 'read', method: 'GET', url: () => '/api/users' },
  { domain: 'users', action: 'read', method: 'GET', url: () => `/api/users/${ids.admin}` },
  {
    domain: 'users',
    action: 'create',
    method: 'POST',
    url: () => '/api/users',
    payload: () => ({
      login: `new${++serial}`,
      password: 'a long enough password',
      firstName: 'N',
    }),
    readBack: () => '/api/users?limit=1000',
  },
  {
    domain: 'users',
    action: 'update',
    method: 'PUT',
    url: (id) => `/api/users/${id}`,
    payload: () => ({ firstName: 'Changed' }),
    fresh: newUser,
    readBack: (id) => `/api/users/${id}`,
  },
  {
    domain: 'users',
    action: 'update',
    method: 'PUT',
    url: (id) => `/api/users/${id}/password`,
    payload: () => ({ password: 'another long password' }),
    fresh: newUser,
  },
  {
    domain: 'users',
    action: 'delete',
    method: 'DELETE',
    url: (id) => `/api/users/${id}`,
    fresh: newUser,
    readBack: (id) => `/api/users/${id}`,
  },
  // one's own profile, password and sessions: everyone
  { domain: 'profile', action: 'read', method: 'GET', url: () => '/api/sessions' },
  {
    domain: 'profile',
    action: 'update',
    method: 'PUT',
    url: (_id, self) => `/api/users/${self}`,
    payload: () => ({ position: 'Own position' }),
  },
  // lookups: read by everyone, edited by the admin
  { domain: 'lookups', action: 'read', method: 'GET', url: () => '/api/stages' },
  { domain: 'lookups', action: 'read', method: 'GET', url: () => '/api/products' },
  { domain: 'lookups', action: 'read', method: 'GET', url: () => '/api/languages' },
  {
    domain: 'lookups',
    action: 'create',
    method: 'POST',
    url: () => '/api/stages',
    payload: () => ({ name: `Stage ${++serial}` }),
    readBack: () => '/api/stages?limit=1000',
  },
  {
    domain: 'lookups',
    action: 'create',
    method: 'POST',
    url: () => '/api/sources',
    payload: () => ({ name: `Source ${++serial}` }),
    readBack: () => '/api/sources?limit=1000',
  },
  {
    domain: 'lookups',
    action: 'update',
    method: 'PUT',
    url: (id) => `/api/stages/${id}`,
    payload: () => ({ name: `Renamed ${++serial}` }),
    fresh: newStage,
    readBack: (id) => `/api/stages/${id}`,
  },
  {
    domain: 'lookups',
    action: 'delete',
    method: 'DELETE',
    url: (id) => `/api/stages/${id}`,
    fresh: newStage,
    readBack: (id) => `/api/stages/${id}`,
  },
  // clients, the pipeline, the CSV and the dashboard
  { domain: 'clients', action: 'read', method: 'GET', url: () => '/api/clients' },
  { domain: 'clients', action: 'read', method: 'GET', url: () => `/api/clients/${client}` },
  { domain: 'clients', action: 'read', method: 'GET', url: () => '/api/clients/bystage' },
  { domain: 'clients', action: 'read', method: 'GET', url: () => '/api/clients/export.csv' },
  { domain: 'clients', action: 'read', method: 'GET', url: () => '/api/clients/import/no-job' },
  { domain: 'clients', action: 'read', method: 'GET', url: () => '/api/dashboard' },
  {
    domain: 'clients',
    action: 'create',
    method: 'POST',
    url: () => '/api/clients',
    payload: () => ({ firstName: `Client ${++serial}` }),
    readBack: () => '/api/clients?limit=1000',
  },
  {
    domain: 'clients',
    action: 'update',
    method: 'PUT',
    url: (id) => `/api/clients/${id}`,
    payload: () => ({ lastName: 'Changed' }),
    fresh: newClient,
    readBack: (id) => `/api/clients/${id}`,
  },
  {
    domain: 'clients',
    action: 'delete',
    method: 'DELETE',
    url: (id) => `/api/clients/${id}`,
    fresh: newClient,
    readBack: (id) => `/api/clients/${id}`,
  },
  {
    domain: 'clients',
    action: 'create',
    method: 'POST',
    url: () => '/api/clients/import/preview',
    payload: csv,
  },
  {
    domain: 'clients',
    action: 'create',
    method: 'POST',
    url: () => '/api/clients/import',
    payload: csv,
    readBack: () => '/api/clients?limit=1000',
  },
  // student documents
  {
    domain: 'studentDocuments',
    action: 'read',
    method: 'GET',
    url: () => `/api/studentdocuments/bystudent/${student}`,
  },
  {
    domain: 'studentDocuments',
    action: 'read',
    method: 'GET',
    url: () => `/api/studentdocuments/${document}`,
  },
  {
    domain: 'studentDocuments',
    action: 'create',
    method: 'POST',
    url: () => '/api/studentdocuments',
    payload: () => ({ student, name: `Passport ${++serial}` }),
    readBack: () => `/api/studentdocuments/bystudent/${student}?limit=1000`,
  },
  {
    domain: 'studentDocuments',
    action: 'update',
    method: 'PUT',
    url: (id) => `/api/studentdocuments/${id}`,
    payload: () => ({ number: 'AB123' }),
    fresh: newDocument,
    readBack: (id) => `/api/studentdocuments/${id}`,
  },
  {
    domain: 'studentDocuments',
    action: 'delete',
    method: 'DELETE',
    url: (id) => `/api/studentdocuments/${id}`,
    fresh: newDocument,
    readBack: (id) => `/api/studentdocuments/${id}`,
  },
  // backups are an admin's (ADR 028)
  { domain: 'backups', action: 'read', method: 'GET', url: () => '/api/backups' },
  // teaching material is open to every role
  { domain: 'teaching', action: 'read', method: 'GET', url: () => '/api/conversations' },
  { domain: 'teaching', action: 'read', method: 'GET', url: () => '/api/set' },
];

const snapshot = (res: LightMyRequestResponse) =>
  `${res.statusCode} ${res.headers['x-total-count'] ?? ''} ${res.body}`;

beforeAll(async () => {
  t = await setupApp({ admin: true, user: { login: 'matrix-admin' } });
  agents.admin = t.agent;
  ids.admin = t.user.id;
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const user = await createUser(t, { login: `matrix-${role}`, role });
    ids[role] = user.id;
    agents[role] = await login(t.app, user);
  }
  student = await created('/api/students', { name: 'Olena', surname: 'Koval' });
  // the teacher's student: a student not theirs would be 404 before the role's 403
  const lesson = await created('/api/lessons', {
    date: '2031-05-05',
    start: '10:00',
    end: '11:00',
    price: 60,
    teacher: ids.teacher,
  });
  await created('/api/events', { lesson, student });
  client = await newClient();
  document = await newDocument();
});

describe('the policy table', () => {
  it('names a right for every role of every domain', () => {
    for (const rights of Object.values(POLICY)) {
      expect(Object.keys(rights).sort()).toEqual([...ROLES].sort());
    }
  });

  for (const role of ROLES) {
    it(`answers the ${role}'s calls as the table says; a refused write changes nothing`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const c of CASES) {
        const id = c.fresh ? await c.fresh() : 0;
        const url = c.url(id, ids[role]);
        const readBack = c.readBack?.(id);
        const before =
          readBack && snapshot(await admin().request({ method: 'GET', url: readBack }));
        const res = await agents[role].request({
          method: c.method,
          url,
          ...(c.payload ? { payload: c.payload() } : {}),
        });
        const allowed = mayDo(role, c.domain, c.action);
        const label = `${c.method} ${url}`;
        expected.push(`${label} ${allowed ? 'allowed' : 'forbidden'}`);
        const refused =
          res.statusCode === 403 && res.json<{ error: string }>().error === 'forbidden';
        outcomes.push(
          `${label} ${refused ? 'forbidden' : res.statusCode < 500 ? 'allowed' : res.body}`,
        );
        if (!allowed && readBack) {
          const after = snapshot(await admin().request({ method: 'GET', url: readBack }));
          expect(after, `${label} changed ${readBack}`).toBe(before);
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
