/**
 * Every path of the API (docs/api.md), in one typed table: screens, tests and fakes take their
 * addresses from here, never from string literals. Query parameters (?stage=, ?conversation=...)
 * are added by the caller; the comments name those lists (docs/api.md).
 */

import { API, sessionPaths } from './session-paths.js';

/** Lookups staff can edit in /settings (docs/data-model.md, Lookups). */
export const EDITABLE_DICTIONARIES = [
  'stages',
  'products',
  'sources',
  'categories',
  'levels',
] as const;

/** Read-only lookups, seeded by a migration. */
export const FIXED_LOOKUPS = [
  'languages',
  'timezones',
  'booleans',
  'conversationtypes',
  'estimationfunctions',
  'answertypes',
  'clasifications',
  'algorithms',
] as const;

/** Every GET lookup: a list of items with id and name (docs/api.md). */
export const LOOKUP_NAMES = [
  'users',
  'projects',
  'groups',
  ...EDITABLE_DICTIONARIES,
  ...FIXED_LOOKUPS,
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];

/** A path of the lookup table. */
export type LookupPath = `${typeof API}/${LookupName}`;

const item = (base: string) => (id: number) => `${base}/${id}`;

/**
 * History entities named otherwise than their API path (the games' paths are singular); every
 * other entity is its path (docs/history.md).
 */
export const HISTORY_PATHS: Readonly<Record<string, string>> = {
  school: 'settings/school',
  grids: 'grid',
  gridcards: 'gridcard',
  sets: 'set',
  setcards: 'setcard',
};

/** The CSV calls of a list that has them (ADR 012). */
export interface CsvPaths {
  /** GET with the list's filters: the rows as CSV */
  export: string;
  /** POST {csv, skipErrors}: a small file within the request, a large one as a job */
  import: string;
  /** POST {csv}: what the import would do; writes nothing */
  importPreview: string;
  /** GET: the progress of an import running as a job */
  importJob: (jobId: string) => string;
}
const csvOf = (base: string): CsvPaths => ({
  export: `${base}/export.csv`,
  import: `${base}/import`,
  importPreview: `${base}/import/preview`,
  importJob: (jobId) => `${base}/import/${jobId}`,
});

