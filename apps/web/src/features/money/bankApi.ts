import {
  bankImportJob,
  bankImportPreview,
  bankImportResult,
  bankRow,
  type BankImportJob,
  type BankImportPreview,
  type BankImportResult,
  type BankMapping,
  type BankRow,
} from '@school/contract/bank-import';
import { api } from '@school/contract/paths';
import { z } from 'zod';
import type { Resource } from '../../components/list/types';
import { request } from '../../lib/http';

/** A statement takes the server longer than a form save: the import waits up to 5 minutes. */
const STATEMENT_TIMEOUT_MS = 5 * 60_000;

/** The statement as its bytes (its encoding is the server's to tell) with the mapping, if any. */
function formOf(file: File, mapping: BankMapping | null) {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

/** What an import of the statement would do (docs/money.md, Bank statements); writes nothing. */
export const previewStatement = (
  file: File,
  mapping: BankMapping | null,
): Promise<BankImportPreview> =>
  request(api.bankImport.importPreview, {
    method: 'POST',
    body: formOf(file, mapping),
    schema: bankImportPreview,
    timeoutMs: STATEMENT_TIMEOUT_MS,
  });

/** Imports the statement: a small one within the request, a large one as a job to poll. */
export function importStatement(
  file: File,
  mapping: BankMapping | null,
  skipErrors: boolean,
): Promise<BankImportResult | BankImportJob> {
  const form = formOf(file, mapping);
  form.set('skipErrors', skipErrors ? 'true' : 'false');
  // the fields go before the file part
  form.delete('file');
  form.append('file', file, file.name);
  return request(api.bankImport.import, {
    method: 'POST',
    body: form,
    schema: z.union([bankImportJob, bankImportResult]),
    timeoutMs: STATEMENT_TIMEOUT_MS,
  });
}

export const statementJob = (jobId: string) =>
  request(api.bankImport.importJob(jobId), { schema: bankImportJob });

/** The review list of /payments/unmatched. */
export const unmatchedResource: Resource<BankRow> = {
  path: api.unmatchedPayments,
  list: z.array(bankRow),
  rowLabel: (row) => row.title || row.counterparty,
};
