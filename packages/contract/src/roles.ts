import type { Role } from './users.js';

/**
 * What each role may do: the one policy table, the same as the table of docs/roles.md
 * (docs/decisions/026-roles-and-one-policy-table.md). The server's routes declare their domain
 * and action against it; the web leaves out what a role cannot use.
 */

/** The parts of the product a right is given for (a row of docs/roles.md). */
export const DOMAINS = [
  /** staff accounts: create, edit, disable, set roles; everyone reads the list (names in selectors) */
  'users',
  /** one's own profile, password and sessions */
  'profile',
  /** the dictionaries of /settings; everyone reads them */
  'lookups',
  /** projects and groups, what clients and students are organised by; everyone reads them */
  'projects',
  /** clients, the pipeline, the clients' CSV and the dashboard's CRM figures */
  'clients',
  /** students, their participations' history, conversation runs and game results */
  'students',
  /** passports, visas and other documents of students */
  'studentDocuments',
  /** lessons and the schedule */
  'lessons',
  /** the participants of a lesson: attendance, payment */
  'participations',
  /** the amounts, earned and unpaid figures of lessons */
  'amounts',
  /** payments, adjustments, voids, accounts, the ledger, balances and money reports (docs/money.md) */
  'money',
  /** a student's monthly statement as PDF (docs/money.md, Statements) */
  'statements',
  /** invoices: issuing, correcting, the list, their PDF and CSV (docs/money.md, Invoices) */
  'invoices',
  /** teachers' pay: rates, a month's pay, approving and paying runs (docs/money.md, Teachers' pay) */
  'pay',
  /** conversations, answers, estimation groups, games and sets */
  'teaching',
  /** the calendar feed of a teacher */
  'ical',
  /** backups of the database: list, start, download (ADR 028) */
  'backups',
  /** the school's details: name, address, tax id, bank account, currency, VAT wording (ADR 040) */
  'school',
  /** the record history of every change (GET /api/audit; docs/history.md) */
  'audit',
] as const;
export type Domain = (typeof DOMAINS)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * How far a right reaches. `all`: every record; `own`: only the records the user takes part
 * in (their own account; a teacher's lessons and the students of those), which the domain's
 * queries select; `none`: refused with 403 before anything is read or changed.
 */
export type Reach = 'all' | 'own' | 'none';

export interface Right {
  reach: Reach;
  /** with reach `own`: the only fields such a write may change (all when not given) */
  fields?: readonly string[];
}

type Rights = Partial<Record<Action, Reach | Right>>;

const every: Rights = { read: 'all', create: 'all', update: 'all', delete: 'all' };
const readOnly: Rights = { read: 'all' };
const nothing: Rights = {};

export const POLICY: Record<Domain, Record<Role, Rights>> = {
  users: { admin: every, manager: readOnly, teacher: readOnly },
  profile: {
    admin: { read: 'own', update: 'own' },
    manager: { read: 'own', update: 'own' },
    teacher: { read: 'own', update: 'own' },
  },
  lookups: { admin: every, manager: readOnly, teacher: readOnly },
  projects: { admin: every, manager: every, teacher: readOnly },
  clients: { admin: every, manager: every, teacher: nothing },
  students: {
    admin: every,
    manager: every,
    teacher: { read: 'own', create: 'own', update: 'own', delete: 'own' },
  },
  studentDocuments: { admin: every, manager: every, teacher: nothing },
  lessons: {
    admin: every,
    manager: every,
    teacher: { read: 'all', create: 'own', update: 'own', delete: 'own' },
  },
  participations: {
    admin: every,
    manager: every,
    teacher: { read: 'own', update: { reach: 'own', fields: ['attendence'] } },
  },
  amounts: { admin: readOnly, manager: readOnly, teacher: { read: 'own' } },
  money: {
    admin: { read: 'all', create: 'all' },
    manager: { read: 'all', create: 'all' },
    teacher: nothing,
  },
  statements: { admin: readOnly, manager: readOnly, teacher: nothing },
  /** issued and corrected, never changed nor deleted */
  invoices: {
    admin: { read: 'all', create: 'all' },
    manager: { read: 'all', create: 'all' },
    teacher: nothing,
  },
  /** a teacher reads their own pay and rates only; rates are added and deleted, never edited */
  pay: {
    admin: { read: 'all', create: 'all', delete: 'all' },
    manager: { read: 'all', create: 'all', delete: 'all' },
    teacher: { read: 'own' },
  },
  teaching: { admin: every, manager: every, teacher: every },
  /** create: a new feed address (the old one stops working) */
  ical: {
    admin: { read: 'all', create: 'all' },
    manager: { read: 'all', create: 'all' },
    teacher: { read: 'own', create: 'own' },
  },
  backups: { admin: { read: 'all', create: 'all' }, manager: nothing, teacher: nothing },
  school: { admin: { read: 'all', update: 'all' }, manager: readOnly, teacher: nothing },
  audit: { admin: readOnly, manager: nothing, teacher: nothing },
};

/** The right of a role for an action of a domain; an action not listed is `none`. */
export function rightOf(role: Role, domain: Domain, action: Action): Right {
  const right = POLICY[domain][role][action] ?? 'none';
  return typeof right === 'string' ? { reach: right } : right;
}

export const mayDo = (role: Role, domain: Domain, action: Action) =>
  rightOf(role, domain, action).reach !== 'none';

/**
 * Whether `role` reaches every record of `domain` for `action`: a call that may touch anyone's
 * records (the students' CSV import matches and changes any student) needs reach `all`.
 */
export const mayDoAll = (role: Role, domain: Domain, action: Action) =>
  rightOf(role, domain, action).reach === 'all';
