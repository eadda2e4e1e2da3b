import { z } from 'zod';
import { CURRENCIES } from './bank.js';
import { LOGIN_MAX } from './constants.js';
import { role } from './users.js';

export { LOGIN_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';

export const loginRequest = z
  .object({
    login: z.string().min(1).max(LOGIN_MAX),
    password: z.string().min(1).max(1024),
    timeZone: z.string().max(100).optional(),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequest>;

/** What the login and the session check answer: docs/api.md, Session calls (imie, nazwisko). */
export const sessionUser = z
  .object({
    id: z.number().int(),
    imie: z.string(),
    nazwisko: z.string(),
    login: z.string(),
    timeZone: z.string(),
    /** what the user may do (docs/roles.md), as it is now */
    role,
    /** the school's currency (School details), in which every screen writes amounts */
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionItem = z
  .object({
    id: z.number().int(),
    device: z.string(),
    timezone: z.string(),
    lastActivity: z.string(),
    createdAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type SessionItem = z.infer<typeof sessionItem>;

/** GET /api/health (docs/api.md, Operations): what a load balancer or a monitor reads. */
export const healthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['up', 'down']),
    /** the server's package version */
    version: z.string(),
    /** seconds since this instance started */
    uptimeS: z.number().int().nonnegative(),
    /** the newest finished backup's time, null before the first (ADR 028) */
    lastBackupAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponse>;
