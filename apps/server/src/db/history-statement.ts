import {
  getTableColumns,
  sql,
  type Column,
  type Placeholder,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { AUDIT_SECRET } from '@school/contract/audit';
import { isSecretField, type Actor } from './history.js';
import { isoInstant } from './list.js';

/**
 * The record history entry of an update written by the update's own statement (ADR 048): the
 * same entry `recordChange` writes of the row before and after (docs/history.md), its changes
 * worked out in SQL, so a write and its entry are one statement and one round trip.
 */

/** The column types an entry worked out in SQL reads, each as `plain()` writes its value. */
const AS_TEXT = new Set(['PgNumeric', 'PgDateString']);
const AS_JSON = new Set(['PgInteger', 'PgSerial', 'PgText', 'PgBoolean', 'PgBigInt53', 'PgArray']);

/** A column's value as JSON, as the history keeps it: instants ISO 8601 to the millisecond. */
function jsonOf(column: Column, ref: SQL): SQL {
  if (column.columnType === 'PgTimestamp') {
    return sql`to_jsonb(${isoInstant(ref)})`;
  }
  if (AS_TEXT.has(column.columnType)) return sql`to_jsonb(${ref}::text)`;
  if (AS_JSON.has(column.columnType)) return sql`to_jsonb(${ref})`;
  throw new Error(`no history in SQL for a column of type ${column.columnType}`);
}

/**
 * The changes between the rows `before` and `after` (aliases of rows of `table`) as jsonb,
 * `{field: [before, after]}` of the fields that differ, secrets masked: `{}` when none did.
 */
export function changesSql(table: Table, before: string, after: string): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([field, column]) => {
    const b = sql`${sql.identifier(before)}.${sql.identifier(column.name)}`;
    const a = sql`${sql.identifier(after)}.${sql.identifier(column.name)}`;
    const pair = isSecretField(field)
      ? sql`jsonb_build_array(${AUDIT_SECRET}::text, ${AUDIT_SECRET}::text)`
      : sql`jsonb_build_array(${jsonOf(column, b)}, ${jsonOf(column, a)})`;
    return sql`${sql.raw(`'${field}'`)}, case when ${b} is distinct from ${a} then ${pair} end`;
  });
  return sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
}

/** An actor as a statement takes it: its values, or placeholders of a prepared statement. */
export type ActorParams = { [K in keyof Actor]: Actor[K] | Placeholder };

/**
 * An INSERT of the update entries of `entity` by `actor`: one per row of `rows` (a FROM list
 * naming `before` and `after`) whose changes are not empty. A CTE of the update's statement.
 */
export function historyOfUpdate(
  actor: ActorParams,
  entity: string,
  table: Table,
  rows: { before: string; after: string; from: SQL },
): SQL {
  const id = sql`${sql.identifier(rows.after)}.id`;
  return sql`insert into history (user_id, user_name, action, entity, entity_id, changes,
      request_id)
    select ${actor.userId}::int, ${actor.userName}::text, 'update', ${entity}::text, e.id, e.c,
      ${actor.requestId}::text
    from (select ${id} as id, ${changesSql(table, rows.before, rows.after)} as c
      from ${rows.from}) e
    where e.c <> '{}'::jsonb`;
}

/**
 * A create entry's changes worked out in SQL: every column of the row `alias` of `table` as
 * `wholeRecord` writes it, with the fields of `extra` (jsonb) added or put in their place. For
 * tables without secret fields (a create masks those by whether they are empty).
 */
export function recordSql(table: Table, alias: string, extra: Record<string, SQL> = {}): SQL {
  const pairs = Object.entries(getTableColumns(table))
    .filter(([field]) => !(field in extra))
    .map(([field, column]) => {
      if (isSecretField(field)) throw new Error(`no create entry in SQL with a secret: ${field}`);
      const ref = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
      return sql`${sql.raw(`'${field}'`)}, ${jsonOf(column, ref)}`;
    });
  for (const [field, value] of Object.entries(extra)) {
    pairs.push(sql`${sql.raw(`'${field}'`)}, ${value}`);
  }
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * An INSERT of the create entry of `entity` by `actor` for each row of `from`: its id `id`, its
 * changes `changes` (`recordSql`). A CTE of the create's statement.
 */
export function historyOfCreate(
  actor: ActorParams,
  entity: string,
  entry: { id: SQL; changes: SQL; from: SQL },
): SQL {
  return sql`insert into history (user_id, user_name, action, entity, entity_id, changes,
      request_id)
    select ${actor.userId}::int, ${actor.userName}::text, 'create', ${entity}::text, ${entry.id},
      ${entry.changes}, ${actor.requestId}::text
    from ${entry.from}`;
}
