import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import {
  appliedMigration,
  listSequences,
  listTables,
  localMigrations,
  qualified,
  quoteIdent,
} from './catalog.js';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  PART_BYTES,
  appVersion,
  backupName,
  partEntry,
  partialName,
  type Manifest,
  type ManifestTable,
} from './format.js';

export interface BackupProgress {
  tablesDone: number;
  tablesTotal: number;
  /** bytes of table data read so far (before compression) */
  bytes: number;
}

export interface WrittenBackup {
  name: string;
  file: string;
  size: number;
  createdAt: Date;
  manifest: Manifest;
}

export interface BackupOptions {
  onProgress?: (progress: BackupProgress) => void;
  /** the clock, for tests */
  now?: () => Date;
  /** the most bytes of a table in one tar entry (tests make it small) */
  partBytes?: number;
  /** called inside the transaction once its snapshot is taken (tests export it) */
  onSnapshot?: (client: pg.ClientBase) => Promise<void>;
  /** the temporary file about to be written (a process that runs the backup removes it if killed) */
  onPartial?: (file: string) => void;
}

/** A backup of this second is in the folder already: wait for the next second (names differ). */
async function nextFreeSecond(dir: string, now: () => Date): Promise<void> {
  for (;;) {
    const prefix = backupName(now(), 0).slice(0, 'backup-2026-11-26T13-05-09Z'.length);
    const names = await fs.readdir(dir);
    if (!names.some((n) => n.startsWith(prefix) || n.startsWith(`.${prefix}`))) return;
    await new Promise((r) => setTimeout(r, 1_000 - (now().getTime() % 1_000) + 5));
  }
}

/**
 * One tar entry of a known length, its chunks written as the archive takes them
 * (backpressure); resolved once the archive has the whole entry.
 */
async function addEntry(pack: tar.Pack, name: string, chunks: Buffer[], size: number) {
  let settle!: (err?: Error | null) => void;
  const added = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve());
  });
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, settle);
  for (const chunk of chunks) {
    if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), added]);
  }
  (entry as NodeJS.WritableStream).end();
  await added;
}

/**
 * Writes a backup of the whole database into `dir` (ADR 028): one REPEATABLE READ, READ ONLY
 * transaction, so every table is read as of the same moment; each table streamed with
 * COPY ... TO STDOUT into a gzip'd tar, at most PART_BYTES of it in memory at once. The file is
 * written under a hidden temporary name, flushed to disk and only then given its name, so a
 * half-written backup is never listed. `client` is a connection of its own, without a
 * statement timeout; the caller holds the backup lock.
 */
export async function writeBackup(
  client: pg.ClientBase,
  dir: string,
  {
    onProgress,
    now = () => new Date(),
    onSnapshot,
    onPartial,
    partBytes = PART_BYTES,
  }: BackupOptions = {},
): Promise<WrittenBackup> {
  await fs.mkdir(dir, { recursive: true });
  await nextFreeSecond(dir, now);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  let partial: string | undefined;
  let copying: { destroy: () => void } | undefined;
  let pack: tar.Pack | undefined;
  try {
    // the first query takes the snapshot every later read sees
    const { rows } = await client.query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    );
    // to the second, as the name says it (the list and /api/health read it from the name)
    const createdAt = new Date(Math.floor(now().getTime() / 1_000) * 1_000);
    await onSnapshot?.(client);
    const migrations = localMigrations();
    const applied = await appliedMigration(client, migrations);
    if (!applied) throw new Error('the database has no schema yet: there is nothing to back up');
    const tables = await listTables(client);
    const sequences = [];
    for (const seq of await listSequences(client)) {
      const { rows: values } = await client.query<{ value: string; is_called: boolean }>(
        `SELECT last_value::text AS value, is_called FROM ${qualified(seq)}`,
      );
      const value = values[0];
      if (value) sequences.push({ ...seq, value: value.value, isCalled: value.is_called });
    }

    const name = backupName(createdAt, applied.idx);
    const file = path.join(dir, name);
    partial = path.join(dir, partialName(name));
    onPartial?.(partial);
    const archive = tar.pack();
    pack = archive;
    const written = pipeline(
      archive,
      createGzip({ level: 6 }),
      createWriteStream(partial, { mode: 0o600 }),
    );
    written.catch(() => undefined); // awaited below; a failure there also ends the loop

    const progress: BackupProgress = { tablesDone: 0, tablesTotal: tables.length, bytes: 0 };
    onProgress?.({ ...progress });
    const entries: ManifestTable[] = [];
    for (const table of tables) {
      const columns = table.columns.map((c) => quoteIdent(c.name)).join(', ');
      const stream = client.query(copyTo(`COPY ${qualified(table)} (${columns}) TO STDOUT`));
      copying = stream;
      const parts: ManifestTable['parts'] = [];
      let held: Buffer[] = [];
      let heldBytes = 0;
      const flush = async () => {
        const chunks = held;
        const bytes = heldBytes;
        held = [];
        heldBytes = 0;
        const entry = partEntry(table.schema, table.name, parts.length);
        const hash = createHash('sha256');
        for (const chunk of chunks) hash.update(chunk);
        parts.push({ entry, bytes, sha256: hash.digest('hex') });
        // a failed write ends the archive: stop waiting for it to take the entry
        await Promise.race([addEntry(archive, entry, chunks, bytes), written]);
      };
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        let rest = chunk;
        while (heldBytes + rest.length >= partBytes) {
          const take = partBytes - heldBytes;
          held.push(rest.subarray(0, take));
          heldBytes += take;
          rest = rest.subarray(take);
          await flush();
        }
        if (rest.length > 0) {
          held.push(rest);
          heldBytes += rest.length;
        }
        progress.bytes += chunk.length;
        onProgress?.({ ...progress });
      }
      if (heldBytes > 0 || parts.length === 0) await flush();
      copying = undefined;
      entries.push({ ...table, rows: stream.rowCount, parts });
      progress.tablesDone += 1;
      onProgress?.({ ...progress });
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      appVersion: appVersion(),
      postgresVersion: rows[0]?.version ?? 'unknown',
      migration: {
        number: applied.idx,
        tag: applied.tag,
        journal: migrations
          .filter((m) => m.idx <= applied.idx)
          .map(({ idx, tag, when }) => ({ idx, tag, when })),
      },
      tables: entries,
      sequences,
    };
    const manifestData = Buffer.from(JSON.stringify(manifest, null, 1));
    await Promise.race([
      addEntry(archive, MANIFEST_ENTRY, [manifestData], manifestData.length),
      written,
    ]);
    archive.finalize();
    await written;
    await client.query('COMMIT');

    const handle = await fs.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    // link, unlike rename, never replaces a backup of the same name
    await fs.link(partial, file);
    await fs.rm(partial, { force: true });
    partial = undefined;
    const { size } = await fs.stat(file);
    return { name, file, size, createdAt, manifest };
  } catch (err) {
    // a COPY cut short leaves the connection unusable: the caller ends it, which rolls back
    if (copying) copying.destroy();
    else await client.query('ROLLBACK').catch(() => undefined);
    pack?.destroy(); // closes the partial file
    if (partial) await fs.rm(partial, { force: true }).catch(() => undefined);
    throw err;
  }
}
