import { Column, getTableColumns, is, Placeholder, SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { poolOf, type Db, type Tx } from './client.js';
import { preparedOnce } from './prepared.js';

/**
 * Reads a select's rows as arrays and decodes them column by column (ADR 016): the same values
 * as drizzle's own mapping of the same select, at a fraction of its cost on pages of wide rows,
 * which it maps field by field with type checks on every row.
 */

/** The types drizzle reads as raw text and decodes itself (dates, times, intervals). */
const RAW_TEXT_TYPES = new Set([1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
export const rawTextTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format ?? 'text')) as typeof pg.types.getTypeParser,
};

interface Leaf {
  path: string[];
  decode: (value: unknown) => unknown;
}

/** An SQL field's decoder (`sql<T>` decodes nothing; `.mapWith` sets one). */
const decoderOf = (field: SQL) => {
  const { decoder } = field as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } };
  return (value: unknown) => decoder.mapFromDriverValue(value);
};

/** The selected fields in the order drizzle selects them, each with its decoder. */
function leavesOf(fields: Record<string, unknown>, path: string[] = [], out: Leaf[] = []) {
  for (const [key, field] of Object.entries(fields)) {
    const at = [...path, key];
    if (is(field, Column)) out.push({ path: at, decode: (v) => field.mapFromDriverValue(v) });
    else if (is(field, SQL)) out.push({ path: at, decode: decoderOf(field) });
    else if (is(field, SQL.Aliased)) out.push({ path: at, decode: decoderOf(field.sql) });
    else if (field && typeof field === 'object') {
      leavesOf(field as Record<string, unknown>, at, out);
    }
  }
  return out;
}

const decoded = new WeakMap<object, Leaf[]>();

/**
 * The rows of `query`, a select of `fields` (the object given to `select`), decoded as drizzle
 * decodes them. Nested objects must be of tables that are always there (the `from` table or an
 * inner join): a left join's absent row is not turned into null here. `name`: a prepared
 * statement's, planned once per connection; only for a query whose text never changes.
 */
export async function readRows<T>(
  db: Db,
  fields: Record<string, unknown>,
  query: { toSQL(): { sql: string; params: unknown[] } },
  name?: string,
): Promise<T[]> {
  let leaves = decoded.get(fields);
  if (!leaves) {
    leaves = leavesOf(fields);
    decoded.set(fields, leaves);
  }
  const { sql: text, params } = query.toSQL();
  const result = await poolOf(db).query<unknown[]>(
    { ...(name ? { name } : {}), text, rowMode: 'array', types: rawTextTypes },
    params,
  );
  const shape = leaves;
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < shape.length; i++) {
      const { path, decode } = shape[i]!;
      const value = row[i];
      let into = out;
      for (let p = 0; p < path.length - 1; p++) {
        const key = path[p]!;
        into = (into[key] ??= {}) as Record<string, unknown>;
      }
      into[path[path.length - 1]!] = value === null || value === undefined ? null : decode(value);
    }
    return out as T;
  });
}

/**
 * A select of `fields` whose SQL is built once per database (its values as `sql.placeholder`s)
 * and runs as the prepared statement `name`, its rows read by `readRows`: for the statements
 * most requests run, which then cost neither drizzle's building nor its mapping (ADR 016).
 * `name` must differ for each different SQL text.
 */
export function preparedSelect<T>(
  db: Db,
  name: string,
  fields: Record<string, unknown>,
  build: () => { toSQL(): { sql: string; params: unknown[] } },
) {
  const statement = preparedOnce(db, name, () => build().toSQL());
  return (values: Record<string, unknown>) => {
    const params = statement.params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
    return readRows<T>(db, fields, { toSQL: () => ({ sql: statement.sql, params }) }, name);
  };
}

const dialect = new PgDialect();

/** The connection a transaction runs on (drizzle's node-postgres session holds it). */
const clientOf = (tx: Tx) =>
  (tx as unknown as { session: { client: pg.PoolClient } }).session.client;

/**
 * A statement whose SQL is built once per database (its values as `sql.placeholder`s) and runs
 * as the prepared statement `name`, planned once per connection (ADR 016): for the writes and
 * reads the busiest requests send, which then cost neither drizzle's building of a long text
 * nor PostgreSQL's parsing and planning of it on every request. Its rows come as raw objects,
 * dates and instants as text, as `db.execute` gives them (decode them with `rowDecoder`).
 * `name` must differ for each different SQL text.
 */
export function preparedStatement(db: Db, name: string, build: () => SQL) {
  const statement = preparedOnce(db, name, () => dialect.sqlToQuery(build()));
  /** runs it with `values` for its placeholders, on the pool or in transaction `tx` */
  return async <R extends Record<string, unknown>>(values: Record<string, unknown>, tx?: Tx) => {
    const params = statement.params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
    const result = await (tx ? clientOf(tx) : poolOf(db)).query<R>(
      { name, text: statement.sql, types: rawTextTypes },
      params,
    );
    return result.rows;
  };
}

/**
 * A decoder of raw rows of `table` (every column, by its SQL name, as `returning *` or `t.*`
 * gives them) into the object drizzle's own select or `returning()` makes of them.
 */
export function rowDecoder<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return (raw: Record<string, unknown>): T['$inferSelect'] => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of columns) {
      const value = raw[column.name];
      row[field] = value === null || value === undefined ? value : column.mapFromDriverValue(value);
    }
    return row;
  };
}
