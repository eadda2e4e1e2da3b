import { HttpError, TimeoutError } from '../../lib/http';
import type { MessageKey } from '../form/formStatus';

/**
 * What the alert says when a delete fails. The product gives one text (docs/interface.md, Messages) for every failed delete (the
 * row is probably linked to others); the server's more precise refusals get their own words.
 * null: no alert (the 401 handler is already on its way to /login; a 404 row is gone anyway).
 */
export function deleteFailureMessage(error: unknown): MessageKey | null {
  if (error instanceof TimeoutError) return 'messages.timeout';
  if (!(error instanceof HttpError)) return 'messages.deleteLinked';
  if (error.status === 401 || error.status === 404) return null;
  if (error.status === 403) return 'messages.forbidden';
  if (error.status === 409 && error.body?.error === 'self') return 'messages.deleteSelf';
  if (error.status === 409 && error.body?.error === 'last_admin') return 'messages.lastAdmin';
  return 'messages.deleteLinked';
}
