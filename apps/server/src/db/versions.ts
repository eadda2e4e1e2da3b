/**
 * Record versions (ADR 038): the check a write makes on the row it has locked, in its own
 * transaction, so a save made on an older version changes nothing.
 */

/** Thrown inside a write's transaction when the row is not at the version sent: it rolls back. */
export class VersionConflict extends Error {
  constructor(readonly current: number) {
    super('version conflict');
  }
}

/** The version an update body sent, if any. */
export const versionSent = (input: unknown): number | undefined => {
  const version = (input as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
};

/** Throws VersionConflict when `sent` is given and the (locked) row is at another version. */
export function checkVersion(row: { version: number }, sent: number | undefined): void {
  if (sent !== undefined && row.version !== sent) throw new VersionConflict(row.version);
}
