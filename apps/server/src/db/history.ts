import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { AUDIT_SECRET, type AuditAction } from '@school/contract/audit';
import type { Db, Tx } from './client.js';
import { history } from './schema/history.js';

/**
 * Record history (docs/history.md, ADR 027): the one helper every write calls with the
 * transaction it already runs in, so a change and its entry commit or roll back together.
 */

/** Who acts: the staff user of the request and the request's id. */
export interface Actor {
  userId: number | null;
  userName: string;
  requestId: string | null;
}

/**
 * The actor of the request being served, set once per request by the history plugin
 * (plugins/history.ts) after the session is read. Outside a request (the bot's own updates,
 * reminders, demo seeding) there is none and nothing is recorded (ADR 027).
 */
export const actorContext = new AsyncLocalStorage<Actor>();

export const currentActor = (): Actor | undefined => actorContext.getStore();

/**
 * Fields never shown: a password in any form, its hash, a session token, a hashCode and the
 * links that carry it, the XSRF token, a calendar feed's token. A create or delete shows AUDIT_SECRET in their place,
 * an update [AUDIT_SECRET, AUDIT_SECRET] when one changed (docs/history.md, Secrets).
 */
const SECRET_FIELDS = new Set(
  [
    'password',
    'newPassword',
    'oldPassword',
    'currentPassword',
    'passwordHash',
    'password_hash',
    'hashCode',
    'hash_code',
    'deepLink',
    'token',
    'tokenHash',
    'token_hash',
    'xsrf',
    'xsrfToken',
    'secret',
    'icalToken',
    'ical_token',
  ].map((f) => f.toLowerCase()),
);
export const isSecretField = (field: string) => SECRET_FIELDS.has(field.toLowerCase());

type Fields = Record<string, unknown>;

/** A value as JSON keeps it: dates as ISO 8601, numeric strings as they are, buffers left out. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return AUDIT_SECRET;
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value === undefined ? null : value;
}

/** A whole record for a create, delete or restore: every field, secrets masked. */
export function wholeRecord(record: object): Fields {
  const out: Fields = {};
  for (const [field, value] of Object.entries(record)) {
    if (isSecretField(field)) {
      if (value !== null && value !== undefined && value !== '') out[field] = AUDIT_SECRET;
    } else out[field] = plain(value);
  }
  return out;
}

/** An update's changes: only the fields that differ, {field: [before, after]}; secrets masked. */
export function changedFields(before: object, after: object): Fields {
  const out: Fields = {};
  const b = before as Fields;
  const a = after as Fields;
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (!(field in a)) continue; // a field the new state does not name did not change
    const from = plain(b[field]);
    const to = plain(a[field]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    out[field] = isSecretField(field) ? [AUDIT_SECRET, AUDIT_SECRET] : [from, to];
  }
  return out;
}

export interface Change {
  action: AuditAction;
  /** as in the record's API path */
  entity: string;
  entityId: number | null;
  /** update: the record before and after (only differing fields are kept) */
  before?: object | null | undefined;
  after?: object | null | undefined;
  /** changes given as they are (import totals, a login's details); secrets still masked */
  changes?: Fields;
}

/** The `changes` of an entry; null for an update that changed nothing (no entry then). */
export function changesOf(change: Change): Fields | null {
  if (change.changes) return wholeRecord(change.changes);
  if (change.action === 'update' || change.action === 'role_change') {
    const diff = changedFields(change.before ?? {}, change.after ?? {});
    return Object.keys(diff).length > 0 ? diff : null;
  }
  const record = change.action === 'delete' ? change.before : (change.after ?? change.before);
  return wholeRecord(record ?? {});
}

/**
 * Fields whose change is an action of its own, split from the update that carries it: a user's
 * role change is `role_change` (docs/history.md).
 */
const OWN_ACTIONS: Readonly<Record<string, Readonly<Record<string, AuditAction>>>> = {
  users: { role: 'role_change' },
};

