import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BackupFileError,
  MANIFEST_ENTRY,
  MANIFEST_MAX_BYTES,
  manifestSchema,
  type Manifest,
} from './format.js';

export interface EntrySum {
  bytes: number;
  sha256: string;
}

/** Calls `onEntry` with each tar entry of a gzip'd tar file, one at a time, as a stream. */
export async function readEntries(
  file: string,
  onEntry: (name: string, entry: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => undefined); // awaited below
  try {
    for await (const entry of extract) {
      await onEntry(entry.header.name, entry as AsyncIterable<Buffer>);
    }
  } catch (err) {
    // a damaged gzip stream shows here as the tar's premature end: tell zlib's reason
    const cause = await reading.then(
      () => undefined,
      (e: unknown) => e,
    );
    const code = (cause as { code?: unknown } | undefined)?.code;
    throw typeof code === 'string' && code.startsWith('Z_') ? cause : err;
  }
  await reading;
}

function damaged(file: string, why: string): BackupFileError {
  return new BackupFileError(
    `${file} is not a complete backup (${why}); nothing was restored. ` +
      'Take another copy of the file, or restore an older backup.',
  );
}

/** Why a read of the file failed, in words (zlib's and tar's codes and messages). */
function explain(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EISDIR') return 'a folder, not a file';
  if (e.code === 'Z_BUF_ERROR' || /unexpected end/i.test(e.message ?? '')) {
    return 'it ends too early: truncated';
  }
  if (e.code === 'Z_DATA_ERROR') {
    return /header check/i.test(e.message ?? '')
      ? 'not a gzip file'
      : `damaged compressed data: ${e.message ?? ''}`;
  }
  return e.message ?? String(err);
}

/**
 * Reads the whole file before anything is written (ADR 028): the gzip stream and its checksum,
 * every tar entry, the manifest, and each table part's length and SHA-256 against the
 * manifest. Answers the manifest; a damaged, truncated or foreign file is a BackupFileError.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const sums = new Map<string, EntrySum>();
  let manifestText: string | undefined;
  try {
    await readEntries(file, async (name, entry) => {
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of entry) {
          size += chunk.length;
          if (size > MANIFEST_MAX_BYTES) throw new Error('the manifest is too large');
          chunks.push(chunk);
        }
        manifestText = Buffer.concat(chunks).toString('utf8');
        return;
      }
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of entry) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      sums.set(name, { bytes, sha256: hash.digest('hex') });
    });
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw damaged(file, explain(err));
  }
  if (manifestText === undefined) throw damaged(file, 'it has no manifest');
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw damaged(file, 'its manifest is not one this version reads');
  }
  const listed = new Set<string>();
  for (const table of manifest.tables) {
    for (const part of table.parts) {
      listed.add(part.entry);
      const sum = sums.get(part.entry);
      if (!sum) throw damaged(file, `${part.entry} is missing`);
      if (sum.bytes !== part.bytes) {
        throw damaged(
          file,
          `${part.entry} has ${sum.bytes} bytes, the manifest says ${part.bytes}`,
        );
      }
      if (sum.sha256 !== part.sha256) throw damaged(file, `${part.entry} fails its checksum`);
    }
  }
  for (const name of sums.keys()) {
    if (!listed.has(name)) throw damaged(file, `${name} is not in the manifest`);
  }
  return manifest;
}
