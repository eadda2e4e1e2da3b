/** Formatting for the board, in the chosen language (docs/interface.md, Languages). */

/** A 0-100 probability as a percentage in the chosen language's style ("40%", "40 %"). */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  );
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type TimeInStage = {
  unit: 'days' | 'hours' | 'minutes' | 'justNow';
  count: number;
  /** The moment the time is counted from (ISO), for the card's <time dateTime>. */
  since: string;
};

function parsed(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * How long a client has been in its stage: whole days, else hours, else minutes; "just now"
 * only under a minute. Without a stage change on record, the client has been in its stage
 * since it was created.
 */
export function timeInStage(
  client: { stageChangedAt?: string | null; createdAt?: string | null },
  now: number,
): TimeInStage | null {
  const changed = parsed(client.stageChangedAt);
  const created = parsed(client.createdAt);
  const start = changed ?? created;
  if (start === null) return null;
  const since = (changed !== null ? client.stageChangedAt : client.createdAt) ?? '';
  const elapsed = Math.max(0, now - start);
  if (elapsed >= DAY_MS) return { unit: 'days', count: Math.floor(elapsed / DAY_MS), since };
  if (elapsed >= HOUR_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS), since };
  if (elapsed >= MINUTE_MS) {
    return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS), since };
  }
  return { unit: 'justNow', count: 0, since };
}

export function fullName(client: { firstName: string; lastName: string }): string {
  return `${client.firstName} ${client.lastName}`.trim();
}
