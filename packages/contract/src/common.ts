import { z } from 'zod';

/** The JSON body of every failure (DESIGN.md §2). */
export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

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
  internal: 'internal',
} as const;

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof idParam>;

/** Paging for every list; the total count goes in the X-Total-Count header. */
export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
