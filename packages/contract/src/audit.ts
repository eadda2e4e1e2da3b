import { z } from 'zod';
import { listQuery } from './common.js';
import { EDITABLE_DICTIONARIES } from './paths.js';

/**
 * Record history (docs/history.md): one entry per change made through the API, written in the
 * same transaction as the change.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'import',
  'login',
  'logout',
  'login_failed',
  'password_change',
  'role_change',
  'session_revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Entities are named as in their API path, but for the games' (grids: /api/grid, gridcards,
 * sets, setcards; HISTORY_PATHS in paths.ts). The money's (docs/money.md): a payment and its
 * void, an adjustment, a correcting charge of the ledger, a bank statement's import and the
 * review of its transfers (`bankrows`), and the attendance statuses (docs/history.md, The entry).
 */
export const AUDIT_ENTITIES = [
  'clients',
  'students',
  'studentdocuments',
  'lessons',
  'events',
  'users',
  'groups',
  'projects',
  'conversations',
  'answers',
  'answerconnectors',
  'conversationprogress',
  'grids',
  'gridcards',
  'sets',
  'setcards',
  'gameresults',
  'estimationgroup',
  'payments',
  'adjustments',
  'ledger',
  'attendancestatuses',
  'school',
  'payrates',
  'payruns',
  'invoices',
  'bankrows',
  ...EDITABLE_DICTIONARIES,
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What a secret field shows in `changes`, if it shows at all. */
export const AUDIT_SECRET = '(changed)';

/**
 * The `userName` of the entries a migration wrote while the server was upgraded (`userId`
 * null): shown as the system's, by the upgrade (docs/history.md, What is recorded).
 */
export const AUDIT_UPGRADE = '(upgrade)';

/**
 * `changes`: for update {field: [before, after]} with only the fields that changed; for create,
 * delete and restore the whole record; for import {fileName?, created, updated, skipped}; for
 * sign-in events what is useful and no secret (login_failed: {login}).
 */
export const auditEntry = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    userId: z.number().int().nullable(),
    userName: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    entity: z.string(),
    entityId: z.number().int().nullable(),
    changes: z.record(z.string(), z.unknown()),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = listQuery.extend({
  /** one of AUDIT_ENTITIES: a name the history does not write is refused, not an empty page */
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  dateFrom: z.iso.date().optional().meta({ description: 'YYYY-MM-DD, inclusive' }),
  dateTo: z.iso.date().optional().meta({ description: 'YYYY-MM-DD, inclusive' }),
  search: z.string().trim().max(200).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** GET /api/{entity}/{id}/history: the same entries for one record, newest first. */
export const historyQuery = listQuery;
