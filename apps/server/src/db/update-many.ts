import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/**
 * Updates many rows of `table` in one statement, each with its own columns (a column left
 * undefined keeps its value): the rows go as one jsonb parameter, read with
 * jsonb_array_elements.
 */
export async function updateMany<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  rows: { id: number; columns: Partial<T['$inferSelect']> }[],
) {
  if (rows.length === 0) return;
  const columns = table as unknown as Record<string, PgColumn>;
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.columns)))].filter((name) =>
    rows.some((r) => (r.columns as Record<string, unknown>)[name] !== undefined),
  );
  if (names.length === 0) return;
  const sets = names.map((name) => {
    const column = columns[name];
    if (!column) throw new Error(`no column ${name}`);
    const value = sql.raw(`(r.j->>'${name}')::${column.getSQLType()}`);
    return sql`${sql.identifier(column.name)} = case when r.j ? ${name} then ${value} else c.${sql.identifier(column.name)} end`;
  });
  const json = rows.map(({ id, columns }) => ({ ...columns, id }));
  await tx.execute(sql`update ${table} as c set ${sql.join(sets, sql`, `)}
    from jsonb_array_elements(${sql.param(JSON.stringify(json))}::jsonb) as r(j)
    where c.id = (r.j->>'id')::int`);
}