export const api = {
  // Session
  ...sessionPaths,
  health: `${API}/health`,
  sessions: `${API}/sessions`,
  session: item(`${API}/sessions`),

  /** GET /api/{name}; editable dictionaries also POST, and PUT/DELETE {path}/{id}. */
  lookup: (name: LookupName): LookupPath => `${API}/${name}`,
  lookupItem: (name: LookupName, id: number) => `${API}/${name}/${id}`,

  // Clients and the pipeline; GET /api/clients?stage={stageId}
  clients: `${API}/clients`,
  client: item(`${API}/clients`),
  clientsByStage: `${API}/clients/bystage`,
  clientsCsv: csvOf(`${API}/clients`),
  /** POST: make a student of the client (a second time answers the same student). */
  clientStudent: (id: number) => `${API}/clients/${id}/student`,
  dashboard: `${API}/dashboard`,

  // Users, projects, groups
  users: `${API}/users`,
  user: item(`${API}/users`),
  userPassword: (id: number) => `${API}/users/${id}/password`,
  projects: `${API}/projects`,
  project: item(`${API}/projects`),
  groups: `${API}/groups`,
  group: item(`${API}/groups`),

  // Students and their documents
  students: `${API}/students`,
  student: item(`${API}/students`),
  /** POST: a new hashCode; the old deep link stops working. */
  studentHashCode: (id: number) => `${API}/students/${id}/hashcode`,
  /** GET, paged: the learner timeline, newest first. */
  studentTimeline: (id: number) => `${API}/students/${id}/timeline`,
  studentsCsv: csvOf(`${API}/students`),
  studentDocuments: `${API}/studentdocuments`,
  studentDocument: item(`${API}/studentdocuments`),
  studentDocumentsOf: (studentId: number) => `${API}/studentdocuments/bystudent/${studentId}`,

  // Schedule: ?cycled, ?bias or ?dateFrom&dateTo on both
  schedule: `${API}/schedule`,
  scheduleInfoPanel: `${API}/schedule/infopanel`,
  /** GET ?date={date}. */
  lessons: `${API}/lessons`,
  lesson: item(`${API}/lessons`),
  /** GET: the other days of its week and the same weekday next week, free or clashing. */
  lessonAlternatives: (id: number) => `${API}/lessons/${id}/alternatives`,
  /** GET ?scope=this|following: the occurrences a PUT or DELETE with that scope would touch. */
  lessonAffected: (id: number) => `${API}/lessons/${id}/affected`,
  /** GET ?lesson={id} or ?student={id} with search and filters; POST. */
  events: `${API}/events`,
  event: item(`${API}/events`),
  /** GET ?student={id}. */
  eventsInfoPanel: `${API}/events/infopanel`,
  /** GET the attendance statuses; PUT {id}: name, charge, payTeacher (docs/money.md). */
  attendanceStatuses: `${API}/attendancestatuses`,
  attendanceStatus: item(`${API}/attendancestatuses`),
  /** POST a payment (docs/money.md); GET ?student= and filters. */
  payments: `${API}/payments`,
  /** GET with the list's filters: how many, and the sum of those not voided. */
  paymentTotals: `${API}/payments/totals`,
  /** GET with the list's filters: the payments as CSV. */
  paymentsCsv: `${API}/payments/export.csv`,
  /** POST {reason}: the payment stays, voided. */
  paymentVoid: (id: number) => `${API}/payments/${id}/void`,
  /**
   * A bank statement (text/csv or multipart, ?mapping=): POST its preview and its import (a
   * large one as a job), GET the job (docs/money.md, Bank statements).
   */
  bankImport: {
    import: `${API}/payments/import`,
    importPreview: `${API}/payments/import/preview`,
    importJob: (jobId: string) => `${API}/payments/import/${jobId}`,
  },
  /** GET, paged: the statements' transfers waiting for review (?status=dismissed, ?search). */
  unmatchedPayments: `${API}/payments/unmatched`,
  /** POST {student}: the transfer becomes that student's payment. */
  unmatchedAssign: (id: number) => `${API}/payments/unmatched/${id}/assign`,
  /** POST: set aside; restore brings it back to the review list (Undo). */
  unmatchedDismiss: (id: number) => `${API}/payments/unmatched/${id}/dismiss`,
  unmatchedRestore: (id: number) => `${API}/payments/unmatched/${id}/restore`,
  /** GET, paged: every student's due, credit, balance and aging (?owing, ?olderThan, ?search). */
  balances: `${API}/balances`,
  /** GET with the balances' filters: as CSV. */
  balancesCsv: `${API}/balances/export.csv`,
  /** POST a signed adjustment. */
  adjustments: `${API}/adjustments`,
  /** GET ?student=: the student's ledger with its running balance. */
  ledger: `${API}/ledger`,
  /** GET: a student's balance, due, credit, upcoming and oldest due date. */
  studentAccount: (id: number) => `${API}/students/${id}/account`,
  /** GET ?month=YYYY-MM&lang=: the student's monthly statement as PDF (docs/money.md, Statements). */
  studentStatement: (id: number) => `${API}/students/${id}/statement`,
  /** GET, paged (?student, ?dateFrom, ?dateTo, ?search); POST {student, month}: an invoice. */
  invoices: `${API}/invoices`,
  invoice: item(`${API}/invoices`),
  /** GET: the invoice as PDF, the same bytes every time (docs/money.md, Invoices). */
  invoicePdf: (id: number) => `${API}/invoices/${id}/pdf`,
  /** POST {reason, lines?}: a correcting invoice of this one. */
  invoiceCorrect: (id: number) => `${API}/invoices/${id}/correct`,
  /** GET with the list's filters: the invoices as CSV. */
  invoicesCsv: `${API}/invoices/export.csv`,
  /** GET ?dateFrom=&dateTo=: per month charged, received and outstanding (docs/money.md). */
  moneyReport: `${API}/reports/money`,
  /** GET ?month=YYYY-MM: each teacher's pay of the month (a teacher: their own; docs/money.md). */
  payroll: `${API}/payroll`,
  /** POST: approve a teacher's month (its lines are frozen). */
  payrollApprove: (month: string, teacher: number) => `${API}/payroll/${month}/${teacher}/approve`,
  /** POST {date}: an approved month marked paid. */
  payrollPaid: (month: string, teacher: number) => `${API}/payroll/${month}/${teacher}/paid`,
  /** GET: the month's pay lines as CSV (admin, manager). */
  payrollCsv: (month: string) => `${API}/payroll/${month}.csv`,
  /** GET, POST {kind, value, from}: a teacher's pay rates, newest first. */
  payRates: (id: number) => `${API}/users/${id}/payrates`,
  /** DELETE: a rate no approved run used. */
  payRate: (id: number, rate: number) => `${API}/users/${id}/payrates/${rate}`,
  /** GET: the own calendar feed address (null until made); POST: a new one. */
  myIcal: `${API}/me/ical`,
  /** POST (admin): a new calendar feed address for a teacher. */
  userIcal: (id: number) => `${API}/users/${id}/ical`,
  /** GET, no login: a teacher's lessons as iCalendar. */
  icalFeed: (token: string) => `${API}/ical/${token}.ics`,

  /** GET (admin, manager), PUT (admin): the school's details (ADR 040); its history is id 1. */
  schoolDetails: `${API}/settings/school`,

  // Backups (admin): GET the list, POST start one; its progress; GET one file (download)
  backups: `${API}/backups`,
  backupsCurrent: `${API}/backups/current`,
  backup: (name: string) => `${API}/backups/${encodeURIComponent(name)}`,

  // Bot: GET/POST ?isPublic={0|1}
  conversations: `${API}/conversations`,
  conversation: item(`${API}/conversations`),
  /** GET ?conversation={id}. */
  answers: `${API}/answers`,
  answer: item(`${API}/answers`),
  /** GET: the graph check (unreachable answers, dead ends, loops with no exit). */
  conversationCheck: (id: number) => `${API}/conversations/${id}/check`,
  /** POST {replies}: a walk through the conversation, nothing stored. */
  conversationPreview: (id: number) => `${API}/conversations/${id}/preview`,
  /** GET, POST, DELETE with ?nextId={id} or ?fromId={id}. */
  answerConnectors: `${API}/answerconnectors`,
  /** GET, PUT, DELETE one button. */
  answerConnector: item(`${API}/answerconnectors`),
  /** GET ?conversation={id}; POST; DELETE ?id={id}. */
  estimationGroup: `${API}/estimationgroup`,
  /** PUT, DELETE one estimation group. */
  estimationGroupItem: item(`${API}/estimationgroup`),
  /** GET ?student={id}&isForMe={0|1} or ?conversation={id}; POST. */
  conversationProgress: `${API}/conversationprogress`,
  /** GET, DELETE one run. */
  conversationProgressItem: item(`${API}/conversationprogress`),
  conversationProgressByAlgorithm: `${API}/conversationprogress/byalgorithm`,
  /** GET ?lang=: the run's estimation (points per group, percent right, the summary lines). */
  conversationProgressEstimation: (id: number) => `${API}/conversationprogress/${id}/estimation`,
  /** GET ?conversationprogress={id}. */
  messages: `${API}/messages`,
  messagesByFunction: (id: number) => `${API}/messages/byfunction/${id}`,
  /** GET: {enabled, username, mode} of the Telegram bot. */
  botStatus: `${API}/bot/status`,
  /** POST from Telegram in webhook mode (secret-token header). */
  botWebhook: `${API}/bot/webhook`,

  // Games: GET/POST /api/grid?type=1..4
  grids: `${API}/grid`,
  grid: item(`${API}/grid`),
  /** GET ?grid={id}; POST. */
  gridCards: `${API}/gridcard`,
  gridCard: item(`${API}/gridcard`),
  sets: `${API}/set`,
  set: item(`${API}/set`),
  /** GET ?set={id}; POST. */
  setCards: `${API}/setcard`,
  setCard: item(`${API}/setcard`),
  /** POST {ids}: every set card of the set in the new order. */
  setOrder: (id: number) => `${API}/set/${id}/order`,
  /** POST {ids}: every card of the game set in the new order. */
  gridOrder: (id: number) => `${API}/grid/${id}/order`,
  /** GET: plays of a game set and its cards most often missed. */
  gridStats: (id: number) => `${API}/grid/${id}/stats`,
  /** GET ?student={id}, ?grid={id} or ?set={id}: recorded plays, newest first. */
  gameResults: `${API}/gameresults`,

  // The player's public, read-only API (no login)
  publicGame: (id: number) => `${API}/public/games/${id}`,
  publicSet: (id: number) => `${API}/public/sets/${id}`,
  /** POST one play's result (recorded only with a student's hashCode). */
  publicResults: `${API}/public/results`,
  /** GET: the learner's own page by their hashCode (docs/learner-page.md). */
  publicStudent: (hashCode: string) => `${API}/public/students/${encodeURIComponent(hashCode)}`,
  /** GET: the learner's payment QR code as SVG, while something is due (ADR 040). */
  publicPaymentQr: (hashCode: string) =>
    `${API}/public/students/${encodeURIComponent(hashCode)}/payment-qr.svg`,
  /** GET ?month=YYYY-MM&lang=: the learner's own monthly statement as PDF. */
  publicStatement: (hashCode: string) =>
    `${API}/public/students/${encodeURIComponent(hashCode)}/statement`,

  // Record history (docs/history.md)
  /** GET, admins: every entry, filtered (auditQuery), newest first. */
  audit: `${API}/audit`,
  /** GET: the entries of one record, newest first; `entity` as the entries name it. */
  recordHistory: (entity: string, id: number) =>
    `${API}/${HISTORY_PATHS[entity] ?? entity}/${id}/history`,
} as const;

/** `path` with `params` as its query string (empty values are left out). */
export function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}
