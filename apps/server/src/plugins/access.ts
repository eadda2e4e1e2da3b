import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@school/contract/common';
import { HttpError, unauthorized } from './errors.js';
import type { CurrentSession } from './session.js';

/**
 * Access checks as route hooks (docs/architecture.md, Access checks). Resource routes
 * run them on onRequest, so a caller without the right gets 401/403 before the body is read.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.session) {
    request.log.warn({ event: 'auth_refused', ip: request.ip, reason: 'no session' });
    throw unauthorized();
  }
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.session?.isAdmin) {
    request.log.warn({
      event: 'auth_refused',
      ip: request.ip,
      userId: request.session?.userId,
      reason: 'not an admin',
    });
    throw new HttpError(403, errorCodes.forbidden, 'Only an admin can do this');
  }
}

/** The session of a request that passed requireUser. */
export function sessionOf(request: FastifyRequest): CurrentSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
