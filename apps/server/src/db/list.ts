import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { TOTAL_COUNT_CAP } from '@school/contract/common';

/** `name` ascending, `-name` descending, over a whitelist of sortable columns; id breaks ties. */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
  id: AnyColumn,
): SQL[] {
  const key = sort ?? fallback;
  const descending = key.startsWith('-');
  const column = columns[descending ? key.slice(1) : key] ?? columns[fallback] ?? id;
  return [descending ? desc(column) : asc(column), asc(id)];
}

/**
 * An instant (timestamptz) as JSON text the way Date.toISOString writes it: UTC, milliseconds
 * (the microseconds cut, as a Date holds them), a Z; null stays null (ADR 052).
 */
export const isoInstant = (column: AnyColumn | SQL) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Case-insensitive "contains" over the given text columns; LIKE wildcards typed by users are literal. */
export function searchOver(search: string | undefined, columns: (AnyColumn | SQL)[]) {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

export interface ListQuery {
  search?: string | undefined;
  sort?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Selected alongside the rows: the count of all rows matching, ignoring limit and offset. A
 * scalar subquery runs once and lets the page itself stop after `limit` rows of an index scan
 * (count(*) over() would build every matching row first).
 */
export const totalOf = (table: AnyPgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})::int`;

/**
 * Like totalOf, but counts at most `cap + 1` rows: a search matching most of a big table stops
 * early. A result above `cap` means "more than cap" (see cappedTotal).
 */
export const cappedTotalOf = (table: AnyPgTable, where: SQL | undefined, cap = TOTAL_COUNT_CAP) =>
  sql<number>`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap + 1}) capped)::int`;

/** A count from cappedTotalOf as the page answers it: at most `cap`, and whether it stopped. */
export const cappedTotal = (counted: number, cap = TOTAL_COUNT_CAP) =>
  counted > cap ? { total: cap, capped: true } : { total: counted };
