import { HttpError, NetworkError, readErrorBody, TimeoutError } from '../../lib/http';
import { requestTimeoutMs } from '../../lib/requestTimeout';
import type { MessageKey } from '../form/formStatus';

/**
 * The text of a CSV file the server builds (GET, session cookie). The JSON wrapper cannot read
 * it, so this asks by itself with the same time-out and the same errors; `onUnauthorized` is the
 * wrapper's 401 rule (docs/api.md, Error catalogue: the session is gone, go to /login).
 */
export async function fetchServerCsv(url: string, onUnauthorized: () => void): Promise<string> {
  const timeout = AbortSignal.timeout(requestTimeoutMs());
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: { Accept: 'text/csv' },
      signal: timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError();
    throw new NetworkError(error);
  }
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw new HttpError(response.status, await readErrorBody(response));
  }
  // text() drops the server's byte order mark; the download adds one back.
  return response.text();
}

/** What the alert says when an export fails; null: no alert (401 is on its way to /login). */
export function exportFailureMessage(error: unknown): MessageKey | null {
  if (error instanceof TimeoutError) return 'messages.timeout';
  if (error instanceof HttpError && error.status === 401) return null;
  if (error instanceof HttpError && error.status === 403) return 'messages.forbidden';
  return 'messages.error';
}