/** An update's changes, with the fields of their own action split off as entries of their own. */
function split(change: Change, fields: Fields): { action: AuditAction; fields: Fields }[] {
  const own = change.action === 'update' ? OWN_ACTIONS[change.entity] : undefined;
  if (!own) return [{ action: change.action, fields }];
  const rest: Fields = { ...fields };
  const entries: { action: AuditAction; fields: Fields }[] = [];
  for (const [field, action] of Object.entries(own)) {
    if (!(field in rest)) continue;
    entries.push({ action, fields: { [field]: rest[field] } });
    delete rest[field];
  }
  if (Object.keys(rest).length > 0) entries.unshift({ action: 'update', fields: rest });
  return entries;
}

/** An entry's own part, short-named: it goes to PostgreSQL as one JSON array per INSERT. */
interface EntryJson {
  a: AuditAction;
  e: string;
  i: number | null;
  c: Fields;
}

/** The entries of `changes`; what changed nothing is left out. */
function entriesOf(changes: Change[]): EntryJson[] {
  const entries: EntryJson[] = [];
  for (const change of changes) {
    const all = changesOf(change);
    if (all === null) continue;
    for (const { action, fields } of split(change, all)) {
      entries.push({ a: action, e: change.entity, i: change.entityId, c: fields });
    }
  }
  return entries;
}

/**
 * How many changes one INSERT writes: an import's batch of a thousand rows goes in a few
 * statements, so only that many entries and their JSON are held at once (docs/quality.md,
 * Memory).
 */
const CHANGES_PER_INSERT = 250;

/**
 * Writes the entries of `changes` in `tx`, the transaction of the change itself: one
 * multi-row INSERT per CHANGES_PER_INSERT, the entries sent as one JSON parameter (hundreds of
 * rows of seven parameters each cost more to build and send than the rows themselves). `actor` is the
 * request's when not given; without one (no request: the bot's own updates, reminders, demo
 * data) nothing is written (ADR 027).
 */
export async function recordChanges(
  tx: Db | Tx,
  changes: Change[],
  actor: Actor | undefined = currentActor(),
): Promise<void> {
  if (!actor) return;
  for (let i = 0; i < changes.length; i += CHANGES_PER_INSERT) {
    const entries = entriesOf(changes.slice(i, i + CHANGES_PER_INSERT));
    if (entries.length === 0) continue;
    const json = JSON.stringify(entries);
    await tx.execute(sql`
      insert into ${history} (user_id, user_name, action, entity, entity_id, changes, request_id)
      select ${actor.userId}::int, ${actor.userName}::text, e.j->>'a', e.j->>'e',
        (e.j->>'i')::int, e.j->'c', ${actor.requestId}::text
      from jsonb_array_elements(${json}::jsonb) with ordinality as e(j, n)
      order by e.n`);
  }
}

/** One change: `recordChanges` of one. */
export const recordChange = (tx: Db | Tx, change: Change, actor?: Actor) =>
  recordChanges(tx, [change], actor ?? currentActor());

/**
 * Runs `write` in a transaction (a savepoint inside one already open) and records what it
 * returns as changes in the same transaction: a write that fails or rolls back leaves no entry.
 */
export async function withHistory<R>(
  db: Db | Tx,
  write: (tx: Tx) => Promise<{ result: R; changes: Change[] }>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const { result, changes } = await write(tx);
    await recordChanges(tx, changes);
    return result;
  });
}

/**
 * The changes between two reads of the same records (by id), for a write that touches many
 * rows at once (a series' following lessons): updated where both have it, created where only
 * `after` has it, deleted where only `before` has it.
 */
export function rowChanges<R extends { id: number }>(
  entity: string,
  before: readonly R[],
  after: readonly R[],
): Change[] {
  const old = new Map(before.map((r) => [r.id, r]));
  const changes: Change[] = [];
  for (const row of after) {
    const was = old.get(row.id);
    old.delete(row.id);
    changes.push(
      was
        ? { action: 'update', entity, entityId: row.id, before: was, after: row }
        : { action: 'create', entity, entityId: row.id, after: row },
    );
  }
  for (const [id, was] of old)
    changes.push({ action: 'delete', entity, entityId: id, before: was });
  return changes;
}
