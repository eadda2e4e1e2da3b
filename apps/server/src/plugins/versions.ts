import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorCodes, recordVersion, sentVersion } from '@school/contract/common';
import type { Db } from '../db/client.js';
import { history } from '../db/schema/history.js';
import { HttpError } from './errors.js';

import { VersionConflict } from '../db/versions.js';

export { checkVersion, versionSent, VersionConflict } from '../db/versions.js';

/**
 * Record versions (docs/api.md, Versions and conflicts; ADR 038): every item carries the
 * version of its row, an update may send the version it was made on, and one made on an older
 * version is refused with 409 conflict, changing nothing. What changed since, who and when come
 * from the record history (docs/history.md).
 */

/** Fields of a row kept by the database itself: never "changed meanwhile" on their own. */
const BOOKKEEPING = new Set([
  'version',
  'updatedAt',
  'createdAt',
  'sequence',
  'stageChangedAt',
  'lastActivity',
]);

/**
 * A field of a history entry (a column name, as the row has it) as the API names it: `stageId`
 * is a client's `stage` when the item has that field and not the other.
 */
function apiName(field: string, item: object): string {
  if (field in item) return field;
  const base = field.replace(/Id$/, '');
  return base !== field && base in item ? base : field;
}

/**
 * The 409 of a save made on version `sent` of record `entity`/`id`: the fields changed since
 * (the history entries whose version went from `sent` or later, with the other entries of their
 * requests), who made the last of them (null: not a staff member, e.g. the bot) and when.
 */
export async function versionConflict(
  db: Db,
  entity: string,
  id: number,
  sent: number,
  current: object,
): Promise<HttpError> {
  const since = and(
    eq(history.entity, entity),
    eq(history.entityId, id),
    // an update's [before, after]; a create's whole record holds a plain number
    sql`jsonb_typeof(${history.changes}->'version') = 'array'`,
    sql`(${history.changes}->'version'->>0) ~ '^[0-9]+$'`,
    sql`(${history.changes}->'version'->>0)::int >= ${sent}`,
  );
  const requests = db
    .select({ requestId: history.requestId })
    .from(history)
    .where(and(since, sql`${history.requestId} is not null`));
  const entries = await db
    .select({ at: history.at, userName: history.userName, changes: history.changes })
    .from(history)
    .where(
      and(
        eq(history.entity, entity),
        eq(history.entityId, id),
        or(since, inArray(history.requestId, requests)),
      ),
    )
    .orderBy(asc(history.at), asc(history.id));
  const changed = new Set<string>();
  for (const entry of entries) {
    for (const field of Object.keys(entry.changes as object)) {
      if (!BOOKKEEPING.has(field)) changed.add(apiName(field, current));
    }
  }
  const last = entries.at(-1);
  return new HttpError(
    409,
    errorCodes.conflict,
    'The record was changed by someone else since you opened it; nothing was saved',
    undefined,
    {
      changed: [...changed],
      by: last ? last.userName || null : null,
      at: last ? last.at.toISOString() : null,
    },
  );
}

/** An item schema with the record's version, when it is an object (the resource helper's). */
export function versionedItem<S extends z.ZodType>(schema: S): S {
  return schema instanceof z.ZodObject && !('version' in schema.shape)
    ? (schema.safeExtend({ version: recordVersion }) as unknown as S)
    : schema;
}

/** An update body that may name the version it was made on. */
export function versionedUpdate<S extends z.ZodType>(schema: S): S {
  return schema instanceof z.ZodObject && !('version' in schema.shape)
    ? (schema.safeExtend({ version: sentVersion }) as unknown as S)
    : schema;
}

/** An item of an override that builds it from its row: with the row's version (ADR 038). */
export const withVersion = <I extends object>(item: I, row: { version: number }) => ({
  ...item,
  version: row.version,
});

/**
 * Runs `write`, an update of record `entity`/`id` made on version `sent` (none: no check), and
 * answers 409 conflict, changing nothing, when `current` is at another version, or when the
 * write finds its locked row at another one (VersionConflict).
 */
export async function guardVersion<R>(
  db: Db,
  record: { entity: string; id: number; current: object & { version?: number } },
  sent: number | undefined,
  write: () => Promise<R>,
): Promise<R> {
  const { entity, id, current } = record;
  const conflict = () => versionConflict(db, entity, id, sent ?? 0, current);
  if (sent !== undefined && current.version !== sent) throw await conflict();
  try {
    return await write();
  } catch (err) {
    if (err instanceof VersionConflict) throw await conflict();
    throw err;
  }
}

/**
 * The same for a write that checks the version on the row it locks and is not given its record
 * first (ADR 048): the record is read only for the 409 of a conflict.
 */
export async function guardVersionInWrite<R>(
  db: Db,
  record: { entity: string; id: number; current: () => Promise<object> },
  sent: number | undefined,
  write: () => Promise<R>,
): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof VersionConflict)) throw err;
    const { entity, id, current } = record;
    throw await versionConflict(db, entity, id, sent ?? 0, await current());
  }
}
