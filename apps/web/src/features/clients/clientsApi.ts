import {
  client,
  clientImport,
  importJob,
  importPreview,
  importResult,
  type Client,
  type ImportJob,
  type ImportPreview,
  type ImportResult,
} from '@school/contract/clients';
import { api } from '@school/contract/paths';
import { z } from 'zod';
import type { Resource } from '../../components/list/types';
import { request } from '../../lib/http';
import { readStored } from '../../lib/storage';
import { REQUEST_TIMEOUT_STORAGE_KEY } from '../../lib/requestTimeout';

export const CLIENTS_PATH = api.clients;
/** The server writes the CSV itself: every matching row, with lookup names (not just a page). */
export const CLIENTS_EXPORT_PATH = api.clientsExport;

/** The contract's limit on the file's text (clientImport.csv): refused before it is sent. */
export const IMPORT_MAX_CHARS = clientImport.shape.csv.maxLength ?? Number.POSITIVE_INFINITY;
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

/** How a client is named in titles and row actions: "Anna Nowak", else e-mail, phone or id. */
export function clientName(row: Pick<Client, 'id' | 'firstName' | 'lastName' | 'email' | 'tel'>) {
  const name = `${row.firstName} ${row.lastName}`.trim();
  return name || row.email || row.tel || `#${row.id}`;
}

export const clientsResource: Resource<Client> = {
  path: CLIENTS_PATH,
  list: z.array(client),
  rowLabel: clientName,
  recordName: (row, t) => t('records.client', { name: clientName(row) }),
};

/** What the row's copy action copies: the e-mail, else the phone, else nothing. */
export function copyValue(row: Client): string | null {
  return row.email || row.tel || null;
}

/** Reads the file on the server and says what an import would do; writes nothing. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return request(api.clientsImportPreview, {
    method: 'POST',
    body: { csv },
    schema: importPreview,
    timeoutMs: importTimeoutMs(),
  });
}

/**
 * Writes the file's rows (all of them or, with skipErrors, the valid ones). A small file is
 * imported within the request (the result); a large one starts a job to poll (ADR 012).
 */
export function runImport(csv: string, skipErrors: boolean): Promise<ImportResult | ImportJob> {
  return request(api.clientsImport, {
    method: 'POST',
    body: { csv, skipErrors },
    schema: z.union([importJob, importResult]),
    timeoutMs: importTimeoutMs(),
  });
}

/** How often the dialog asks how far a running import is. */
export const IMPORT_POLL_MS = 500;

/** How far a running import is, or how it ended. */
export function importJobStatus(jobId: string): Promise<ImportJob> {
  return request(api.clientsImportJob(jobId), { schema: importJob });
}
