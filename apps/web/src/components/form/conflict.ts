import { HttpError } from '../../lib/http';

/**
 * A save made on an older version of the record (docs/api.md, Versions and conflicts; ADR 038):
 * the fields changed since, who changed them last (null: not a staff member) and when.
 */
export interface VersionConflict {
  changed: string[];
  by: string | null;
  at: string | null;
}

/** The conflict a failed save reports, or null when it failed otherwise. */
export function versionConflictOf(error: unknown): VersionConflict | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  if (error.body?.error !== 'conflict') return null;
  const raw = error.raw as { changed?: unknown; by?: unknown; at?: unknown } | null;
  if (!raw || !Array.isArray(raw.changed)) return null;
  return {
    changed: raw.changed.filter((field): field is string => typeof field === 'string'),
    by: typeof raw.by === 'string' ? raw.by : null,
    at: typeof raw.at === 'string' ? raw.at : null,
  };
}

/** The version of a record as the API answers it (every edited record has one), if any. */
export function versionOf(record: unknown): number | undefined {
  const version = (record as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
}
