/**
 * The contract's plain values (header names, error codes, limits), without zod: the web app
 * reads them before its first render, and zod is not part of that download (docs/quality.md).
 * common.ts and auth.ts re-export them beside their schemas.
 */

export const errorCodes = {
  validation: 'validation',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  xsrf: 'xsrf',
  notFound: 'not_found',
  linked: 'linked',
  tooLarge: 'too_large',
  tooManyAttempts: 'too_many_attempts',
  unavailable: 'unavailable',
  conflict: 'conflict',
  importRunning: 'import_running',
  backupRunning: 'backup_running',
  internal: 'internal',
} as const;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * Sent as '1' beside X-Total-Count when the count stopped at a cap (a free-text search counts at
 * most TOTAL_COUNT_CAP rows): there are more rows than the number says.
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';
export const TOTAL_COUNT_CAP = 10_000;

export const EMAIL_MESSAGE = 'The email is not correct format !';

/** Passwords: 8 to 128 characters, no composition rules (docs/api.md, Passwords). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const LOGIN_MAX = 100;
