import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The backup file (ADR 028): a gzip'd tar of `tables/<schema>.<table>.<part>.copy` entries
 * (PostgreSQL's COPY text format, a table split into parts of at most PART_BYTES because a tar
 * header states its entry's size before the data) followed by `manifest.json`, which lists
 * every part with its length and SHA-256.
 */
export const FORMAT = 'school-office-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** The most bytes of one table held in memory before they go to the file as one tar entry. */
export const PART_BYTES = 1024 * 1024;
/** A manifest larger than this is not one the backup command wrote. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** backup-2026-11-26T13-05-09Z-m0013.tar.gz: the snapshot's time (UTC) and migration number. */
export const BACKUP_NAME =
  /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z-m(\d{4,6})\.tar\.gz$/;

export function backupName(at: Date, migration: number): string {
  const time = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `backup-${time}-m${String(migration).padStart(4, '0')}.tar.gz`;
}

/** The snapshot's time and migration number a backup's name carries, or undefined. */
export function parseBackupName(name: string): { createdAt: Date; migration: number } | undefined {
  const m = BACKUP_NAME.exec(name);
  if (!m) return undefined;
  const createdAt = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  if (Number.isNaN(createdAt.getTime())) return undefined;
  return { createdAt, migration: Number(m[5]) };
}

/** The name a backup is written under until it is complete: never matches BACKUP_NAME. */
export const partialName = (name: string) => `.${name}.partial`;

const part = z.object({
  entry: z.string().regex(/^tables\/[^/]+\.\d{4,}\.copy$/),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  postgresVersion: z.string(),
  migration: z.object({
    number: z.number().int().min(0),
    tag: z.string(),
    journal: z.array(z.object({ idx: z.number().int(), tag: z.string(), when: z.number() })),
  }),
  /** in dependency order: a table comes after the tables its foreign keys point at */
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      rows: z.number().int().min(0),
      parts: z.array(part),
    }),
  ),
  sequences: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      value: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest['tables'][number];

export const partEntry = (schema: string, table: string, index: number) =>
  `tables/${schema}.${table}.${String(index).padStart(4, '0')}.copy`;

/** The server's version, from its package.json (the same path from src/ and dist/). */
export function appVersion(): string {
  try {
    const file = new URL('../../../package.json', import.meta.url);
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
    return version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A backup file that cannot be restored: damaged, incomplete, or not a backup at all. */
export class BackupFileError extends Error {}

/** A restore refused before anything was written (data present, server running...). */
export class RestoreRefused extends Error {}
