import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A time on the school's wall clock (a timestamp without zone, such as a participation's kept
 * end) as an instant, the same way as `lessonInstant` below reads a date and a clock time.
 */
export const wallClockInstant = (wallClock: SQLWrapper, schoolZone: string): SQL =>
  sql`(${wallClock} at time zone ${schoolZone})`;

/**
 * The one way a lesson's date and clock time become an instant (docs/api.md, Instants): both
 * are the school's wall clock, so they are read in the school's time zone (BOT_TIMEZONE), by
 * PostgreSQL's time zone data, never labelled UTC. Across a change of summer time it is
 * deterministic (ADR 035): a clock time the spring change skips is read with the offset before
 * the change (03:30 in Kyiv on the last Sunday of March is 01:30Z, 04:30 summer time); one the
 * autumn change repeats is the second, standard-time one (03:30 on the last Sunday of October
 * is 01:30Z).
 */
export const lessonInstant = (date: SQLWrapper, time: SQLWrapper, schoolZone: string): SQL =>
  wallClockInstant(sql`(${date} + ${time})`, schoolZone);
