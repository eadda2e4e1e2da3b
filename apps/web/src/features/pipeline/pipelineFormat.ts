/** Formatting for the board, in the chosen language (DESIGN §3). */

/** A 0-100 probability as a percentage in the chosen language's style ("40%", "40 %"). */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  );
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type TimeInStage =
  { unit: 'days'; count: number } | { unit: 'hours'; count: number } | { unit: 'justNow' };

/** How long a client has been in its stage, in whole days, else whole hours, else "just now". */
export function timeInStage(stageChangedAt: string, now: number): TimeInStage | null {
  const since = Date.parse(stageChangedAt);
  if (Number.isNaN(since)) return null;
  const elapsed = Math.max(0, now - since);
  if (elapsed >= DAY_MS) return { unit: 'days', count: Math.floor(elapsed / DAY_MS) };
  if (elapsed >= HOUR_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  return { unit: 'justNow' };
}

export function fullName(client: { firstName: string; lastName: string }): string {
  return `${client.firstName} ${client.lastName}`.trim();
}
