import type { TFunction } from 'i18next';
import { errorCodes, type ErrorBody } from '@school/contract/common';
import { HttpError, TimeoutError } from '../../lib/http';

/**
 * What the import dialog says when the server refused or failed. A refused file (400: not CSV,
 * no firstName column, rows with errors; 413: too large) is explained in the server's own words;
 * null: say nothing, a 401 is already on its way to /login.
 */
export function importFailureText(error: unknown, t: TFunction): string | null {
  if (error instanceof TimeoutError) return t('messages.timeout');
  if (!(error instanceof HttpError)) return t('messages.error');
  if (error.status === 401) return null;
  if (error.status === 403) return t('messages.forbidden');
  if (error.status === 429 && error.body?.error === errorCodes.importRunning) {
    return t('import.busy');
  }
  const message = error.body?.message;
  if ((error.status === 400 || error.status === 413) && message) return message;
  return t('messages.error');
}

/** What the dialog says when an import job failed: a refused file in the server's words. */
export function jobFailureText(error: ErrorBody | undefined, t: TFunction): string {
  return error?.error === errorCodes.validation ? error.message : t('messages.error');
}

/**
 * What the dialog says when the poll of a running job failed. 404: the server no longer knows
 * the job, as jobs live in its memory and it was restarted (docs/operations.md, Stopping).
 */
export function jobPollFailureText(error: unknown, t: TFunction): string | null {
  if (error instanceof HttpError && error.status === 404) return t('import.jobLost');
  return importFailureText(error, t);
}
