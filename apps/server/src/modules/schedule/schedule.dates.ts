/**
 * Calendar dates (YYYY-MM-DD) without a time of day: lessons are wall-clock times of the
 * school, so only "which day is today" depends on a time zone; the rest is day arithmetic that
 * a change to or from summer time cannot shift.
 */

const DAY_MS = 86_400_000;

/** One date formatter per valid time zone, made once (making one costs more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(tz: string) {
  let formatter = formatters.get(tz);
  if (!formatter) {
    // throws on a zone that does not exist, which is then not kept
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // zone names take any letter case: the kept ones stay few whatever is asked
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(tz, formatter);
  }
  return formatter;
}

export function isTimeZone(tz: string) {
  try {
    formatterOf(tz);
    return true;
  } catch {
    return false;
  }
}

/** The date it is at `now` in time zone `tz`. */
export function todayIn(tz: string, now: Date = new Date()) {
  const parts = formatterOf(tz).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** One wall-clock formatter per time zone: the time of day, 00:00:00 to 23:59:59. */
const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The date and the time of day (HH:MM:SS) it is at `now` in time zone `tz`: "now" as the
 * school's wall clock, the clock its lesson times are given in (ADR 035).
 */
export function wallClockIn(tz: string, now: Date = new Date()) {
  let clock = clocks.get(tz);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (clocks.size >= 1000) clocks.clear();
    clocks.set(tz, clock);
  }
  return { date: todayIn(tz, now), time: clock.format(now) };
}

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromMs(toMs(date) + days * DAY_MS);

export const daysBetween = (from: string, to: string) =>
  Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** 1 Monday … 7 Sunday. */
export const dayOfWeek = (date: string) => ((new Date(toMs(date)).getUTCDay() + 6) % 7) + 1;

export const mondayOf = (date: string) => addDays(date, 1 - dayOfWeek(date));

/** Every date from `from` to `to`, both included. */
export const datesFrom = (from: string, to: string) =>
  Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));

/** The Monday–Sunday week `bias` weeks from the one holding today in `tz` (docs/schedule.md). */
export function weekOf(bias: number, tz: string, now: Date = new Date()) {
  const from = addDays(mondayOf(todayIn(tz, now)), bias * 7);
  return { from, to: addDays(from, 6) };
}

/** The first date on or after `from` that falls on `day` (1 Monday … 7 Sunday). */
export const nextWeekday = (from: string, day: number) =>
  addDays(from, (day - dayOfWeek(from) + 7) % 7);
