import { readStored } from './storage';

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** localStorage key that overrides the time-out (browser tests set a short one). */
export const REQUEST_TIMEOUT_STORAGE_KEY = 'requestTimeoutMs';

/**
 * The "timeout" status (docs/interface.md, Form status): 30 s by default; read on every request
 * so a change in localStorage applies to the next call without a reload.
 */
export function requestTimeoutMs(): number {
  const stored = Number(readStored(REQUEST_TIMEOUT_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_REQUEST_TIMEOUT_MS;
}
