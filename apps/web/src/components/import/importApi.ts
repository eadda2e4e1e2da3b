import {
  csvImport,
  importJob,
  importPreview,
  importResult,
  type ImportJob,
  type ImportPreview,
  type ImportResult,
} from '@school/contract/imports';
import type { CsvPaths } from '@school/contract/paths';
import { z } from 'zod';
import { request } from '../../lib/http';
import { readStored } from '../../lib/storage';
import { REQUEST_TIMEOUT_STORAGE_KEY } from '../../lib/requestTimeout';

/** The contract's limit on the file's text (csvImport.csv): refused before it is sent. */
export const IMPORT_MAX_CHARS = csvImport.shape.csv.maxLength ?? Number.POSITIVE_INFINITY;
export const IMPORT_MAX_MB = Math.round(IMPORT_MAX_CHARS / (1024 * 1024));
/** UTF-8 takes at most 4 bytes a character: a file larger than this is over, unread. */
export const IMPORT_MAX_BYTES = IMPORT_MAX_CHARS * 4;
/**
 * A file of many thousand rows takes the server longer than a form save, so the import waits
 * up to 5 minutes, unless a browser test set its own (short) time-out.
 */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

function importTimeoutMs(): number {
  const stored = Number(readStored(REQUEST_TIMEOUT_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : IMPORT_TIMEOUT_MS;
}

/** Reads the file on the server and says what an import would do; writes nothing. */
export function previewImport(paths: CsvPaths, csv: string): Promise<ImportPreview> {
  return request(paths.importPreview, {
    method: 'POST',
    body: { csv },
    schema: importPreview,
    timeoutMs: importTimeoutMs(),
  });
}

/**
 * Writes the file's rows (all of them or, with skipErrors, the valid ones). A small file is
 * imported within the request (the result); a large one starts a job to poll (ADR 012). The
 * file's name goes along for the record history (docs/history.md).
 */
export function runImport(
  paths: CsvPaths,
  csv: string,
  skipErrors: boolean,
  fileName?: string,
): Promise<ImportResult | ImportJob> {
  return request(paths.import, {
    method: 'POST',
    body: fileName ? { csv, skipErrors, fileName } : { csv, skipErrors },
    schema: z.union([importJob, importResult]),
    timeoutMs: importTimeoutMs(),
  });
}

/** How often the dialog asks how far a running import is. */
export const IMPORT_POLL_MS = 500;

/** How far a running import is, or how it ended. */
export function importJobStatus(paths: CsvPaths, jobId: string): Promise<ImportJob> {
  return request(paths.importJob(jobId), { schema: importJob });
}
